/**
 * The journal at host level, what a later window finds: a 1,500-entry conversation with an agent
 * that cannot reopen sessions is whole after a reload; two windows on one journal folder keep each
 * other's conversations; a damaged journal loads what is valid and says how much was skipped; and
 * the transcripts once kept in workspace state become journals once.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readFileSync, readdirSync } from "node:fs";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile, nodeJournalFs } from "../../src/acp/journal/journalFs";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { disposeManagers } from "../support/memoryManager";
import { scratchDir } from "../support/scratchDir";
import { noticeTitles, userTexts, windowOn } from "../support/journalWindows";

after(disposeManagers);

test("a 1,500-entry conversation with an agent that cannot reopen sessions is whole after a reload, and after a second one", async () => {
  const dir = scratchDir("acp-journal-long-");
  const sessions = memorySessionStorage();
  const before = windowOn(dir, nodeJournalFs, "window-1", sessions);
  const tab = await before.manager.newTab("Demo");
  await tab.prompt("benchtools 749 long");
  const shown = tab.store.state.thread.entries.length;
  assert.ok(shown >= 1_500, `${shown} entries`);
  const oldId = tab.sessionId!;
  await before.manager.dispose();

  const reloaded = windowOn(dir, nodeJournalFs, "window-2", sessions);
  const restored = await reloaded.manager.openSession("Demo", oldId);
  const thread = restored.store.state.thread;
  assert.equal(userTexts(restored)[0], "benchtools 749 long", "the first entry is back");
  assert.ok(thread.entries.length >= shown, `${thread.entries.length} of ${shown} entries`);
  await restored.prompt("after the first reload");
  const newId = restored.sessionId!;
  assert.notEqual(newId, oldId);
  await reloaded.manager.dispose();
  // The continuation starts from the old conversation instead of copying it.
  const continued = readFileSync(journalFile(dir, conversationKey("Demo", newId)), "utf8");
  assert.ok(continued.length < 20_000, `the new session's journal holds only what is new (${continued.length} bytes)`);

  const again = windowOn(dir, nodeJournalFs, "window-3", sessions);
  const second = await again.manager.openSession("Demo", newId);
  assert.deepEqual(userTexts(second), ["benchtools 749 long", "after the first reload"]);
  assert.ok(second.store.state.thread.entries.length >= shown + 2);
});

test("two windows on one journal folder: each keeps its own conversations, and neither drops the other's", async () => {
  const dir = scratchDir("acp-journal-two-");
  const one = windowOn(dir, nodeJournalFs, "window-a");
  const two = windowOn(dir, nodeJournalFs, "window-b");
  const [a, b] = await Promise.all([one.manager.newTab("Demo"), two.manager.newTab("Demo")]);
  // Interleaved turns, both windows writing at once.
  await Promise.all([a.prompt("from window A, first"), b.prompt("from window B, first")]);
  await Promise.all([a.prompt("from window A, second"), b.prompt("from window B, second")]);
  const [idA, idB] = [a.sessionId!, b.sessionId!];
  await Promise.all([one.manager.dispose(), two.manager.dispose()]);

  const files = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  assert.equal(files.length, 2, "one journal per session");
  const third = windowOn(dir, nodeJournalFs, "window-c");
  const listed = await third.archive.list();
  assert.deepEqual(listed.map((summary) => summary.sessionId).sort(), [idA, idB].sort());
  const texts = async (id: string) =>
    (await third.archive.entries(conversationKey("Demo", id))).flatMap((e) => (e.kind === "user" ? [e.text] : []));
  assert.deepEqual(await texts(idA), ["from window A, first", "from window A, second"]);
  assert.deepEqual(await texts(idB), ["from window B, first", "from window B, second"]);
});

test("a damaged journal: the valid entries load and a notice says how many lines were skipped", async () => {
  const dir = scratchDir("acp-journal-damaged-");
  const sessions = memorySessionStorage();
  const before = windowOn(dir, nodeJournalFs, "window-1", sessions);
  const tab = await before.manager.newTab("Demo");
  await tab.prompt("hello before the damage");
  const id = tab.sessionId!;
  await before.manager.dispose();
  const path = journalFile(dir, conversationKey("Demo", id));
  appendFileSync(path, 'not json at all\n{"t":"e","j":0,"e":{"kind":"user","text":7}}\n{"t":"e","j":9,"e":{"kind":"us');

  const reloaded = windowOn(dir, nodeJournalFs, "window-2", sessions);
  const restored = await reloaded.manager.openSession("Demo", id);
  assert.deepEqual(userTexts(restored), ["hello before the damage"]);
  assert.ok(
    noticeTitles(restored).some(
      (title) => title === "2 damaged line(s) of this conversation's journal were skipped; the rest loaded.",
    ),
    noticeTitles(restored).join(" | "),
  );
});

test("migration: the transcripts kept in workspace state become journals once, even with two windows racing", async () => {
  const { migrateTranscripts } = await import("../../src/acp/journal/journalMigration");
  const dir = scratchDir("acp-journal-migrate-");
  const archive = new JournalArchive(nodeJournalFs, dir, () => Date.now());
  const old = [
    {
      agent: "Demo",
      sessionId: "s-old",
      title: "Old one",
      savedAt: 5,
      entries: [{ kind: "user", text: "from before" }],
    },
    { agent: "Demo", sessionId: "s-bad", savedAt: 6, entries: "not a list" },
  ];
  const counts = await Promise.all([
    migrateTranscripts(archive, nodeJournalFs, old, "/w"),
    migrateTranscripts(archive, nodeJournalFs, old, "/w"),
  ]);
  assert.equal(counts[0]! + counts[1]!, 1, "written once");
  const listed = await archive.list();
  assert.deepEqual(
    listed.map((s) => [s.sessionId, s.title, s.entryCount]),
    [["s-old", "Old one", 1]],
  );
  assert.equal(await migrateTranscripts(archive, nodeJournalFs, old, "/w"), 0, "a second run changes nothing");
});
