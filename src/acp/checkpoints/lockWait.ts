/**
 * Another git process holding a lock a call needs. Two windows on the same folder share its shadow
 * repository, so one window's checkpoint (staging, `write-tree`, the stat refresh after a turn)
 * can find `index.lock` held by the other's for the tens of milliseconds its git runs. git fails at
 * once in that case, before it changes anything, so the call can wait for the lock to go and run
 * again. A lock that stays (a git that crashed holding it) fails the call after a while, as before.
 */
import { access } from "node:fs/promises";

/** git's message when the lock file it creates already exists (the index's, or a ref's). */
const LOCK_HELD = /Unable to create '([^']+\.lock)': File exists/;
/** How long a call waits, in all, for other processes' locks before failing. */
export const LOCK_WAIT_MS = 5_000;
const LOCK_POLL_MS = 25;

/** The lock file another process holds, as named by a failed git call's `stderr`; undefined otherwise. */
export function heldLock(stderr: string): string | undefined {
  return LOCK_HELD.exec(stderr)?.[1];
}

/**
 * The lock a failed call met when it is the shadow repository's own (under `gitDir`) or that of the
 * call's own index file; undefined otherwise. Only those are waited for: stderr may quote the
 * workspace's file names, which could spell a lock message. git writes `/` on Windows too.
 */
export function repositoryLock(stderr: string, gitDir: string, indexFile?: string): string | undefined {
  const lock = heldLock(stderr);
  if (lock === undefined) return undefined;
  const slashed = (path: string) => path.replace(/\\/g, "/");
  const ours =
    slashed(lock).startsWith(`${slashed(gitDir)}/`) ||
    (indexFile !== undefined && slashed(lock) === `${slashed(indexFile)}.lock`);
  return ours ? lock : undefined;
}

/** Resolves true once `lock` is gone, or false at `deadline` (epoch ms) with it still there. */
export async function lockReleased(lock: string, deadline: number): Promise<boolean> {
  const exists = () =>
    access(lock).then(
      () => true,
      () => false,
    );
  while (await exists()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  return true;
}
