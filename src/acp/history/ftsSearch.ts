/**
 * A search over the index's parts (conversationParts.ts), answered per conversation: every term
 * must occur somewhere in the conversation, not necessarily in one part (as when a conversation
 * was one row), and the conversation ranks by its best part for any of the terms (bm25, weighted
 * fields; a part holding more of the terms scores better). The snippet comes from that part.
 */
import { FIELD_WEIGHTS, MATCH_END, MATCH_START, TEXT_FIELDS, type ConversationText } from "./conversationText";
import { ftsTermExpressions } from "./historyQuery";
import { textSnippet } from "./snippet";
import type { SqliteDatabase } from "./sqliteFts";

/** A raw hit: lower `rank` is better (bm25). `snippet` carries MATCH_START/MATCH_END marks. */
export interface IndexHit {
  readonly key: string;
  readonly rank: number;
  readonly snippet: string;
}

/**
 * Best first; `limit` conversations at most. Ranking alone is cheap (bm25 over 1,000 matching
 * conversations: ~20–50 ms); each hit's snippet is made in JavaScript (snippet.ts), with FTS5's
 * `snippet()` only where the terms are not found as written (its tokenizer folds diacritics).
 */
export function searchParts(db: SqliteDatabase, terms: readonly string[], limit: number): IndexHit[] {
  if (terms.length === 0) return [];
  const each = ftsTermExpressions(terms);
  const any = each.join(" OR ");
  const weights = TEXT_FIELDS.map((field) => FIELD_WEIGHTS[field]).join(", ");
  // One term: its own parts are the conversations. More: each must occur in some part of the conversation.
  const everyTerm =
    each.length > 1
      ? `WHERE ${each
          .map(
            () =>
              "p.conversation IN (SELECT conversation FROM parts WHERE id IN (SELECT rowid FROM text WHERE text MATCH ?))",
          )
          .join(" AND ")}`
      : "";
  // bm25() is only allowed in the query over the FTS table itself, so that one is materialized
  // first. SQLite gives a bare column (`p.id`) from the row that holds the group's MIN().
  const ranked = db
    .prepare(
      `WITH h AS MATERIALIZED (SELECT rowid AS id, bm25(text, ${weights}) AS rank FROM text WHERE text MATCH ?)
       SELECT c.key AS key, p.id AS part, MIN(h.rank) AS rank
         FROM h
         JOIN parts p ON p.id = h.id
         JOIN conversations c ON c.id = p.conversation
         ${everyTerm}
        GROUP BY p.conversation ORDER BY rank LIMIT ?`,
    )
    .all(any, ...(each.length > 1 ? each : []), limit);
  const fields = db.prepare(`SELECT ${TEXT_FIELDS.join(", ")} FROM text WHERE rowid = ?`);
  const ftsSnippet = db.prepare(
    `SELECT snippet(text, -1, '${MATCH_START}', '${MATCH_END}', '…', 16) AS snippet FROM text WHERE text MATCH ? AND rowid = ?`,
  );
  return ranked.flatMap((row) => {
    const part = Number(row.part);
    const found = fields.get(part);
    if (!found) return [];
    const text: ConversationText = {
      title: String(found.title ?? ""),
      prompts: String(found.prompts ?? ""),
      replies: String(found.replies ?? ""),
      tools: String(found.tools ?? ""),
    };
    const snippet = textSnippet(text, terms) ?? String(ftsSnippet.get(any, part)?.snippet ?? "");
    return [{ key: String(row.key), rank: Number(row.rank), snippet }];
  });
}
