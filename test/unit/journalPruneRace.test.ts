/**
 * Two windows on one journal folder (issue 27, "Faults survived"): one window's disk-budget prune
 * may remove a conversation another window still has open, once that one has been quiet for the
 * prune's grace period (the pruning window can't know what other windows hold open). The window
 * writing it must then write it whole again, never append to a file that lost its opening record
 * and first entries (the conversation fell out of the history, and a reload showed only what came
 * after the prune).
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive, conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile, nodeJournalFs } from "../../src/acp/journal/journalFs";
import { foldJournal } from "../../src/acp/journal/journalRecords";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { fixedWorkspace, steppingClock } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { scratchDir } from "../support/scratchDir";
import { changed, firstTurn, memoryJournalTab, usage } from "../support/memoryJournalTab";

after(disposeManagers);

const agent = fakeAgent("Demo");

test("a conversation pruned by another window while open here is written whole again, and stays in the history", async () => {
  const dir = scratchDir("acp-journal-prune-race-");
  const archive = new JournalArchive(nodeJournalFs, dir, () => Date.now());
  const journals = new TabJournals({
    archive,
    fs: nodeJournalFs,
    clock: steppingClock(Date.parse("2026-12-01T10:00:00Z")),
    writerId: "window-a",
    cwd: () => "/workspace",
    budgetBytes: () => 1024 * 1024 * 1024,
  });
  const { m: manager } = memoryManager([agent.launch], {
    deps: { workspace: fixedWorkspace(scratchDir("acp-journal-prune-race-ws-")), clock: steppingClock() },
    transcripts: journals,
  });
  const tab = await manager.newTab("Demo");
  await tab.prompt("hello from the first window");
  await journals.flush();
  const key = conversationKey("Demo", tab.sessionId!);
  assert.ok(existsSync(journalFile(dir, key)));

  // The other window, over its budget, eleven minutes later: this conversation is the oldest and not its own.
  const other = new JournalArchive(nodeJournalFs, dir, () => Date.now() + 11 * 60_000);
  const pruned = await other.prune(0, new Set());
  assert.deepEqual(
    pruned.map((p) => p.key),
    [key],
  );

  await tab.prompt("hello after the other window pruned");
  await journals.flush();
  const fresh = new JournalArchive(nodeJournalFs, dir, () => Date.now());
  const listed = (await fresh.list()).find((summary) => summary.key === key);
  assert.equal(listed?.agent, "Demo", "the conversation is in the history again, with its agent");
  const users = (await fresh.entries(key)).flatMap((entry) => (entry.kind === "user" ? [entry.text] : []));
  assert.deepEqual(users, ["hello from the first window", "hello after the other window pruned"]);
});

test("a conversation written whole again keeps its cost and changed files (the history row's facts)", async () => {
  const { fs, journals, store, tab } = memoryJournalTab();
  firstTurn(store, "fix the parser");
  store.dispatch(usage(0.25));
  store.dispatch(changed("/w/src/parser.ts"));
  journals.keep(tab, true);
  await journals.flush();
  const path = journalFile("/j", conversationKey("Demo", "s1"));
  fs.files.delete(path); // another window pruned it

  store.dispatch({ type: "turn/started", entryId: "u2", text: "and the lexer", at: 2 });
  journals.keep(tab, true);
  await journals.flush();
  const folded = foldJournal(fs.files.get(path)!.data);
  assert.deepEqual(folded.cost, { amount: 0.25, currency: "USD" });
  assert.deepEqual([...folded.changedPaths], ["/w/src/parser.ts"]);
});
