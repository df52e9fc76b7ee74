/**
 * Tool results as text for the model, bounded: at most MAX_ITEMS lines of items and MAX_CHARS
 * characters in all. What was cut, or left out because it is outside the workspace, is said at
 * the end, so the model knows the list is not complete.
 */
import { isAbsolute, relative, sep } from "node:path";
import type { DiagnosticInfo, Range } from "./editorIntelligence";

export const MAX_ITEMS = 200;
export const MAX_CHARS = 20_000;

export interface ToolText {
  readonly text: string;
  readonly truncated: boolean;
}

/** `path` relative to the root that holds it (`a/b.ts`), else as it is. */
export function displayPath(path: string, roots: readonly string[]): string {
  for (const root of roots) {
    const rel = relative(root, path);
    if (rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel)) return rel.split(sep).join("/");
  }
  return path;
}

/** `12:5-12:9`, 1-based. */
export function displayRange(range: Range): string {
  const start = `${range.start.line + 1}:${range.start.character + 1}`;
  const end = `${range.end.line + 1}:${range.end.character + 1}`;
  return start === end ? start : `${start}-${end}`;
}

/**
 * One problem on one line, as the `diagnostics` tool and the Problems attachment both show it:
 * `a/b.ts:3:7-3:12 error [ts 2322] Type … is not assignable …` (the message's line breaks folded).
 */
export function problemLine(item: DiagnosticInfo, shownPath: string): string {
  const origin = [item.source, item.code].filter(Boolean).join(" ");
  // One start per run of blanks before a line break: `\s*\n\s*` rescanned a run of spaces with
  // no break in it from each of them (40,000 spaces in a message took 5.6 s).
  const message = item.message.replace(/(?<![^\S\n])[^\S\n]*\n\s*/g, " ");
  return `${shownPath}:${displayRange(item.range)} ${item.severity}${origin ? ` [${origin}]` : ""} ${message}`;
}

/**
 * Joins `lines` under `heading`, within the bounds. `notes` (left-out counts…) always come last.
 * `empty` is the whole text when there are no lines.
 */
export function boundedList(
  heading: string,
  lines: readonly string[],
  empty: string,
  notes: readonly string[] = [],
  limits = { items: MAX_ITEMS, chars: MAX_CHARS },
): ToolText {
  if (lines.length === 0) return { text: [empty, ...notes].join("\n"), truncated: false };
  const out: string[] = [heading];
  let used = heading.length + 1;
  let shown = 0;
  for (const line of lines) {
    if (shown >= limits.items || used + line.length + 1 > limits.chars) break;
    out.push(line);
    used += line.length + 1;
    shown += 1;
  }
  const truncated = shown < lines.length;
  if (truncated)
    out.push(`[truncated: showing ${shown} of ${lines.length}; ask about one file or a narrower query for the rest]`);
  return { text: [...out, ...notes].join("\n"), truncated };
}

/** A single block of text (hover, selection), cut at `limit` characters with a note. */
export function boundedText(text: string, limit = MAX_CHARS): ToolText {
  if (text.length <= limit) return { text, truncated: false };
  return {
    text: `${text.slice(0, limit)}\n[truncated: showing ${limit} of ${text.length} characters]`,
    truncated: true,
  };
}

export function hiddenNote(hidden: number): string[] {
  return hidden > 0 ? [`(${hidden} result${hidden === 1 ? "" : "s"} outside the workspace left out)`] : [];
}

/** Problems left out because their file's project reaches files outside the workspace (outsideSources.ts). */
export function drawingNote(hidden: number): string[] {
  return hidden > 0
    ? [
        `(${hidden} problem${hidden === 1 ? "" : "s"} left out: ${hidden === 1 ? "its file's" : "their files'"} project reaches files outside the workspace; ask about one file to be allowed)`,
      ]
    : [];
}
