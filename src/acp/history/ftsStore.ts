/**
 * The history index on disk: SQLite FTS5, one row per conversation with its four text fields
 * (conversationText.ts), ranked by bm25 with a title match weighing most, and a snippet of the
 * best-matching field. Synchronous (`DatabaseSync`): it runs in a worker (historyWorker.ts), never
 * on the extension host's thread. Derived data only: the conversations are the truth, so a file
 * that is missing, from another schema or corrupt is deleted and made again empty (`rebuilt`),
 * and the caller puts every conversation back.
 */
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { FIELD_WEIGHTS, MATCH_END, MATCH_START, TEXT_FIELDS, type ConversationText } from "./conversationText";
import { textSnippet } from "./snippet";
import { ftsMatchExpression } from "./historyQuery";
import type { SqliteDatabase, SqliteModule } from "./sqliteFts";

/** Bumped when the tables change: an index of another version is rebuilt. */
export const INDEX_SCHEMA_VERSION = "1";

/** A conversation as indexed; `version` says which state of it (the caller compares it). */
export interface IndexedConversation extends ConversationText {
  readonly key: string;
  readonly version: string;
}

/** A raw hit: lower `rank` is better (bm25). `snippet` carries MATCH_START/MATCH_END marks. */
export interface IndexHit {
  readonly key: string;
  readonly rank: number;
  readonly snippet: string;
}

export class IndexCorruptError extends Error {}

export class FtsStore {
  private constructor(
    private readonly db: SqliteDatabase,
    /** The file was made (again) empty: every conversation must be put. */
    readonly rebuilt: boolean,
  ) {}

  /** Opens (or makes) the index at `path` (`:memory:` for tests); a damaged file is replaced. */
  static open(sqlite: SqliteModule, path: string): FtsStore {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    try {
      const db = new sqlite.DatabaseSync(path);
      try {
        const fresh = prepare(db);
        return new FtsStore(db, fresh);
      } catch (error) {
        db.close();
        throw error;
      }
    } catch (error) {
      if (path === ":memory:") throw error;
      // Not a database, failed its check, or another schema: derived data, so start again.
      removeIndexFile(path);
      const db = new sqlite.DatabaseSync(path);
      prepare(db);
      return new FtsStore(db, true);
    }
  }

  /** key → version of every conversation indexed. */
  versions(): Record<string, string> {
    return this.guard(() => {
      const rows = this.db.prepare("SELECT key, version FROM conversations").all();
      return Object.fromEntries(rows.map((row) => [String(row.key), String(row.version)]));
    });
  }

  /** Adds or replaces conversations, in one transaction. */
  put(conversations: readonly IndexedConversation[]): void {
    this.guard(() => {
      this.db.exec("BEGIN");
      try {
        const find = this.db.prepare("SELECT id FROM conversations WHERE key = ?");
        const dropText = this.db.prepare("DELETE FROM text WHERE rowid = ?");
        const upsert = this.db.prepare(
          "INSERT INTO conversations(key, version) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET version = excluded.version",
        );
        const addText = this.db.prepare(
          `INSERT INTO text(rowid, ${TEXT_FIELDS.join(", ")}) VALUES (?, ${TEXT_FIELDS.map(() => "?").join(", ")})`,
        );
        for (const conversation of conversations) {
          const known = find.get(conversation.key);
          if (known) dropText.run(Number(known.id));
          upsert.run(conversation.key, conversation.version);
          const id = Number(find.get(conversation.key)!.id);
          addText.run(id, ...TEXT_FIELDS.map((field) => conversation[field]));
        }
        this.db.exec("COMMIT");
      } catch (error) {
        this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  remove(keys: readonly string[]): void {
    this.guard(() => {
      const find = this.db.prepare("SELECT id FROM conversations WHERE key = ?");
      for (const key of keys) {
        const known = find.get(key);
        if (!known) continue;
        this.db.prepare("DELETE FROM text WHERE rowid = ?").run(Number(known.id));
        this.db.prepare("DELETE FROM conversations WHERE id = ?").run(Number(known.id));
      }
    });
  }

  clear(): void {
    this.guard(() => this.db.exec("DELETE FROM text; DELETE FROM conversations;"));
  }

  /**
   * Best first; `limit` conversations at most. Ranking alone is cheap (bm25 over 1,000 matching
   * conversations: ~20–50 ms); each hit's snippet is made in JavaScript (snippet.ts), with FTS5's
   * `snippet()` only where the terms are not found as written (its tokenizer folds diacritics).
   */
  search(terms: readonly string[], limit: number): IndexHit[] {
    const match = ftsMatchExpression(terms);
    if (!match) return [];
    const weights = TEXT_FIELDS.map((field) => FIELD_WEIGHTS[field]).join(", ");
    return this.guard(() => {
      const ranked = this.db
        .prepare(
          `SELECT rowid AS id, bm25(text, ${weights}) AS rank FROM text WHERE text MATCH ? ORDER BY rank LIMIT ?`,
        )
        .all(match, limit);
      const fields = this.db.prepare(
        `SELECT c.key AS key, ${TEXT_FIELDS.map((f) => `t.${f} AS ${f}`).join(", ")}
           FROM text t JOIN conversations c ON c.id = t.rowid WHERE t.rowid = ?`,
      );
      const ftsSnippet = this.db.prepare(
        `SELECT snippet(text, -1, '${MATCH_START}', '${MATCH_END}', '…', 16) AS snippet FROM text WHERE text MATCH ? AND rowid = ?`,
      );
      return ranked.flatMap((row) => {
        const id = Number(row.id);
        const found = fields.get(id);
        if (!found) return [];
        const text: ConversationText = {
          title: String(found.title ?? ""),
          prompts: String(found.prompts ?? ""),
          replies: String(found.replies ?? ""),
          tools: String(found.tools ?? ""),
        };
        const snippet = textSnippet(text, terms) ?? String(ftsSnippet.get(match, id)?.snippet ?? "");
        return [{ key: String(found.key), rank: Number(row.rank), snippet }];
      });
    });
  }

  close(): void {
    this.db.close();
  }

  /** SQLite reports damage found later as SQLITE_CORRUPT / "malformed": the caller rebuilds. */
  private guard<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/malformed|corrupt|not a database/i.test(message)) throw new IndexCorruptError(message);
      throw error;
    }
  }
}

/** Creates the tables; true when the file held no index of this schema (it is empty now). */
function prepare(db: SqliteDatabase): boolean {
  // Two windows may share the file: wait for the other's write rather than fail.
  db.exec("PRAGMA busy_timeout = 3000");
  const check = db.prepare("PRAGMA quick_check").get();
  if (check && Object.values(check)[0] !== "ok") throw new IndexCorruptError(String(Object.values(check)[0]));
  db.exec("CREATE TABLE IF NOT EXISTS meta(k TEXT PRIMARY KEY, v TEXT NOT NULL)");
  const version = db.prepare("SELECT v FROM meta WHERE k = 'schema'").get()?.v;
  if (version !== undefined && version !== INDEX_SCHEMA_VERSION) throw new Error(`index schema ${String(version)}`);
  db.exec(
    `CREATE TABLE IF NOT EXISTS conversations(id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, version TEXT NOT NULL);
     CREATE VIRTUAL TABLE IF NOT EXISTS text USING fts5(${TEXT_FIELDS.join(", ")}, tokenize = 'unicode61 remove_diacritics 2');`,
  );
  db.prepare("INSERT OR REPLACE INTO meta(k, v) VALUES ('schema', ?)").run(INDEX_SCHEMA_VERSION);
  return version === undefined;
}

export function removeIndexFile(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(file, { force: true });
}
