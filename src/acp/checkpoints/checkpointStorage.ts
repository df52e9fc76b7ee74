/**
 * The checkpoints' disk budget: when the shadow repositories of a workspace grow past it, the
 * oldest checkpoints go first (their refs dropped, then `git gc --prune=now`), never the newest
 * few, and whoever took them is told (the transcript of the turn whose checkpoint went says so).
 */
import { readdir, lstat } from "node:fs/promises";
import { join } from "node:path";

export const DEFAULT_CHECKPOINT_BUDGET_MB = 2048;
/** Never pruned, whatever the budget: the checkpoints of the last turns. */
export const KEEP_NEWEST = 5;

/**
 * Bytes under `dir` (files only, links not followed); 0 when it does not exist. One file system
 * request at a time: every turn adds loose objects to a shadow repository (thousands of files
 * after a long day), and a walk that asked for all of them at once queued them all on libuv's
 * thread pool, four threads that the whole extension host shares (every extension's file access;
 * zlib, which compresses each message of a remote window's connection). Run after every turn's
 * checkpoint, that walk held such work back by up to ~100 ms for 4,000 files, just as the agent's
 * reply began.
 */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    let size = 0;
    if (entry.isDirectory()) size = await folderBytes(path);
    else if (entry.isFile()) size = (await lstat(path).catch(() => undefined))?.size ?? 0;
    total += size;
  }
  return total;
}

/** Which checkpoints to drop so that about a quarter of the prunable ones go per round (oldest first). */
export function oldestToDrop<T extends { readonly at: number }>(checkpoints: readonly T[]): T[] {
  const byAge = [...checkpoints].sort((a, b) => a.at - b.at);
  const prunable = byAge.slice(0, Math.max(0, byAge.length - KEEP_NEWEST));
  return prunable.slice(0, Math.max(1, Math.ceil(prunable.length / 4)));
}
