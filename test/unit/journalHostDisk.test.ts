/**
 * The journal at host level when the disk objects: a full or read-only disk warns once, the
 * conversation goes on, and writing resumes with nothing lost; the disk budget prunes the
 * conversations touched longest ago.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile } from "../../src/acp/journal/journalFs";
import { entriesOf as foldedEntries, foldJournal } from "../../src/acp/journal/journalRecords";
import { JOURNAL_TEXT_LIMIT, storedEntriesOf } from "../../src/shared/thread/storedTranscript";
import { MemoryJournalFs } from "../support/memoryJournalFs";
import { disposeManagers } from "../support/memoryManager";
import { waitFor } from "../support/waitFor";
import { userTexts, windowOn } from "../support/journalWindows";

after(disposeManagers);

test("a full disk: one warning, the conversation goes on, and when space is back everything shown is written", async () => {
  const fs = new MemoryJournalFs(() => Date.now());
  const dir = "/journal-enospc";
  const w = windowOn(dir, fs);
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("hello before the disk fills");
  fs.fail = "ENOSPC";
  fs.partial = true;
  await tab.prompt("hello while the disk is full");
  await tab.prompt("and once more");
  await waitFor(
    () => w.health.length,
    (count) => count > 0,
    "a warning",
  );
  assert.equal(w.health.length, 1, "one warning, not one per write");
  assert.match(String(w.health[0]), /ENOSPC/);
  assert.deepEqual(userTexts(tab), ["hello before the disk fills", "hello while the disk is full", "and once more"]);
  assert.ok(fs.failures > 0, "writes were tried");

  fs.fail = undefined;
  await w.journals.flush();
  const journal = foldJournal(fs.files.get(journalFile(dir, conversationKey("Demo", tab.sessionId!)))!.data);
  assert.deepEqual(foldedEntries(journal), storedEntriesOf(tab.store.state.thread, JOURNAL_TEXT_LIMIT));
  assert.ok(journal.skipped <= fs.failures, "only the lines failed writes left half-written are skipped");
  assert.equal(w.health.at(-1), undefined, "recovery is reported");
});

test("a read-only journal folder behaves the same: the conversation goes on and writing resumes", async () => {
  const fs = new MemoryJournalFs(() => Date.now());
  const dir = "/journal-erofs";
  const w = windowOn(dir, fs);
  fs.fail = "EROFS";
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("hello on a read-only disk");
  assert.equal(tab.store.state.thread.turn.phase, "idle");
  await waitFor(
    () => w.health.length,
    (count) => count > 0,
    "a warning",
  );
  fs.fail = undefined;
  await w.journals.flush();
  const journal = foldJournal(fs.files.get(journalFile(dir, conversationKey("Demo", tab.sessionId!)))!.data);
  assert.deepEqual(foldedEntries(journal), storedEntriesOf(tab.store.state.thread, JOURNAL_TEXT_LIMIT));
});

test("the disk budget prunes the conversations touched longest ago, lists them, and a continuation of one says so", async () => {
  const fs = new MemoryJournalFs(() => Date.now());
  const dir = "/journal-budget";
  const archive = new JournalArchive(fs, dir, () => Date.now());
  const line = (record: object) => `${JSON.stringify(record)}\n`;
  const write = async (key: string, agentSession: string, text: string, mtime: number, base?: object) => {
    await fs.append(
      journalFile(dir, key),
      line({ t: "o", w: "w", at: mtime, agent: "Demo", sessionId: agentSession, ...(base ? { base } : {}) }) +
        line({ t: "e", j: base ? 1 : 0, e: { kind: "user", text } }),
    );
    fs.touch(journalFile(dir, key), mtime);
  };
  const hour = 3_600_000;
  const now = Date.now();
  await write("oldest", "s1", "a".repeat(500), now - 3 * hour);
  await write("middle", "s2", "b".repeat(500), now - 2 * hour);
  await write("newest", "s3", "c".repeat(500), now - 1 * hour, { key: "oldest", n: 1 });
  const sizes = await Promise.all(["oldest", "middle", "newest"].map((k) => fs.stat(journalFile(dir, k))));
  const total = sizes.reduce((sum, s) => sum + s.size, 0);
  const pruned = await archive.prune(total - 10, new Set());
  assert.deepEqual(
    pruned.map((p) => p.key),
    ["oldest"],
    "the oldest only, just enough",
  );
  assert.deepEqual(
    (await archive.pruned()).map((p) => p.key),
    ["oldest"],
  );
  const resolved = await archive.resolve("newest");
  assert.equal(resolved?.baseGone, "pruned");
  const { damageNotices } = await import("../../src/acp/journal/journalNotices");
  assert.match(JSON.stringify(damageNotices(resolved!)), /disk budget/);
  assert.deepEqual(await archive.prune(0, new Set(["middle", "newest"])), [], "active conversations are never pruned");
});
