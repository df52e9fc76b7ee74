/**
 * The history as the palette and the panel list it (src/acp/history/sessionHistory.ts) over the
 * conversation journal (src/acp/journal/journalArchive.ts, on an in-memory file system): every
 * kept conversation is listed, closed ones included, with its changed-file count; a conversation
 * the journal holds is found by its text; Delete Session… removes the conversation and its index
 * entries.
 */
import * as assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { HistoryService } from "../../src/acp/history/historyService";
import { SessionHistory, mergeHistory } from "../../src/acp/history/sessionHistory";
import { probeFts5 } from "../../src/acp/history/sqliteFts";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile } from "../../src/acp/journal/journalFs";
import { recordLine } from "../../src/acp/journal/journalRecords";
import { workerIndex } from "../../src/acp/history/workerBackend";
import { SessionIndex, type SessionRecord } from "../../src/acp/sessions/sessionIndex";
import type { SessionListItem } from "../../src/shared/wire/protocol";
import type { StoredEntry } from "../../src/shared/thread/storedTranscript";
import { MemoryJournalFs } from "../support/memoryJournalFs";
import { reply, user } from "../support/memoryArchive";

const WORKER = join(import.meta.dirname, "../../src/acp/history/historyWorker.ts");
const fts = probeFts5().ok;

/** Writes a conversation into the journal as the panel's writer would, and tells the archive. */
async function journal(
  fs: MemoryJournalFs,
  archive: JournalArchive,
  agent: string,
  sessionId: string,
  entries: StoredEntry[],
) {
  const key = conversationKey(agent, sessionId);
  const lines = [
    recordLine({ t: "o", w: "test", at: 1, agent, sessionId, cwd: "/w" }),
    ...entries.map((e, j) => recordLine({ t: "e", j, e })),
  ];
  await fs.append(journalFile(JOURNAL, key), lines.join(""));
  archive.changed(key);
}

const JOURNAL = "/journal";

for (const engine of fts ? (["fts5", "scan"] as const) : (["scan"] as const)) {
  describe(`the history over the conversation journal (${engine})`, () => {
    let scratch: string;
    let records: SessionRecord[] = [];
    const index = new SessionIndex({ read: () => records, write: (next) => (records = next) });
    const fs = new MemoryJournalFs();
    const archive = new JournalArchive(fs, JOURNAL, () => Date.now());
    const deleted: string[] = [];
    let history: SessionHistory;
    const agentList: SessionListItem[] = [
      { agent: "Codex", sessionId: "listed", cwd: "/w", title: "Listed by the agent", status: "closed" },
    ];

    before(() => {
      scratch = mkdtempSync(join(tmpdir(), "acp-history-list-"));
      const service = new HistoryService(
        archive,
        workerIndex({ script: WORKER, path: join(scratch, "index.sqlite"), noFts: engine === "scan" }),
      );
      history = new SessionHistory(
        {
          listSessions: async () => agentList,
          deleteSession: async (agent, sessionId) => {
            deleted.push(`${agent}/${sessionId}`);
            index.remove(agent, sessionId);
          },
        },
        service,
      );
    });
    after(async () => {
      await history.service.dispose();
      rmSync(scratch, { recursive: true, force: true });
    });

    it("lists every kept conversation beside the agents' lists, and finds a written transcript by its text", async () => {
      index.upsert({ agent: "Demo", sessionId: "s1", cwd: "/w", updatedAt: "2026-12-01T10:00:00Z", title: "Plan" });
      const diff: StoredEntry = {
        kind: "tool_call",
        title: "Edit a.ts",
        toolKind: "edit",
        status: "completed",
        content: [
          { type: "diff", path: "/w/a.ts", newText: "x" },
          { type: "diff", path: "/w/b.ts", newText: "y" },
        ],
        locations: [],
      };
      const entries = [user("Plan for the morning\nremember the violet harbour lantern"), reply("Noted."), diff];
      await journal(fs, archive, "Demo", "s1", entries);
      const listed = await history.list();
      assert.deepEqual(listed.map((item) => `${item.agent}/${item.sessionId}`).sort(), ["Codex/listed", "Demo/s1"]);
      const kept = listed.find((item) => item.sessionId === "s1")!;
      assert.equal(kept.status, "closed");
      assert.equal(kept.changedFiles, 2);
      const hits = await history.search("harbour lantern");
      assert.deepEqual(
        hits.map((h) => `${h.agent}/${h.sessionId}`),
        ["Demo/s1"],
      );
      assert.ok(hits[0]!.snippet.some((part) => part.match && /lantern/i.test(part.text)));
    });

    it("Delete Session… removes the conversation and its index entries", async () => {
      await history.delete("Demo", "s1");
      assert.deepEqual(deleted, ["Demo/s1"]);
      assert.deepEqual(await history.search("lantern"), []);
      assert.deepEqual(await archive.entries(conversationKey("Demo", "s1")), []);
      assert.deepEqual(
        (await history.list()).map((item) => item.sessionId),
        ["listed"],
      );
    });
  });
}

describe("mergeHistory", () => {
  it("keeps the agents' rows and adds changed files and cost from the archive", () => {
    const merged = mergeHistory(
      [{ agent: "A", sessionId: "1", cwd: "/w", title: "Agent's title", status: "idle", tabKey: "tab-1" }],
      [
        {
          key: "k1",
          agent: "A",
          sessionId: "1",
          title: "Archive title",
          startedAt: 1,
          updatedAt: 2,
          entryCount: 3,
          bytes: 4,
          changedFiles: 2,
          cost: { amount: 1.5, currency: "USD" },
        },
        { key: "k2", agent: "B", sessionId: "2", startedAt: 1, updatedAt: 5, entryCount: 1, bytes: 1, archived: true },
      ],
    );
    assert.deepEqual(
      merged.find((item) => item.sessionId === "1"),
      {
        agent: "A",
        sessionId: "1",
        cwd: "/w",
        title: "Agent's title",
        status: "idle",
        tabKey: "tab-1",
        changedFiles: 2,
        cost: { amount: 1.5, currency: "USD" },
      },
    );
    assert.deepEqual(
      merged.find((item) => item.sessionId === "2"),
      {
        agent: "B",
        sessionId: "2",
        cwd: "",
        title: "Untitled session",
        updatedAt: new Date(5).toISOString(),
        status: "closed",
        archived: true,
      },
    );
  });
});

describe("one conversation's summary", () => {
  it("is the listed one, and reads that conversation's journal only, however many are kept", async () => {
    const fs = new MemoryJournalFs();
    const archive = new JournalArchive(fs, JOURNAL, () => Date.now());
    // More conversations than the archive keeps folds of: listing them reads every journal.
    for (let n = 0; n < 40; n++) await journal(fs, archive, "Demo", `s${n}`, [user(`prompt ${n}`), reply("ok")]);
    const key = conversationKey("Demo", "s7");
    const listed = (await archive.list()).find((summary) => summary.key === key);
    await journal(fs, archive, "Demo", "s7", [user("prompt 7"), reply("ok"), reply("one more")]);
    const reads = fs.readPaths.length;
    const summary = await archive.summary(key);
    assert.deepEqual(
      new Set(fs.readPaths.slice(reads)),
      new Set([journalFile(JOURNAL, key)]),
      "only the changed conversation's journal was read",
    );
    assert.deepEqual(summary, { ...listed, entryCount: 3, updatedAt: summary?.updatedAt, bytes: summary?.bytes });
    assert.ok(summary!.bytes > listed!.bytes);
    assert.equal(await archive.summary(conversationKey("Demo", "unknown")), undefined);
  });
});
