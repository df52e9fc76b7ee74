/**
 * Which index file a shadow repository holds now: its inode, size and times. git rewrites an
 * index through a lock file renamed over it, so any write by another process (a second window's
 * checkpoint of the same folder shares the repository) gives another inode. Reading the stamp
 * costs one `stat`, no git process.
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";

/** The stamp of `gitDir`'s index, or undefined when there is none (nothing written yet). */
export async function indexStamp(gitDir: string): Promise<string | undefined> {
  const info = await stat(join(gitDir, "index"), { bigint: true }).catch(() => undefined);
  return info && `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}
