/**
 * Snippets made in JavaScript, for both engines: FTS5's own `snippet()` tokenizes the whole
 * column of every hit, which on 100 KB conversations costs 1–8 ms a row (bench: 200 hits of a
 * common word, 8 s). Here: the field where the most distinct terms occur (a tie goes to the
 * heavier field), and the text around the first occurrence of a term, every term marked with
 * MATCH_START/MATCH_END as `snippet()` would. Terms are lower-case (historyQuery.ts); matching is
 * on lower-cased text, so a term also matches inside a longer word (the prefix case).
 */
import { FIELD_WEIGHTS, MATCH_END, MATCH_START, TEXT_FIELDS, type ConversationText } from "./conversationText";

/** Characters of context before the match; twice that after. */
const CONTEXT = 60;

/** The marked snippet of the best field; undefined when no term occurs as written (e.g. diacritics folded by FTS5). */
export function textSnippet(text: ConversationText, terms: readonly string[]): string | undefined {
  let best: { original: string; lower: string; found: number; weight: number } | undefined;
  for (const field of TEXT_FIELDS) {
    const original = text[field];
    if (original === "") continue;
    const lower = original.toLowerCase();
    const found = terms.filter((term) => lower.includes(term)).length;
    if (found === 0) continue;
    const weight = FIELD_WEIGHTS[field];
    if (!best || found > best.found || (found === best.found && weight > best.weight))
      best = { original, lower, found, weight };
  }
  return best && markedSnippet(best.original, best.lower, terms);
}

export function markedSnippet(original: string, lower: string, terms: readonly string[]): string | undefined {
  const positions = terms.map((t) => lower.indexOf(t)).filter((at) => at >= 0);
  if (positions.length === 0) return undefined;
  const first = Math.min(...positions);
  const start = Math.max(0, first - CONTEXT);
  const end = Math.min(original.length, first + CONTEXT * 2);
  const window = original.slice(start, end);
  const windowLower = lower.slice(start, end);
  let marked = "";
  let at = 0;
  while (at < window.length) {
    let next: { at: number; length: number } | undefined;
    for (const term of terms) {
      const found = windowLower.indexOf(term, at);
      if (found >= 0 && (!next || found < next.at)) next = { at: found, length: term.length };
    }
    if (!next) break;
    marked += `${window.slice(at, next.at)}${MATCH_START}${window.slice(next.at, next.at + next.length)}${MATCH_END}`;
    at = next.at + next.length;
  }
  marked += window.slice(at);
  return `${start > 0 ? "…" : ""}${marked}${end < original.length ? "…" : ""}`;
}
