/**
 * Issue 29, leaving a session on a shared process: the tab gets the same AgentClient back (another
 * tab holds it), so a per-open identity, not the client, tells the old session from the new one.
 * The old session's late turn end stays out of the new transcript, its running turn is cancelled
 * (the process lives on for the other tab), and two quick opens leave only the second attached.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import type { ChatSession } from "../../src/acp/sessions/chatSession";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { steppingClock } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { assistantText, waitForReply } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";

afterEach(disposeManagers);

async function twoTabs() {
  const agent = fakeAgent("Fake");
  const { m } = memoryManager([agent.launch], { deps: { clock: steppingClock() } });
  const tabs = [await m.newTab("Fake"), await m.newTab("Fake")] as const;
  assert.equal(tabs[0].agentClient, tabs[1].agentClient, "one shared process");
  return { agent, m, tabs };
}

function cancelsOf(agent: ReturnType<typeof fakeAgent>): string[] {
  return agent
    .received()
    .filter((msg) => msg.method === "session/cancel")
    .map((msg) => (msg.params as { sessionId: string }).sessionId);
}

/** Starts the endless `long` turn and waits until it streams. */
async function longTurn(tab: ChatSession): Promise<{ ended: Promise<void> }> {
  const ended = tab.prompt("long");
  await waitForReply(tab, (text) => text.includes("Working, step 1."), "the long turn streams");
  return { ended };
}

test("the left session's late turn end on a shared process stays out of the new session's transcript", async () => {
  const { tabs } = await twoTabs();
  const [tab] = tabs;
  const oldSession = tab.sessionId!;
  const oldTurn = await longTurn(tab);
  await tab.start("Fake");
  assert.equal(tab.agentClient, tabs[1].agentClient, "the other tab kept the process: same client");
  assert.notEqual(tab.sessionId, oldSession);
  // The old turn ends late (the agent answers `cancelled`; the fake agent runs one prompt at a time).
  await tab.agentClient!.connection.cancel(oldSession);
  await oldTurn.ended;
  assert.deepEqual(tab.store.state.thread.turn, { phase: "idle" }, "no turn ended in the new session");
  await tab.prompt("hello");
  assert.deepEqual(tab.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("New Session and Restart on a shared process cancel the running turn of the session left", async () => {
  const { agent, tabs } = await twoTabs();
  const [tab] = tabs;
  const first = tab.sessionId!;
  void (await longTurn(tab));
  await tab.start("Fake");
  assert.equal(tab.agentClient, tabs[1].agentClient);
  await waitFor(
    () => cancelsOf(agent),
    (ids) => ids.includes(first),
    "session/cancel for the session left by New Session",
  );
  const second = tab.sessionId!;
  const old = tab.agentClient;
  void (await longTurn(tab)); // runs once the first turn is cancelled (one prompt at a time)
  await tab.restart();
  assert.notEqual(tab.agentClient, old, "Restart started a new process");
  assert.equal(tabs[1].agentClient, old, "the other tab keeps the old one");
  await waitFor(
    () => cancelsOf(agent),
    (ids) => ids.includes(second),
    "session/cancel for the session left on the old process by Restart",
  );
  assert.equal(tabs[1].store.state.thread.turn.phase, "idle");
});

test("two quick opens in one tab on a shared process: only the second session becomes the tab's", async () => {
  const { m, tabs } = await twoTabs();
  const [tab] = tabs;
  const ready: string[] = [];
  const listening = tab.store.subscribe((action) => {
    if (action.type === "connection/ready") ready.push(action.sessionId);
  });
  await Promise.all([tab.start("Fake"), tab.start("Fake")]);
  listening.dispose();
  assert.deepEqual(ready, [tab.sessionId], "the first open was superseded before it was ready");
  await tab.prompt("hello");
  assert.match(assistantText(tab.store.state.thread), /demo agent/);
  // The superseded open let its hold go: with both tabs closed the process is only in its grace period.
  const client = tab.agentClient!;
  await m.closeTab("tab-1");
  await m.closeTab("tab-2");
  assert.equal(m.processes.holders(client), 0);
});

test("closing a tab with a running turn on a shared process cancels that turn; the other tab's session is untouched", async () => {
  const { agent, m, tabs } = await twoTabs();
  const [tab, other] = tabs;
  const left = tab.sessionId!;
  void (await longTurn(tab));
  await m.closeTab("tab-1");
  assert.equal(m.processes.holders(other.agentClient!), 1, "the process lives on for the other tab");
  await waitFor(
    () => cancelsOf(agent),
    (ids) => ids.includes(left),
    "session/cancel for the closed tab's session",
  );
  assert.ok(!cancelsOf(agent).includes(other.sessionId!));
  await other.prompt("hello");
  assert.match(assistantText(other.store.state.thread), /demo agent/);
});
