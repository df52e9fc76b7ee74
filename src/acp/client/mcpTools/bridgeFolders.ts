/**
 * The stdio bridge's socket folders: `acp-panel-mcp-<pid>-XXXXXX` in the temp folder, made 0700
 * by mkdtemp. A bridge removes its own folder when disposed, but an extension host that is killed
 * never does; so the first bridge a process starts removes the folders of processes that are gone.
 * Only real folders (never symlinks) owned by this user, named with a pid that no longer runs.
 */
import { lstat, readdir, rm } from "node:fs/promises";
import { join } from "node:path";

const PREFIX = "acp-panel-mcp-";

/** The name prefix (for mkdtemp) of the folders of the process `pid`. */
export function bridgeFolderPrefix(pid: number = process.pid): string {
  return `${PREFIX}${pid}-`;
}

/** Removes stale bridge folders in `temp`; never throws. */
export async function sweepStaleBridgeFolders(temp: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(temp);
  } catch {
    return;
  }
  const uid = process.getuid?.();
  await Promise.all(
    names.map(async (name) => {
      const pid = /^acp-panel-mcp-(\d+)-/.exec(name)?.[1];
      if (pid === undefined || isRunning(Number(pid))) return;
      const folder = join(temp, name);
      try {
        const stat = await lstat(folder);
        if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) return;
        await rm(folder, { recursive: true, force: true });
      } catch {
        // Gone meanwhile, or not ours: nothing to do.
      }
    }),
  );
}

function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
