/**
 * Claude Code's local-command records (`<command-name>/model</command-name>…`): text made only of
 * such tags, each holding anything (even other tags, even its own closer), blanks around them.
 *
 * Read in one pass, not with `^\s*(?:<(tag)>[\s\S]*?<\/\1>\s*)+$`: on text that did not end in a
 * record, that pattern tried every way of grouping the records (exponential: 28 records and an
 * `x`, under 1 KB an agent replays, took over a minute on the extension host). The pass keeps the
 * set of tags whose record may still be open: a closer of one of them may end it, and then the
 * text ends or the next record opens (its tag joins the set; earlier records may go on too).
 */
const TAGS = "command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat";
const OPEN = new RegExp(String.raw`<(${TAGS})>`, "y");
const CLOSE = new RegExp(String.raw`<\/(${TAGS})>`, "g");
const BLANKS = /\s*/y;

export function isLocalCommandRecord(text: string): boolean {
  const open = new Set<string>();
  const first = openAt(text, skipBlanks(text, 0));
  if (first === undefined) return false;
  open.add(first.tag);
  CLOSE.lastIndex = first.end;
  for (let close = CLOSE.exec(text); close; close = CLOSE.exec(text)) {
    if (!open.has(close[1]!)) continue;
    const after = skipBlanks(text, CLOSE.lastIndex);
    if (after === text.length) return true;
    const next = openAt(text, after);
    if (next !== undefined) open.add(next.tag);
  }
  return false;
}

function skipBlanks(text: string, at: number): number {
  BLANKS.lastIndex = at;
  BLANKS.exec(text);
  return BLANKS.lastIndex;
}

function openAt(text: string, at: number): { tag: string; end: number } | undefined {
  OPEN.lastIndex = at;
  const match = OPEN.exec(text);
  return match ? { tag: match[1]!, end: OPEN.lastIndex } : undefined;
}
