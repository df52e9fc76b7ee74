/**
 * The journal at host level: SessionManager windows over the journal (TabJournals + JournalArchive)
 * with the fake agent, which cannot reopen sessions. A 1,500-entry conversation is whole after a
 * reload; a full or read-only disk warns once, the conversation goes on, and writing resumes with
 * nothing lost; two windows on one journal folder keep each other's conversations; a damaged
 * journal loads what is valid and says how much was skipped.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readFileSync, readdirSync } from "node:fs";
import type { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile, nodeJournalFs, type JournalFs } from "../../src/acp/journal/journalFs";
import { entriesOf as foldedEntries, foldJournal } from "../../src/acp/journal/journalRecords";
import { JOURNAL_TEXT_LIMIT, storedEntriesOf } from "../../src/shared/thread/storedTranscript";
import type { ChatSession } from "../../src/acp/sessions/chatSession";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { MemoryJournalFs } from "../support/memoryJournalFs";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { fixedWorkspace, steppingClock } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { scratchDir } from "../support/scratchDir";
import { entriesOf } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";

after(disposeManagers);

const agent = fakeAgent("Demo");
const workspace = scratchDir("acp-journal-workspace-");

interface Window {
  readonly manager: SessionManager;
  readonly journals: TabJournals;
  readonly archive: JournalArchive;
  readonly health: unknown[];
}

/** One VS Code window: a manager whose tabs write the journal in `dir`. */
function windowOn(
  dir: string,
  fs: JournalFs = nodeJournalFs,
  writerId = "window-1",
  sessions = memorySessionStorage(),
) {
  const clock = steppingClock(Date.parse("2026-12-01T10:00:00Z"));
  const archive = new JournalArchive(fs, dir, () => Date.now());
  const health: unknown[] = [];
  const journals = new TabJournals({
    archive,
    fs,
    clock,
    writerId,
    cwd: () => "/workspace",
    budgetBytes: () => 1024 * 1024 * 1024,
    onHealth: (problem) => health.push(problem),
  });
  const { m: manager } = memoryManager([agent.launch], {
    deps: { workspace: fixedWorkspace(workspace), clock },
    index: new SessionIndex(sessions),
    transcripts: journals,
  });
  return { manager, journals, archive, health } satisfies Window;
}

const userTexts = (tab: ChatSession) => entriesOf(tab.store.state.thread, "user").map((entry) => entry.text);
const noticeTitles = (tab: ChatSession) => entriesOf(tab.store.state.thread, "notice").map((entry) => entry.title);

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

test("Delete Session removes the journal and tells the archive's listeners", async () => {
  const dir = scratchDir("acp-journal-delete-");
  const w = windowOn(dir);
  const changed: string[] = [];
  w.archive.onDidChange((key) => changed.push(key));
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("hello, then delete");
  const id = tab.sessionId!;
  const key = conversationKey("Demo", id);
  await waitFor(() => changed.includes(key), Boolean, "a write reported");
  await w.manager.deleteSession("Demo", id);
  assert.deepEqual(await w.archive.entries(key), []);
  assert.equal((await w.archive.list()).length, 0);
  assert.ok(changed.filter((k) => k === key).length >= 2, "written, then removed");
  const reopened = await w.manager.openSession("Demo", id);
  assert.deepEqual(userTexts(reopened), []);
});

test("Delete Session of an open tab whose journal write is still in flight: the conversation does not come back", async () => {
  // The tab's writer is closed when its tab closes; that close was not waited for, so its last
  // write could land after the journal was set aside and list the deleted conversation again.
  const dir = scratchDir("acp-journal-delete-inflight-");
  let held: (() => void) | undefined;
  let hold = false;
  let inFlight = 0;
  const gate = () => (hold ? new Promise<void>((resolve) => (held = resolve)) : Promise.resolve());
  const slowFs: JournalFs = {
    ...nodeJournalFs,
    append: async (path, data) => {
      inFlight++;
      try {
        await gate();
        await nodeJournalFs.append(path, data);
      } finally {
        inFlight--;
      }
    },
  };
  const w = windowOn(dir, slowFs);
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("hello, then delete at once");
  const id = tab.sessionId!;
  hold = true;
  const deleting = w.manager.deleteSession("Demo", id);
  await waitFor(() => held, Boolean, "the tab's last journal write to start");
  hold = false;
  held!();
  await deleting;
  await waitFor(() => inFlight === 0, Boolean, "no journal write in flight");
  await w.journals.flush();
  assert.deepEqual(
    (await w.archive.list()).map((s) => s.sessionId),
    [],
    "the deleted conversation is not listed again",
  );
  assert.deepEqual(
    readdirSync(dir).filter((name) => name.endsWith(".jsonl")),
    [],
    "no live journal left",
  );
  assert.equal((await w.archive.retired()).length, 1, "set aside once, for Undo");
});

test("Undo of Delete Session: the journal comes back byte for byte, and the session reopens with its conversation", async () => {
  const dir = scratchDir("acp-journal-undo-");
  const w = windowOn(dir);
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("remember the violet lantern");
  const id = tab.sessionId!;
  await w.journals.flush();
  const key = conversationKey("Demo", id);
  const before = readFileSync(journalFile(dir, key), "utf8");
  await w.manager.deleteSession("Demo", id);
  assert.deepEqual(
    readdirSync(dir).filter((name) => name.endsWith(".jsonl")),
    [],
    "no live journal left",
  );
  assert.equal((await w.archive.retired()).length, 1, "set aside, not deleted");
  assert.equal(await w.journals.bringBack("Demo", id), true);
  assert.equal(readFileSync(journalFile(dir, key), "utf8"), before);
  assert.deepEqual(
    (await w.archive.list()).map((s) => s.sessionId),
    [id],
  );
  const reopened = await w.manager.openSession("Demo", id);
  assert.equal(userTexts(reopened)[0], "remember the violet lantern");
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
