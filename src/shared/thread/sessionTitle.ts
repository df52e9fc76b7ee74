/**
 * A session title as the panel shows it, whoever chose it (the user's Rename, the agent's
 * `session_info_update`, `session/set_title` or `session/list`): control characters (C0, C1),
 * bidirectional controls and invisible format characters are dropped, so a title can't reorder
 * or hide what the tab strip and the session list show; runs of whitespace become one space;
 * at most TITLE_LIMIT characters, never cut inside a surrogate pair. Empty means "no title".
 * Markdown markup is dropped too (agents title sessions from their first reply, and a first
 * prompt may be Markdown): a tab shows "Fix greet.ts", not "**Fix** `greet.ts`".
 */
export const TITLE_LIMIT = 200;

/** Removed outright: C0/C1 controls other than whitespace, bidi controls and marks, zero-width and BOM. */
const INVISIBLE = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** Markdown markup out of a one-line title: links and images keep their text, code and emphasis their content. */
export function withoutMarkup(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/(\*\*|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(^|[^\w])__(?=\S)(.+?)(?<=\S)__(?!\w)/g, "$1$2")
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?!\w)/g, "$1$2")
    .replace(/(^|[^\w])_(?=\S)([^_]+?)(?<=\S)_(?!\w)/g, "$1$2")
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, "");
}

/**
 * How much of a title is read at all: past it, text could show only after 600 characters of
 * markup, which no real title has. Bounding it keeps the emphasis patterns (quadratic on openers
 * with no closer, as in `**x **x …`) cheap on a hostile agent's megabyte title.
 */
const READ_LIMIT = TITLE_LIMIT * 4;

/** The first `limit` UTF-16 units of `text`, never ending inside a surrogate pair. */
function firstUnits(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function cleanSessionTitle(text: string): string {
  const flat = firstUnits(
    text
      .slice(0, READ_LIMIT * 4)
      .replace(INVISIBLE, "")
      .replace(/\s+/g, " ")
      .trim(),
    READ_LIMIT,
  );
  return firstUnits(withoutMarkup(flat).trim(), TITLE_LIMIT).trimEnd();
}
