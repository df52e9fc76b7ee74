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

/** Bytes under `dir` (files only, links not followed); 0 when it does not exist. */
export async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  // Summed after every await (`total += await …` would read `total` before the wait, losing the others' sizes).
  const sizes = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return folderBytes(path);
      return entry.isFile() ? ((await lstat(path).catch(() => undefined))?.size ?? 0) : 0;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Which checkpoints to drop so that about a quarter of the prunable ones go per round (oldest first). */
export function oldestToDrop<T extends { readonly at: number }>(checkpoints: readonly T[]): T[] {
  const byAge = [...checkpoints].sort((a, b) => a.at - b.at);
  const prunable = byAge.slice(0, Math.max(0, byAge.length - KEEP_NEWEST));
  return prunable.slice(0, Math.max(1, Math.ceil(prunable.length / 4)));
}
