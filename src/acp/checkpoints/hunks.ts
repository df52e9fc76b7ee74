/**
 * The hunks of a change, line by line, for Keep per hunk in the review diff: keeping a hunk moves it
 * into the review's baseline (the checkpoint's text with that hunk of the file taken over), so it no
 * longer shows as the agent's change and Undo leaves it. Lines keep their own endings ("\r\n" stays
 * "\r\n", a last line without a newline stays so): what a baseline is rebuilt from comes back byte
 * for byte.
 */

/** One changed region: lines [beforeStart, beforeEnd) of the baseline became [afterStart, afterEnd) of the file. */
export interface Hunk {
  readonly beforeStart: number;
  readonly beforeEnd: number;
  readonly afterStart: number;
  readonly afterEnd: number;
}

/** Above this many cells (middle lines before × after), the changed middle is one hunk (no LCS). */
const MAX_CELLS = 4_000_000;

/** Lines with their endings: "a\r\nb" → ["a\r\n", "b"]. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The hunks turning `before` into `after`, in order (an LCS over the lines between the common head and tail). */
export function lineHunks(before: string, after: string): Hunk[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let endA = a.length;
  let endB = b.length;
  while (endA > head && endB > head && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  if (head === endA && head === endB) return [];
  const n = endA - head;
  const m = endB - head;
  if (n * m > MAX_CELLS) return [{ beforeStart: head, beforeEnd: endA, afterStart: head, afterEnd: endB }];
  // suffix[i][j]: LCS length of a[head+i…endA) and b[head+j…endB).
  const width = m + 1;
  const suffix = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      suffix[i * width + j] =
        a[head + i] === b[head + j]
          ? suffix[(i + 1) * width + j + 1]! + 1
          : Math.max(suffix[(i + 1) * width + j]!, suffix[i * width + j + 1]!);
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: { i: number; j: number } | undefined;
  const close = () => {
    if (open)
      hunks.push({ beforeStart: head + open.i, beforeEnd: head + i, afterStart: head + open.j, afterEnd: head + j });
    open = undefined;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[head + i] === b[head + j]) {
      close();
      i++;
      j++;
    } else {
      open ??= { i, j };
      if (j < m && (i === n || suffix[i * width + j + 1]! >= suffix[(i + 1) * width + j]!)) j++;
      else i++;
    }
  }
  close();
  return hunks;
}

/**
 * The hunk at line `line` (0-based) of the file: one whose new lines include it, or a removal just
 * there (removed lines show between two lines of the file).
 */
export function hunkAt(hunks: readonly Hunk[], line: number): Hunk | undefined {
  return (
    hunks.find((hunk) => hunk.afterStart <= line && line < hunk.afterEnd) ??
    hunks.find(
      (hunk) => hunk.afterStart === hunk.afterEnd && (line === hunk.afterStart || line === hunk.afterStart - 1),
    )
  );
}

/** `before` with `hunk` of `after` taken over: the new baseline once that hunk is kept. */
export function acceptHunk(before: string, after: string, hunk: Hunk): string {
  const a = splitLines(before);
  const b = splitLines(after);
  return [...a.slice(0, hunk.beforeStart), ...b.slice(hunk.afterStart, hunk.afterEnd), ...a.slice(hunk.beforeEnd)].join(
    "",
  );
}
