/**
 * The history index on disk: SQLite FTS5, one row per part of a conversation (conversationParts.ts)
 * with its four text fields (conversationText.ts), searched per conversation (ftsSearch.ts).
 * A conversation is put in pieces, each a transaction of its own, so no write holds a long
 * conversation's text at once; a part whose text the index already holds (by hash) is not
 * tokenized again. Synchronous (`DatabaseSync`): it runs in a worker (historyWorker.ts), never
 * on the extension host's thread. Derived data only: the conversations are the truth, so a file
 * that is missing, from another schema or corrupt is deleted and made again empty (`rebuilt`),
 * and the caller puts every conversation back.
 */
import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { TEXT_FIELDS, type ConversationText } from "./conversationText";
import { searchParts, type IndexHit } from "./ftsSearch";
import type { SqliteDatabase, SqliteModule } from "./sqliteFts";

export type { IndexHit } from "./ftsSearch";

/** Bumped when the tables change: an index of another version is rebuilt. */
export const INDEX_SCHEMA_VERSION = "2";

/** One part of a conversation, by its place in it (0 holds the title). */
export interface IndexedPart extends ConversationText {
  readonly ordinal: number;
}

/**
 * Some parts of one conversation. The last put of a conversation carries `done`: which state of
 * it the index now holds (`version`, which the caller compares), and how many parts it has (the
 * parts from there on are dropped). Until then its version reads as "" (not up to date).
 */
export interface ConversationPut {
  readonly key: string;
  readonly parts: readonly IndexedPart[];
  readonly done?: { readonly version: string; readonly partCount: number };
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

  /** Adds or replaces parts of conversations, in one transaction; returns how many parts it tokenized. */
  put(puts: readonly ConversationPut[]): number {
    return this.guard(() => {
      let written = 0;
      this.db.exec("BEGIN");
      try {
        const findConversation = this.db.prepare("SELECT id FROM conversations WHERE key = ?");
        const addConversation = this.db.prepare(
          "INSERT INTO conversations(key, version) VALUES (?, '') ON CONFLICT(key) DO NOTHING",
        );
        const setVersion = this.db.prepare("UPDATE conversations SET version = ? WHERE id = ?");
        const findPart = this.db.prepare("SELECT id, hash FROM parts WHERE conversation = ? AND ordinal = ?");
        const addPart = this.db.prepare("INSERT INTO parts(conversation, ordinal, hash) VALUES (?, ?, ?)");
        const setHash = this.db.prepare("UPDATE parts SET hash = ? WHERE id = ?");
        const dropText = this.db.prepare("DELETE FROM text WHERE rowid = ?");
        const addText = this.db.prepare(
          `INSERT INTO text(rowid, ${TEXT_FIELDS.join(", ")}) VALUES (?, ${TEXT_FIELDS.map(() => "?").join(", ")})`,
        );
        for (const put of puts) {
          addConversation.run(put.key);
          const conversation = Number(findConversation.get(put.key)!.id);
          for (const part of put.parts) {
            const hash = partHash(part);
            const known = findPart.get(conversation, part.ordinal);
            if (known && String(known.hash) === hash) continue;
            let id: number;
            if (known) {
              id = Number(known.id);
              dropText.run(id);
              setHash.run(hash, id);
            } else {
              id = Number(addPart.run(conversation, part.ordinal, hash).lastInsertRowid);
            }
            addText.run(id, ...TEXT_FIELDS.map((field) => part[field]));
            written++;
          }
          if (put.done) {
            this.dropParts(conversation, put.done.partCount);
            setVersion.run(put.done.version, conversation);
          }
        }
        this.db.exec("COMMIT");
        return written;
      } catch (error) {
        this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  remove(keys: readonly string[]): void {
    this.guard(() => {
      const find = this.db.prepare("SELECT id FROM conversations WHERE key = ?");
      const drop = this.db.prepare("DELETE FROM conversations WHERE id = ?");
      for (const key of keys) {
        const known = find.get(key);
        if (!known) continue;
        this.dropParts(Number(known.id), 0);
        drop.run(Number(known.id));
      }
    });
  }

  clear(): void {
    this.guard(() => this.db.exec("DELETE FROM text; DELETE FROM parts; DELETE FROM conversations;"));
  }

  search(terms: readonly string[], limit: number): IndexHit[] {
    return this.guard(() => searchParts(this.db, terms, limit));
  }

  /** How many parts the index holds of `key` (tests). */
  partCount(key: string): number {
    const row = this.db
      .prepare("SELECT COUNT(*) AS n FROM parts p JOIN conversations c ON c.id = p.conversation WHERE c.key = ?")
      .get(key);
    return Number(row?.n ?? 0);
  }

  /** Drops the parts of `conversation` from `fromOrdinal` on, with their text. */
  private dropParts(conversation: number, fromOrdinal: number): void {
    this.db
      .prepare("DELETE FROM text WHERE rowid IN (SELECT id FROM parts WHERE conversation = ? AND ordinal >= ?)")
      .run(conversation, fromOrdinal);
    this.db.prepare("DELETE FROM parts WHERE conversation = ? AND ordinal >= ?").run(conversation, fromOrdinal);
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
     CREATE TABLE IF NOT EXISTS parts(id INTEGER PRIMARY KEY, conversation INTEGER NOT NULL, ordinal INTEGER NOT NULL,
       hash TEXT NOT NULL, UNIQUE(conversation, ordinal));
     CREATE VIRTUAL TABLE IF NOT EXISTS text USING fts5(${TEXT_FIELDS.join(", ")}, tokenize = 'unicode61 remove_diacritics 2');`,
  );
  db.prepare("INSERT OR REPLACE INTO meta(k, v) VALUES ('schema', ?)").run(INDEX_SCHEMA_VERSION);
  return version === undefined;
}

export function removeIndexFile(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(file, { force: true });
}

/** Which text a part holds: the same hash means the index need not tokenize it again. */
function partHash(part: ConversationText): string {
  const hash = createHash("sha1");
  for (const field of TEXT_FIELDS) hash.update(part[field]).update("\u0000");
  return hash.digest("base64");
}
