/**
 * Which thread a tab's journal writer may read: never one the tab reset for another session (a
 * timer that fires after the switch must not cut the old conversation), and a crash's error
 * belongs to the conversation it ended.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import { ManualClock } from "../support/memoryPorts";
import { MemoryJournalFs } from "../support/memoryJournalFs";

function setUp() {
  const fs = new MemoryJournalFs();
  const clock = new ManualClock();
  const archive = new JournalArchive(fs, "/j", () => clock.now());
  const journals = new TabJournals({
    archive,
    fs,
    clock,
    writerId: "w",
    cwd: () => "/w",
    budgetBytes: () => 1e9,
  });
  const store = new PanelStore();
  const tab = { store, sessionId: "s1" as string | undefined, continues: undefined };
  return { fs, archive, journals, store, tab, clock };
}

/** What the journal file holds (a second archive on the same disk: it has no writers of its own). */
const texts = async (fs: MemoryJournalFs, sessionId: string) =>
  (await new JournalArchive(fs, "/j", () => 0).entries(conversationKey("Demo", sessionId))).map((e) =>
    e.kind === "user" ? e.text : e.kind,
  );

test("a write that falls due after the tab was reset for a new session leaves the old conversation whole", async () => {
  const { fs, journals, store, tab, clock } = setUp();
  store.dispatch({ type: "connection/ready", agent: "Demo", sessionId: "s1" });
  store.dispatch({ type: "turn/started", entryId: "u1", text: "first conversation", at: 1 });
  journals.keep(tab, true);
  await journals.flush();
  store.dispatch({ type: "turn/started", entryId: "u2", text: "second message", at: 2 });
  journals.keep(tab, true);
  await journals.flush();
  journals.keep(tab, false); // a write is now due in 250 ms
  store.dispatch({ type: "thread/reset" });
  store.dispatch({ type: "connection/starting", agent: "Demo" });
  clock.advance(1_000);
  await journals.flush();
  assert.deepEqual(await texts(fs, "s1"), ["first conversation", "second message"]);
});

test("the error a crash leaves is written to the conversation it ended", async () => {
  const { fs, journals, store, tab } = setUp();
  store.dispatch({ type: "connection/ready", agent: "Demo", sessionId: "s1" });
  store.dispatch({ type: "turn/started", entryId: "u1", text: "hello", at: 1 });
  journals.keep(tab, true);
  store.dispatch({ type: "thread/error", entryId: "e1", message: "The agent was killed by SIGKILL." });
  store.dispatch({ type: "connection/failed", agent: "Demo", message: "The agent was killed by SIGKILL." });
  journals.keep(tab, true);
  await journals.flush();
  assert.deepEqual(await texts(fs, "s1"), ["hello", "error"]);
});

test("a conversation a tab is writing is read from its writer, not parsed from the journal again, and matches the file", async () => {
  const { fs, archive, journals, store, tab } = setUp();
  store.dispatch({ type: "connection/ready", agent: "Demo", sessionId: "s1" });
  store.dispatch({ type: "turn/started", entryId: "u1", text: "hello", at: 1 });
  journals.keep(tab, true);
  await journals.flush();
  store.dispatch({ type: "turn/started", entryId: "u2", text: "again", at: 2 });
  journals.keep(tab, true);
  await journals.flush();
  const reads = fs.reads;
  const live = await archive.entries(conversationKey("Demo", "s1"));
  assert.equal(fs.reads - reads, 0, "the history's index reads this after every write: no file read");
  assert.deepEqual(live, await new JournalArchive(fs, "/j", () => 0).entries(conversationKey("Demo", "s1")));
  assert.deepEqual(
    live.map((e) => (e.kind === "user" ? e.text : e.kind)),
    ["hello", "again"],
  );
  await journals.release(tab);
  assert.deepEqual(
    (await archive.entries(conversationKey("Demo", "s1"))).length,
    2,
    "from the file once the tab let go",
  );
});
