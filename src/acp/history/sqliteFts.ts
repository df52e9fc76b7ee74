/**
 * `node:sqlite` with FTS5, loaded lazily and probed. It exists in VS Code 1.101+ (Node 22.15+),
 * not in 1.90–1.100 (Node 20), and some Electron builds lost it (electron#47671): so it is
 * fetched with `process.getBuiltinModule` (no `require` for the bundler to see; undefined or
 * missing on Node 20), inside try/catch, and a `CREATE VIRTUAL TABLE … USING fts5` on `:memory:`
 * decides. Only the few members the index uses are typed here (@types/node 20 has none).
 */

export type SqlValue = string | number | bigint | null | Uint8Array;
/** A result row: column name → value (a column the query does not name is undefined). */
export type SqlRow = Record<string, SqlValue>;

export interface SqliteStatement {
  run(...params: SqlValue[]): { readonly lastInsertRowid: number | bigint };
  all(...params: SqlValue[]): SqlRow[];
  get(...params: SqlValue[]): SqlRow | undefined;
}

export interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

export interface SqliteModule {
  readonly DatabaseSync: new (path: string) => SqliteDatabase;
}

export type Fts5Probe =
  { readonly ok: true; readonly sqlite: SqliteModule } | { readonly ok: false; readonly reason: string };

/** `node:sqlite`, or undefined where this runtime has none. */
export function loadSqlite(): SqliteModule | undefined {
  try {
    const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
    const loaded = typeof get === "function" ? get.call(process, "node:sqlite") : undefined;
    return loaded && typeof (loaded as Partial<SqliteModule>).DatabaseSync === "function"
      ? (loaded as SqliteModule)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether FTS5 works here; `load` is replaceable so tests can make the probe fail. */
export function probeFts5(load: () => SqliteModule | undefined = loadSqlite): Fts5Probe {
  const sqlite = load();
  if (!sqlite) return { ok: false, reason: `node:sqlite is not available (Node ${process.versions.node})` };
  let db: SqliteDatabase | undefined;
  try {
    db = new sqlite.DatabaseSync(":memory:");
    db.exec("CREATE VIRTUAL TABLE probe USING fts5(body)");
    db.exec("INSERT INTO probe(body) VALUES ('probe')");
    db.prepare(
      "SELECT bm25(probe) AS r, snippet(probe, 0, '[', ']', '…', 4) AS s FROM probe WHERE probe MATCH 'probe'",
    ).all();
    return { ok: true, sqlite };
  } catch (error) {
    return { ok: false, reason: `SQLite has no FTS5 here: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    try {
      db?.close();
    } catch {
      // Closing a probe that failed to open.
    }
  }
}
