/** Line counts for the review: how many lines a change added and removed. */

/**
 * Added and removed line counts: common head and tail trimmed, then an LCS over what is left
 * (bounded; a very large middle is counted as replaced whole).
 */
export function countLineChanges(before: string, after: string): { additions: number; deletions: number } {
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  const common = n * m <= 4_000_000 ? lcsLength(a.slice(start, endA), b.slice(start, endB)) : 0;
  return { additions: m - common, deletions: n - common };
}

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
function lines(text: string): string[] {
  if (text === "") return [];
  const all = text.split("\n");
  if (all.at(-1) === "") all.pop();
  return all;
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}
