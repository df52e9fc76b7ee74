/**
 * What the user typed, as search terms. Both engines take the same terms: FTS5 as a MATCH
 * expression (each term quoted, so no input is FTS5 syntax; the last one a prefix, so results
 * follow typing), the fallback scan as lower-case words. Words are letters, digits and `_`, as
 * FTS5's unicode61 tokenizer splits them.
 */

/** At most this many terms are used: a pasted paragraph must not become a 500-term query. */
export const MAX_TERMS = 12;

export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** Each term as a MATCH expression of its own: quoted, the last a prefix. */
export function ftsTermExpressions(terms: readonly string[]): string[] {
  return terms.map((term, at) => `"${term.replaceAll('"', '""')}"${at === terms.length - 1 ? "*" : ""}`);
}
