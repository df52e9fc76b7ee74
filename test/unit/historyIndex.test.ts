/**
 * The history's full-text search (src/acp/history/) over an in-memory ConversationArchive, with
 * each engine: the FTS5 index in its worker (where this Node has `node:sqlite` with FTS5: Node
 * 22.13+, the code-server e2e's Node 24) and the scan it falls back to (the probe forced to fail).
 * Both rank (a title or prompt match above one deep in a reply), give a snippet with the match
 * marked, follow the archive's changes, and forget a removed conversation.
 */
import * as assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { HistoryService } from "../../src/acp/history/historyService";
import { probeFts5, type SqliteModule } from "../../src/acp/history/sqliteFts";
import { workerIndex } from "../../src/acp/history/workerBackend";
import { MemoryArchive, reply, tool, user } from "../support/memoryArchive";
import { MemoryLogger } from "../support/memoryPorts";

const WORKER = join(import.meta.dirname, "../../src/acp/history/historyWorker.ts");
const fts = probeFts5();
const noSqlite = fts.ok ? false : `this Node has no node:sqlite with FTS5 (${fts.reason}); the e2e runs it on Node 24`;

function seed(): MemoryArchive {
  return new MemoryArchive([
    {
      key: "a",
      title: "Refactor the parser",
      entries: [user("make the tokenizer faster"), reply("Done: lexer cached")],
    },
    {
      key: "b",
      title: "Morning plan",
      entries: [user("Plan for the morning\nremember the violet harbour lantern"), reply("Noted.")],
    },
    {
      key: "c",
      title: "Build failure",
      entries: [
        user("why does the build fail"),
        tool("Run npm test", "Error: cannot find module 'left-pad' in the harbour folder"),
        reply("A missing dependency."),
      ],
    },
    { key: "d", title: "Harbour docs", entries: [user("write the docs"), reply("Written.")] },
  ]);
}

for (const engine of ["fts5", "scan"] as const) {
  describe(`history search (${engine})`, { skip: engine === "fts5" ? noSqlite : false }, () => {
    let scratch: string;
    let archive: MemoryArchive;
    let service: HistoryService;
    const open = () =>
      new HistoryService(
        archive,
        workerIndex({ script: WORKER, path: join(scratch, "history.db"), noFts: engine === "scan" }),
      );

    before(async () => {
      scratch = mkdtempSync(join(tmpdir(), "acp-history-"));
      archive = seed();
      service = open();
      assert.equal(await service.engine(), engine);
    });
    after(async () => {
      await service.dispose();
      rmSync(scratch, { recursive: true, force: true });
    });

    it("finds a phrase from the middle of a first message, with the match marked in the snippet", async () => {
      const hits = await service.search("violet harbour lantern");
      assert.deepEqual(
        hits.map((h) => h.key),
        ["b"],
      );
      const marked = hits[0]!.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase());
      assert.deepEqual([...new Set(marked)].sort(), ["harbour", "lantern", "violet"]);
      assert.match(hits[0]!.snippet.map((p) => p.text).join(""), /remember the violet harbour lantern/);
    });

    it("ranks a title match above a prompt, and a prompt above a tool's output", async () => {
      const hits = await service.search("harbour");
      assert.deepEqual(
        hits.map((h) => h.key),
        ["d", "b", "c"],
      );
      assert.ok(hits[0]!.rank < hits[1]!.rank && hits[1]!.rank < hits[2]!.rank, "ranks ascend (lower is better)");
    });

    it("searches tool titles and output, and takes the last word as a prefix", async () => {
      assert.deepEqual(
        (await service.search("left-pad")).map((h) => h.key),
        ["c"],
      );
      assert.deepEqual(
        (await service.search("token")).map((h) => h.key),
        ["a"],
      );
      assert.deepEqual(
        (await service.search("npm te")).map((h) => h.key),
        ["c"],
      );
      assert.deepEqual(await service.search("nothing matches this"), []);
      assert.deepEqual(await service.search('"*) OR NEAR('), [], "FTS5 syntax in the query is just words");
    });

    it("follows the archive: a changed conversation is found by its new text, a removed one no more", async () => {
      archive.set({ key: "a", title: "Refactor the parser", entries: [user("now about quaternions")] });
      assert.deepEqual(
        (await service.search("quaternions")).map((h) => h.key),
        ["a"],
      );
      assert.deepEqual(await service.search("tokenizer"), []);
      await service.remove("c");
      assert.deepEqual(await service.search("left-pad"), []);
      assert.deepEqual(
        (await service.search("harbour")).map((h) => h.key),
        ["d", "b"],
      );
    });

    it("indexes a conversation that keeps changing once per burst, and a search still sees its last change", async () => {
      // A streaming tab's journal changes every quarter second; each refresh reads the whole conversation.
      const reads = archive.reads;
      const lists = archive.lists;
      for (let turn = 1; turn <= 20; turn++)
        archive.set({ key: "d", title: "Harbour docs", entries: [user("write the docs"), reply(`draft ${turn}`)] });
      const searchReads = engine === "scan" ? (await archive.list()).length : 0;
      assert.deepEqual(
        (await service.search("draft 20")).map((h) => h.key),
        ["d"],
      );
      assert.equal(archive.reads - reads, 1 + searchReads, "read once for the index, not once per change");
      // With a journal, listing folds every conversation kept: indexing one must not list them all.
      assert.equal(archive.lists - lists, engine === "scan" ? 2 : 0, "listed only by the search itself");
    });
  });
}

describe("the FTS5 index file", { skip: noSqlite }, () => {
  let scratch: string;
  before(() => (scratch = mkdtempSync(join(tmpdir(), "acp-history-file-"))));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it("is made when missing, and a later start reads only what changed", async () => {
    const path = join(scratch, "missing.db");
    const archive = seed();
    const logger = new MemoryLogger();
    const first = new HistoryService(archive, workerIndex({ script: WORKER, path }), logger);
    assert.deepEqual(
      (await first.search("violet")).map((h) => h.key),
      ["b"],
    );
    await first.dispose();
    assert.ok(existsSync(path), "the index is on disk");
    const reads = archive.reads;
    archive.set({ key: "e", title: "Later", entries: [user("a new violet thing")] }, false);
    const second = new HistoryService(archive, workerIndex({ script: WORKER, path }));
    assert.deepEqual((await second.search("violet")).map((h) => h.key).sort(), ["b", "e"]);
    assert.equal(archive.reads - reads, 1, "only the new conversation was read again");
    await second.dispose();
  });

  it("is rebuilt from the conversations when the file is corrupt", async () => {
    const path = join(scratch, "corrupt.db");
    writeFileSync(path, "this is not an SQLite database, just garbage ".repeat(200));
    const service = new HistoryService(seed(), workerIndex({ script: WORKER, path }));
    assert.equal(await service.engine(), "fts5");
    assert.deepEqual(
      (await service.search("lantern")).map((h) => h.key),
      ["b"],
    );
    await service.dispose();
  });

  it("Rebuild History Index drops the file and indexes every conversation again", async () => {
    const path = join(scratch, "rebuild.db");
    const archive = seed();
    const service = new HistoryService(archive, workerIndex({ script: WORKER, path }));
    await service.search("violet");
    const reads = archive.reads;
    assert.deepEqual(await service.rebuild(), { engine: "fts5", conversations: 4 });
    assert.equal(archive.reads - reads, 4, "every conversation read again");
    assert.deepEqual(
      (await service.search("violet")).map((h) => h.key),
      ["b"],
    );
    await service.dispose();
  });
});

describe("the FTS5 probe", () => {
  it("fails without node:sqlite, and where SQLite lacks FTS5", () => {
    const none = probeFts5(() => undefined);
    assert.equal(none.ok, false);
    const noFts: SqliteModule = {
      DatabaseSync: class {
        exec(sql: string): void {
          if (/fts5/i.test(sql)) throw new Error("no such module: fts5");
        }
        prepare(): never {
          throw new Error("unused");
        }
        close(): void {}
      },
    };
    const lacking = probeFts5(() => noFts);
    assert.equal(lacking.ok, false);
    assert.match(lacking.ok ? "" : lacking.reason, /no such module: fts5/);
  });

  it("a failed probe makes the service scan, and say so in the log", async () => {
    const logger = new MemoryLogger();
    const service = new HistoryService(seed(), workerIndex({ script: WORKER, path: ":memory:", noFts: true }), logger);
    assert.equal(await service.engine(), "scan");
    assert.deepEqual(
      (await service.search("lantern")).map((h) => h.key),
      ["b"],
    );
    assert.ok(
      logger.lines.some((line) => /scans the conversations/.test(line)),
      logger.lines.join("\n"),
    );
    await service.dispose();
  });
});
