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
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?!\w)/g, "$1$2")
    .replace(/(^|[^\w])_(?=\S)([^_]+?)(?<=\S)_(?!\w)/g, "$1$2")
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, "");
}

export function cleanSessionTitle(text: string): string {
  const flat = withoutMarkup(text.replace(INVISIBLE, "").replace(/\s+/g, " ").trim()).trim();
  if (flat.length <= TITLE_LIMIT) return flat;
  let cut = flat.slice(0, TITLE_LIMIT);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}
