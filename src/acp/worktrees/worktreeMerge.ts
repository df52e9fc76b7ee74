/**
 * Three-way merge of bytes with `git merge-file -p` (by its absolute path), in a private temporary
 * folder. Unlike checkpoints/textMerge.ts (Undo's merge, UTF-8 strings) the bytes go through
 * untouched: a file in Latin-1 or with CRLF comes back in its own encoding and line endings.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { runGitOutcome } from "./worktreeGit";

export interface MergedBytes {
  readonly bytes: Buffer;
  /** Conflict markers were written (labels `workspace`, `base`, `worktree`). */
  readonly conflicted: boolean;
}

/** git's own test (xdiff's buffer_is_binary): a NUL byte in the first 8000 bytes. */
export function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

/** merge-file's exit status is the number of conflicts, capped at 127; errors are negative (255). */
const CONFLICT_CODES = Array.from({ length: 127 }, (_, i) => i + 1);

/** Applies base → theirs to ours. Text only: callers check `looksBinary` first. */
export async function mergeBytes(git: GitExecutable, ours: Buffer, base: Buffer, theirs: Buffer): Promise<MergedBytes> {
  const dir = await mkdtemp(join(tmpdir(), "acp-worktree-merge-"));
  try {
    const [oursPath, basePath, theirsPath] = [join(dir, "workspace"), join(dir, "base"), join(dir, "worktree")];
    await Promise.all([writeFile(oursPath, ours), writeFile(basePath, base), writeFile(theirsPath, theirs)]);
    const { code, stdout } = await runGitOutcome(
      git,
      dir,
      ["merge-file", "-p", "-L", "workspace", "-L", "base", "-L", "worktree", oursPath, basePath, theirsPath],
      { okCodes: CONFLICT_CODES, timeoutMs: 30_000 },
    );
    return { bytes: stdout, conflicted: code !== 0 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
