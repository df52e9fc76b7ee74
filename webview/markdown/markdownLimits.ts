/**
 * A cheap, linear pre-scan that decides whether a Markdown block is safe to hand to `marked`.
 *
 * marked parses containers and emphasis recursively: about 2,000 nested `>` or 5,000 nested list
 * markers overflow the stack (a RangeError), and a few thousand nested emphasis delimiters take
 * seconds before they do. Agents relay text from anywhere, so a block over any limit here is never
 * parsed; it is shown as plain text with a note (markdownToHtml.ts).
 *
 * The scan over-estimates on purpose: its only mistake may be showing an odd but harmless block
 * as plain text, never letting a deep one through.
 * - Nesting is measured per line, from the line's container prefix: each `>`, each list marker,
 *   and one level per two columns of leading whitespace (a nested list needs at least two).
 * - Emphasis delimiter runs (`*`, `_`, `~`; not an underscore inside a word) are counted over
 *   the whole block.
 * - Lines inside a fence that opens at column 0 are skipped: such a fence is always top level,
 *   and it closes only at a matching fence line, exactly as marked reads it. Fences that open
 *   indented (maybe inside a container whose end the scan cannot see) are scanned like text.
 */
export const MAX_BLOCK_CHARS = 100_000;
export const MAX_NESTING = 100;
export const MAX_EMPHASIS_RUNS = 1_000;

export type MarkdownLimit = "size" | "nesting" | "emphasis";

const FENCE_AT_COLUMN_0 = /^(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** The first limit `source` is over, or undefined when marked may parse it. */
export function markdownLimitExceeded(source: string): MarkdownLimit | undefined {
  if (source.length > MAX_BLOCK_CHARS) return "size";
  let emphasisRuns = 0;
  let fence: string | undefined;
  let lineStart = 0;
  while (lineStart <= source.length) {
    let lineEnd = source.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = source.length;
    if (fence !== undefined) {
      const close = FENCE_CLOSE.exec(source.slice(lineStart, Math.min(lineEnd, lineStart + 200)))?.[1];
      if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) fence = undefined;
    } else {
      if (nestingOf(source, lineStart, lineEnd) > MAX_NESTING) return "nesting";
      emphasisRuns += emphasisRunsIn(source, lineStart, lineEnd);
      if (emphasisRuns > MAX_EMPHASIS_RUNS) return "emphasis";
      fence = FENCE_AT_COLUMN_0.exec(source.slice(lineStart, Math.min(lineEnd, lineStart + 200)))?.[1];
    }
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/** Container depth suggested by the prefix of the line [start, end): quotes, list markers, indentation. */
function nestingOf(text: string, start: number, end: number): number {
  let markers = 0;
  let columns = 0;
  let at = start;
  while (at < end) {
    const char = text[at];
    if (char === " ") {
      columns += 1;
      at += 1;
    } else if (char === "\t") {
      columns += 4;
      at += 1;
    } else if (char === ">") {
      markers += 1;
      at += 1;
    } else {
      const after = listMarkerEnd(text, at, end);
      if (after === undefined) break;
      markers += 1;
      at = after;
    }
  }
  return markers + Math.floor(columns / 2);
}

/** Where a list marker at `at` ends (`-`, `*`, `+`, or 1 to 9 digits then `.` or `)`; then a space or the end), if one is there. */
function listMarkerEnd(text: string, at: number, end: number): number | undefined {
  const char = text[at];
  let after = at;
  if (char === "-" || char === "*" || char === "+") after += 1;
  else {
    while (after < end && after - at < 9 && isDigit(text[after])) after += 1;
    if (after === at || (text[after] !== "." && text[after] !== ")")) return undefined;
    after += 1;
  }
  return after === end || text[after] === " " || text[after] === "\t" ? after : undefined;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

/** Delimiter runs that may open or close emphasis; an underscore inside a word never does. */
function emphasisRunsIn(text: string, start: number, end: number): number {
  let runs = 0;
  for (let at = start; at < end; at++) {
    const char = text[at];
    if (char !== "*" && char !== "_" && char !== "~") continue;
    let after = at + 1;
    while (after < end && text[after] === char) after += 1;
    if (char !== "_" || !isAlphanumeric(text[at - 1]) || !isAlphanumeric(text[after])) runs += 1;
    at = after - 1;
  }
  return runs;
}

function isAlphanumeric(char: string | undefined): boolean {
  return char !== undefined && /^[\p{L}\p{N}]$/u.test(char);
}
