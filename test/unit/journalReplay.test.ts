/**
 * Agents that can load sessions, over the journal: the journal's copy is what the tab shows while
 * the agent replays (the replay then replaces it), and it is the fallback when the load fails.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import type { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { JournalArchive } from "../../src/acp/journal/journalArchive";
import { nodeJournalFs } from "../../src/acp/journal/journalFs";
import type { ChatSession } from "../../src/acp/sessions/chatSession";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { fixedWorkspace, steppingClock } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { scratchDir } from "../support/scratchDir";
import { entriesOf } from "../support/threadReaders";

after(disposeManagers);

const loading = fakeAgent("Loader", { FAKE_AGENT_PROFILE: "quirks", FAKE_AGENT_STATE: tempStatePath() });
const failing = fakeAgent("Gemini", { FAKE_AGENT_PROFILE: "quirks", FAKE_AGENT_LOAD_ERROR: "gemini" });
const workspace = scratchDir("acp-journal-replay-ws-");

function windowOn(dir: string, sessions: ReturnType<typeof memorySessionStorage>): SessionManager {
  const clock = steppingClock();
  const archive = new JournalArchive(nodeJournalFs, dir, () => Date.now());
  return memoryManager([loading.launch, failing.launch], {
    deps: { workspace: fixedWorkspace(workspace), clock },
    index: new SessionIndex(sessions),
    transcripts: new TabJournals({
      archive,
      fs: nodeJournalFs,
      clock,
      writerId: "w",
      cwd: () => workspace,
      budgetBytes: () => 1e9,
    }),
  }).m;
}

const userTexts = (tab: ChatSession) => entriesOf(tab.store.state.thread, "user").map((entry) => entry.text);

test("while a loading agent replays, the tab shows the journal's copy; the replay then replaces it", async () => {
  const dir = scratchDir("acp-journal-replay-");
  const sessions = memorySessionStorage();
  const before = windowOn(dir, sessions);
  const tab = await before.newTab("Loader");
  await tab.prompt("basic-stream remembered by the journal");
  const id = tab.sessionId!;
  await before.dispose();

  const reloaded = windowOn(dir, sessions);
  const seenWhileLoading: string[][] = [];
  const opening = reloaded.openTab(async (session) => {
    // What the tab shows as "Loading session…" begins (the replay is held from then on, so reading the
    // state later would fold it in).
    session.store.subscribe((action) => {
      if (action.type === "connection/loading") seenWhileLoading.push(userTexts(session));
    });
    await session.openExisting("Loader", id);
  });
  const restored = await opening;
  assert.ok(
    seenWhileLoading.some((texts) => texts.includes("basic-stream remembered by the journal")),
    `the journal's copy was on screen during the load: ${JSON.stringify(seenWhileLoading.slice(0, 3))}`,
  );
  assert.equal(restored.store.state.connection.status, "ready");
  assert.deepEqual(userTexts(restored), ["basic-stream remembered by the journal"], "replayed once, not doubled");
});

test("a load that fails falls back to the journal's copy, and a new session continues it", async () => {
  const dir = scratchDir("acp-journal-fallback-");
  const sessions = memorySessionStorage();
  const before = windowOn(dir, sessions);
  const tab = await before.newTab("Gemini");
  await tab.prompt("hello before the failed load");
  const oldId = tab.sessionId!;
  await before.dispose();

  const reloaded = windowOn(dir, sessions);
  const restored = await reloaded.openSession("Gemini", oldId);
  assert.equal(restored.store.state.connection.status, "ready");
  assert.deepEqual(userTexts(restored), ["hello before the failed load"]);
  assert.notEqual(restored.sessionId, oldId);
  assert.deepEqual(entriesOf(restored.store.state.thread, "error"), []);
});
