/**
 * Issue 29 at host level: tabs of one agent run on one fake-agent process. Each tab keeps its own
 * session, replies and permission requests; a crash restarts the process once and every tab
 * resumes its own session on the new one, saying what happened; the last tab's close leaves the
 * process for the grace period.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import type { ChatSession } from "../../src/acp/sessions/chatSession";
import { fakeAgentProcess, tempStatePath } from "../support/fakeAgentLaunch";
import { ManualClock, MemoryLogger, definitionOf, steppingClock } from "../support/memoryPorts";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { AgentLaunch, Clock } from "../../src/acp/ports";
import { assistantText, entriesOf } from "../support/threadReaders";
import { agentPids, isAlive, waitForExit } from "../support/agentPids";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { waitFor } from "../support/waitFor";

afterEach(disposeManagers);

function manager(
  launches: Array<AgentLaunch | AgentDefinition>,
  clock: Clock = steppingClock(),
  logger = new MemoryLogger(),
) {
  return memoryManager(launches, { deps: { clock, logger, restartDelaysMs: [20] } }).m;
}

function initializes(agent: ReturnType<typeof fakeAgentProcess>): number {
  return agent.received().filter((m) => m.method === "initialize").length;
}

const connection = (tab: ChatSession) => tab.store.state.connection;

test("three tabs of one agent share one process: one initialize, three sessions, each tab's replies and permissions its own", async () => {
  // The fake agent runs one prompt at a time per process, across its sessions (as Bub does).
  const agent = fakeAgentProcess("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const logger = new MemoryLogger();
  const m = manager([agent.launch], steppingClock(), logger);
  const tabs = [await m.newTab("Fake B"), await m.newTab("Fake B"), await m.newTab("Fake B")];
  assert.equal(initializes(agent), 1, "initialize once per process");
  assert.equal(agentPids(logger).length, 1, "one agent process");
  assert.equal(new Set(tabs.map((tab) => tab.sessionId)).size, 3, "a session per tab");
  assert.equal(agent.received().filter((msg) => msg.method === "session/new").length, 3);

  const asking = tabs[1]!.prompt("q3-permission-first");
  const pending = await waitFor(
    () => tabs[1]!.store.state.thread.permissions,
    (list) => list.length === 1,
    "the permission in the second tab",
  );
  assert.equal(tabs[0]!.store.state.thread.permissions.length, 0);
  assert.equal(tabs[2]!.store.state.thread.permissions.length, 0);
  // Another tab cannot answer it: its services do not hold the request.
  tabs[0]!.answerPermission(pending[0]!.requestId, "cancel");
  assert.equal(tabs[1]!.store.state.thread.permissions.length, 1);
  tabs[1]!.answerPermission(pending[0]!.requestId, "proceed_once");
  await asking;
  await Promise.all([tabs[0]!.prompt("hello"), tabs[2]!.prompt("basic-stream")]);
  assert.match(assistantText(tabs[1]!.store.state.thread), /^Permission: selected proceed_once\.$/);
  assert.match(assistantText(tabs[0]!.store.state.thread), /demo agent/);
  assert.doesNotMatch(assistantText(tabs[0]!.store.state.thread), /Permission/);
  assert.doesNotMatch(assistantText(tabs[2]!.store.state.thread), /Permission|demo agent/);
});

test("a crash with three tabs on one process restarts it once, and every tab resumes its own session", async () => {
  const agent = fakeAgentProcess("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const logger = new MemoryLogger();
  const m = manager([agent.launch], steppingClock(), logger);
  const tabs = [await m.newTab("Fake B"), await m.newTab("Fake B"), await m.newTab("Fake B")];
  const sessions = tabs.map((tab) => tab.sessionId);
  await Promise.all(tabs.map((tab, i) => tab.prompt(i === 1 ? "basic-stream" : "hello")));
  const before = agentPids(logger);
  assert.equal(before.length, 1);

  await tabs[0]!.prompt("crash");
  for (const [i, tab] of tabs.entries()) {
    await waitFor(
      () => entriesOf(tab.store.state.thread, "notice").map((n) => n.title),
      (titles) => titles.includes("Reconnected to Fake B and resumed the session."),
      `tab ${i + 1} resumed`,
    );
    await waitFor(
      () => connection(tab),
      (c) => c.status === "ready",
      `tab ${i + 1} ready`,
    );
    assert.deepEqual(connection(tab), { status: "ready", agent: "Fake B", sessionId: sessions[i] });
    const errors = entriesOf(tab.store.state.thread, "error").map((e) => e.message);
    assert.ok(
      errors.includes("The agent exited with code 3."),
      `tab ${i + 1} says what happened: ${errors.join(" | ")}`,
    );
  }
  assert.equal(agentPids(logger).length, 2, "restarted once, not once per tab");
  assert.equal(isAlive(before[0]!), false);
  assert.equal(initializes(agent), 2);
  const resumed = agent
    .received()
    .filter((msg) => msg.method === "session/resume")
    .map((msg) => (msg.params as { sessionId: string }).sessionId);
  assert.deepEqual([...resumed].sort(), [...sessions].sort(), "each session resumed once on the new process");
  assert.equal(new Set(tabs.map((tab) => tab.agentClient)).size, 1, "all three on the new process");
  // Each tab's transcript is still its own, and the next turn works on the new process.
  assert.deepEqual(
    tabs.map((tab) => entriesOf(tab.store.state.thread, "user").map((e) => e.text)),
    [["hello", "crash"], ["basic-stream"], ["hello"]],
  );
  await tabs[2]!.prompt("hello");
  assert.equal(tabs[2]!.store.state.thread.turn.phase, "idle");
  assert.equal(agentPids(logger).length, 2);
});

test("closing the last tab keeps the process for the grace period; a new tab in it reuses the process", async () => {
  const agent = fakeAgentProcess("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const logger = new MemoryLogger();
  const clock = new ManualClock();
  const m = manager([agent.launch], clock, logger);
  await m.newTab("Fake B");
  await m.newTab("Fake B");
  const [pid] = agentPids(logger);
  await m.closeTab("tab-1");
  await m.closeTab("tab-2");
  assert.equal(isAlive(pid!), true, "alive with no tab, during the grace period");
  await m.newTab("Fake B");
  assert.equal(agentPids(logger).length, 1, "the new tab took the running process over");
  await m.closeTab("tab-3");
  clock.advance(30_000);
  await waitForExit(pid!, "the process ends after the grace period");
});

test('"processPerSession": true gives each tab its own process', async () => {
  const agent = fakeAgentProcess("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const logger = new MemoryLogger();
  const m = manager([{ ...definitionOf(agent.launch), processPerSession: true }], steppingClock(), logger);
  await m.newTab("Fake B");
  await m.newTab("Fake B");
  assert.equal(agentPids(logger).length, 2);
  assert.equal(initializes(agent), 2);
});
