/**
 * The history row's facts from the journal (issue 27 §2): the cost the agent reported through
 * `usage_update` and the files it changed are written to the journal (`c` and `f` records), so the
 * summary of a closed conversation has them after a reload; a continuation adds its base's cost in
 * the same currency; the user's own edits are not the agent's changes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { conversationKey } from "../../src/acp/journal/journalArchive";
import { foldJournal } from "../../src/acp/journal/journalRecords";
import { journalFile } from "../../src/acp/journal/journalFs";
import { mergeHistory } from "../../src/acp/history/sessionHistory";
import { ManualClock } from "../support/memoryPorts";
import { changed, firstTurn, memoryJournalTab, usage } from "../support/memoryJournalTab";

test("the cost the agent reported and the files it changed reach the journal and the history row", async () => {
  const { fs, archive, journals, store, tab } = memoryJournalTab();
  firstTurn(store, "fix the parser");
  store.dispatch(usage(0.12));
  store.dispatch(changed("/w/src/parser.ts"));
  store.dispatch(changed("/w/notes.md", "user"));
  journals.keep(tab, true);
  await journals.flush();
  store.dispatch(usage(0.3));
  store.dispatch(changed("/w/src/parser.ts"));
  store.dispatch(changed("/w/src/lexer.ts"));
  journals.keep(tab, true);
  await journals.flush();
  const text = fs.files.get(journalFile("/j", conversationKey("Demo", "s1")))!.data;
  assert.equal(text.split("\n").filter((l) => l.includes('"t":"f"')).length, 2, "only new paths are written again");
  const folded = foldJournal(text);
  assert.deepEqual(folded.cost, { amount: 0.3, currency: "USD" }, "the last report wins");
  assert.deepEqual([...folded.changedPaths].sort(), ["/w/src/lexer.ts", "/w/src/parser.ts"]);
  const [summary] = await archive.list();
  assert.deepEqual(summary?.cost, { amount: 0.3, currency: "USD" });
  assert.equal(summary?.changedFiles, 2);
  const [row] = mergeHistory([], await archive.list());
  assert.deepEqual([row?.status, row?.changedFiles, row?.cost], ["closed", 2, { amount: 0.3, currency: "USD" }]);
});

test("a conversation's cost adds the earlier session it continues, and a reopened writer does not repeat what it read", async () => {
  const { fs, archive, journals, store, tab } = memoryJournalTab();
  firstTurn(store, "first");
  store.dispatch(usage(1));
  store.dispatch(changed("/w/a.ts"));
  journals.keep(tab, true);
  await journals.flush();
  // The agent could not reopen s1: the tab goes on in s2, which continues it.
  tab.continues = "s1";
  store.dispatch({ type: "connection/ready", agent: "Demo", sessionId: "s2" });
  store.dispatch(usage(0.5));
  journals.keep(tab, true);
  await journals.flush();
  const summary = (await archive.list()).find((s) => s.sessionId === "s2");
  assert.deepEqual(summary?.cost, { amount: 1.5, currency: "USD" });
  assert.equal(summary?.changedFiles, 1);
  // A second window opening s1 again with the same facts writes no new c/f records.
  await journals.dispose();
  const again = memoryJournalTab();
  const before = fs.files.get(journalFile("/j", conversationKey("Demo", "s1")))!.data;
  const journals2 = new TabJournals({
    archive,
    fs,
    clock: new ManualClock(),
    writerId: "w2",
    cwd: () => "/w",
    budgetBytes: () => 1e9,
  });
  again.store.dispatch({ type: "connection/ready", agent: "Demo", sessionId: "s1" });
  again.store.dispatch({ type: "thread/restored", entries: [{ kind: "user", text: "first" }] });
  again.store.dispatch(usage(1));
  again.store.dispatch(changed("/w/a.ts"));
  journals2.keep(again.tab, true);
  await journals2.flush();
  const after = fs.files.get(journalFile("/j", conversationKey("Demo", "s1")))!.data;
  assert.doesNotMatch(after.slice(before.length), /"t":"(c|f)"/);
});
