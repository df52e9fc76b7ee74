/**
 * The history index holds a conversation in parts (src/acp/history/conversationParts.ts), written
 * in puts of bounded size (indexWriter.ts), and leaves a part alone when it already holds its text
 * (ftsStore.ts). Searches still answer per conversation: every term somewhere in it.
 */
import * as assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { conversationParts, PART_CHARS } from "../../src/acp/history/conversationParts";
import { conversationText, TEXT_FIELDS } from "../../src/acp/history/conversationText";
import { FtsStore, type ConversationPut } from "../../src/acp/history/ftsStore";
import type { HistoryBackend } from "../../src/acp/history/historyBackend";
import { HistoryService } from "../../src/acp/history/historyService";
import { IndexWriter, PUT_CHARS } from "../../src/acp/history/indexWriter";
import { probeFts5 } from "../../src/acp/history/sqliteFts";
import { workerIndex } from "../../src/acp/history/workerBackend";
import type { StoredEntry } from "../../src/shared/thread/storedTranscript";
import { MemoryArchive, reply, tool, user } from "../support/memoryArchive";

const WORKER = join(import.meta.dirname, "../../src/acp/history/historyWorker.ts");
const fts = probeFts5();
const noSqlite = fts.ok ? false : `this Node has no node:sqlite with FTS5 (${fts.reason}); the e2e runs it on Node 24`;

/** A long day's conversation: `turns` × (prompt, 10 × (tool of 3,000 chars, reply of 2,000)), ~5 MB at 100 turns. */
function longConversation(turns: number, mark = ""): StoredEntry[] {
  const entries: StoredEntry[] = [];
  for (let turn = 0; turn < turns; turn++) {
    entries.push(user(`prompt ${turn} ${mark}`));
    for (let step = 0; step < 10; step++) {
      entries.push(tool(`Read file${turn}_${step}.ts`, `const value${step} = lookup(${turn});\n`.repeat(90)));
      entries.push(reply(`step ${step} of turn ${turn}: ` + "the answer explained at length ".repeat(65)));
    }
  }
  return entries;
}

const textOf = (put: readonly ConversationPut[]) =>
  put.reduce(
    (sum, p) => sum + p.parts.reduce((n, part) => n + TEXT_FIELDS.reduce((m, f) => m + part[f].length, 0), 0),
    0,
  );

describe("a conversation in parts", () => {
  it("cuts parts of about PART_CHARS, puts the title in the first, and loses no text", () => {
    const entries = longConversation(20);
    const parts = [...conversationParts("The title", entries)];
    assert.ok(parts.length > 10, `${parts.length} parts`);
    assert.equal(parts[0]!.title, "The title");
    assert.ok(parts.slice(1).every((part) => part.title === ""));
    const longestEntry = 4_000;
    for (const part of parts) {
      const chars = part.prompts.length + part.replies.length + part.tools.length;
      assert.ok(chars <= PART_CHARS + longestEntry, `a part of ${chars} characters`);
    }
    // Every field's text, part after part, is the whole conversation's.
    const whole = conversationText("The title", entries);
    for (const field of ["prompts", "replies", "tools"] as const)
      assert.equal(
        parts
          .map((part) => part[field])
          .filter((text) => text !== "")
          .join("\n\n"),
        whole[field],
      );
  });

  it("has one part, with the title, when it has no entries", () => {
    assert.deepEqual([...conversationParts("Only a title", [])], [conversationText("Only a title", [])]);
  });

  it("is put in writes of about PUT_CHARS, however long the conversation", async () => {
    const puts: ConversationPut[][] = [];
    const writer = new IndexWriter(async (put) => void puts.push([...put]));
    await writer.conversation("long", "v1", "Long", longConversation(100));
    await writer.flush();
    assert.ok(puts.length > 10, `${puts.length} puts`);
    assert.ok(
      puts.every((put) => textOf(put) <= PUT_CHARS + PART_CHARS + 4_000),
      puts.map(textOf).join(","),
    );
    const done = puts.flat().filter((put) => put.done);
    assert.equal(done.length, 1, "one put says the conversation is indexed");
    assert.deepEqual(done[0]!.done, { version: "v1", partCount: puts.flat().flatMap((p) => p.parts).length });
    assert.equal(puts.at(-1)!.at(-1)!.done?.version, "v1", "and it is the last one");
  });

  it("the history service never sends a long conversation to the index in one message", async () => {
    // Before parts, the 5 MB conversation went to the worker (and into one FTS5 row) whole.
    const sizes: number[] = [];
    const recording: HistoryBackend = {
      engine: "fts5",
      versions: async () => ({}),
      put: async (puts) => void sizes.push(JSON.stringify(puts).length),
      remove: async () => undefined,
      clear: async () => undefined,
      search: async () => [],
      dispose: async () => undefined,
    };
    const archive = new MemoryArchive([{ key: "long", title: "Long", entries: longConversation(100) }]);
    const service = new HistoryService(archive, async () => ({ backend: recording, rebuilt: false }));
    await service.search("anything");
    assert.ok(sizes.length > 0);
    assert.ok(Math.max(...sizes) < 2 * PUT_CHARS, `largest message ${Math.max(...sizes)} characters`);
    await service.dispose();
  });
});

describe("the FTS5 index in parts", { skip: noSqlite }, () => {
  let store: FtsStore;
  const put = async (key: string, entries: readonly StoredEntry[], version: string, title?: string) => {
    let written = 0;
    const writer = new IndexWriter(async (puts) => void (written += store.put(puts)));
    await writer.conversation(key, version, title, entries);
    await writer.flush();
    return written;
  };
  before(() => {
    if (!fts.ok) return;
    store = FtsStore.open(fts.sqlite, ":memory:");
  });
  after(() => store?.close());

  it("finds a conversation whose terms are in different parts, once, and not one that lacks a term", async () => {
    const far = longConversation(10);
    far.splice(0, 1, user("the zanzibar question"));
    far.push(reply("and the quokka answer"));
    await put("far", far, "1", "Far apart");
    await put("near", [user("quokka only")], "1");
    assert.ok(store.partCount("far") > 3, "the terms are parts apart");
    assert.deepEqual(
      store.search(["zanzibar", "quokka"], 10).map((hit) => hit.key),
      ["far"],
    );
    assert.deepEqual(
      store
        .search(["quokka"], 10)
        .map((hit) => hit.key)
        .sort(),
      ["far", "near"],
    );
    const common = store.search(["lookup"], 10);
    assert.deepEqual(
      common.map((hit) => hit.key),
      ["far"],
      "a term in every part: the conversation once",
    );
    assert.match(common[0]!.snippet, /\u0002lookup\u0003/);
  });

  it("tokenizes again only the parts that changed as a conversation grows, and drops parts it lost", async () => {
    const entries = longConversation(30);
    const first = await put("growing", entries, "1", "Growing");
    const parts = store.partCount("growing");
    assert.equal(first, parts);
    assert.equal(await put("growing", entries, "2", "Growing"), 0, "nothing changed, nothing tokenized");
    const grown = [...entries, reply("a brand new capybara reply")];
    const second = await put("growing", grown, "3", "Growing");
    assert.ok(second >= 1 && second <= 2, `${second} parts tokenized of ${parts}`);
    assert.deepEqual(
      store.search(["capybara"], 5).map((hit) => hit.key),
      ["growing"],
    );
    assert.equal(store.versions().growing, "3");
    // Rewound to its first turn: the later parts and their text leave the index.
    await put("growing", entries.slice(0, 5), "4", "Growing");
    assert.equal(store.partCount("growing"), 1);
    assert.deepEqual(store.search(["capybara"], 5), []);
    store.remove(["growing"]);
    assert.equal(store.partCount("growing"), 0);
    assert.deepEqual(store.search(["lookup", "growing"], 5), []);
  });
});

describe("the history service over an index in parts", { skip: noSqlite }, () => {
  let scratch: string;
  before(() => (scratch = mkdtempSync(join(tmpdir(), "acp-history-parts-"))));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it("finds words from the first and the last turn of a long conversation together", async () => {
    const entries = longConversation(40, "");
    entries.splice(0, 1, user("start with the ocelot"));
    entries.push(reply("end with the narwhal"));
    const archive = new MemoryArchive([
      { key: "long", title: "A long day", entries },
      { key: "short", title: "Short", entries: [user("narwhal alone")] },
    ]);
    const service = new HistoryService(archive, workerIndex({ script: WORKER, path: join(scratch, "history.db") }));
    const hits = await service.search("ocelot narwhal");
    assert.deepEqual(
      hits.map((hit) => hit.key),
      ["long"],
    );
    assert.ok(hits[0]!.snippet.some((part) => part.match));
    await service.dispose();
  });

  it("rebuilds an index of the one-row-per-conversation schema on its first start", async () => {
    const path = join(scratch, "schema1.db");
    if (!fts.ok) return;
    // What the previous release left: schema "1", one FTS row per conversation, no parts table.
    const old = new fts.sqlite.DatabaseSync(path);
    old.exec(`CREATE TABLE meta(k TEXT PRIMARY KEY, v TEXT NOT NULL); INSERT INTO meta VALUES ('schema', '1');
      CREATE TABLE conversations(id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, version TEXT NOT NULL);
      CREATE VIRTUAL TABLE text USING fts5(title, prompts, replies, tools, tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO conversations VALUES (1, 'gone', 'v');
      INSERT INTO text(rowid, title, prompts, replies, tools) VALUES (1, '', 'an axolotl long gone', '', '');`);
    old.close();
    const archive = new MemoryArchive([{ key: "kept", title: "Kept", entries: [user("the axolotl stays")] }]);
    const service = new HistoryService(archive, workerIndex({ script: WORKER, path }));
    assert.deepEqual(
      (await service.search("axolotl")).map((hit) => hit.key),
      ["kept"],
    );
    await service.dispose();
  });
});
