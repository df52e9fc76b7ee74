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
 * - A block that is one fenced code block and nothing else (streamed code, the common case) is
 *   not scanned: marked reads it as code without parsing inside. Any other block is scanned
 *   whole, code included, since guessing where marked's fences end (after an HTML block, in a
 *   link title) could let hostile lines through unscanned.
 */
export const MAX_BLOCK_CHARS = 100_000;
export const MAX_NESTING = 100;
export const MAX_EMPHASIS_RUNS = 1_000;

export type MarkdownLimit = "size" | "nesting" | "emphasis";

/** marked's fence openers: a backtick fence's info string has no backtick. */
const FENCE_OPEN = /^ {0,3}(?:(`{3,})[^`]*|(~{3,}).*)$/;
/** Lines that may close a fence: a superset of marked's closers (the fence, more fence characters, spaces). */
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[`~ \t]*$/;

/** The first limit `source` is over, or undefined when marked may parse it. */
export function markdownLimitExceeded(markdown: string): MarkdownLimit | undefined {
  if (markdown.length > MAX_BLOCK_CHARS) return "size";
  // Lines as marked reads them: it turns "\r\n" and a lone "\r" into "\n" before parsing.
  const source = markdown.includes("\r") ? markdown.replace(/\r\n?/g, "\n") : markdown;
  if (isOneFencedCodeBlock(source)) return undefined;
  let emphasisRuns = 0;
  for (let lineStart = 0; lineStart <= source.length;) {
    let lineEnd = source.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = source.length;
    if (nestingOf(source, lineStart, lineEnd) > MAX_NESTING) return "nesting";
    emphasisRuns += emphasisRunsIn(source, lineStart, lineEnd);
    if (emphasisRuns > MAX_EMPHASIS_RUNS) return "emphasis";
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/** The block opens a fence on its first line, and nothing follows the line that may close it. */
function isOneFencedCodeBlock(source: string): boolean {
  let lineEnd = source.indexOf("\n");
  if (lineEnd < 0) return false;
  const open = FENCE_OPEN.exec(source.slice(0, lineEnd));
  const fence = open?.[1] ?? open?.[2];
  if (fence === undefined) return false;
  for (let lineStart = lineEnd + 1; lineStart <= source.length; lineStart = lineEnd + 1) {
    lineEnd = source.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = source.length;
    const close = FENCE_CLOSE.exec(source.slice(lineStart, lineEnd))?.[1];
    if (close !== undefined && close[0] === fence[0] && close.length >= fence.length)
      return source.slice(lineEnd).trim() === "";
  }
  return true;
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
