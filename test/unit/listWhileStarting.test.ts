/**
 * Issue 27: the session list opened while a tab (restored after a reload) is still starting its
 * agent. The list read each tab's `initialize` result, which did not exist yet, so the listing
 * threw and the history stayed on "Loading sessions…". It now waits for an agent still starting
 * (bounded), and skips one that does not answer in time.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { SessionIndex, type SessionRecord } from "../../src/acp/sessions/sessionIndex";
import { LIST_WAIT_FOR_AGENT_MS } from "../../src/acp/sessions/sessionListing";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { ManualClock, steppingClock } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import type { AgentLaunch, Clock } from "../../src/acp/ports";
import { waitFor } from "../support/waitFor";

afterEach(disposeManagers);

function manager(launches: AgentLaunch[], clock: Clock = steppingClock(), records: SessionRecord[] = []) {
  return memoryManager(launches, { deps: { clock }, index: new SessionIndex(memorySessionStorage(records)) }).m;
}

test("the list opened while a restored tab's agent is still in initialize waits for it and lists its sessions", async () => {
  const state = tempStatePath();
  const before = fakeAgent("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: state });
  const first = manager([before.launch]);
  const tab = await first.newTab("Fake B");
  await tab.prompt("hello from before the reload");
  const earlier = tab.sessionId!;
  await first.dispose();

  // After the reload: a fresh manager (empty local index) restores the tab on a slow agent.
  const slow = fakeAgent("Fake B", {
    FAKE_AGENT_PROFILE: "bub",
    FAKE_AGENT_STATE: state,
    // Slow enough that the list surely opens before the answer, even on a loaded machine.
    FAKE_AGENT_SLOW_START: "3000",
  });
  const next = manager([slow.launch]);
  const restoring = next.openSession("Fake B", earlier);
  await waitFor(
    () => slow.received(),
    (messages) => messages.some((m) => m.method === "initialize"),
    "initialize sent",
  );
  assert.ok(!slow.sent().some((m) => m.id !== undefined && "result" in m), "initialize not answered yet");
  const listed = await next.listSessions();
  assert.ok(
    listed.some((item) => item.sessionId === earlier),
    `the agent's own list was read once it answered: ${JSON.stringify(listed)}`,
  );
  await restoring;
});

test("an agent that never answers initialize is skipped after a bounded wait: the list still arrives", async () => {
  const clock = new ManualClock(Date.parse("2026-11-29T10:00:00Z"));
  const stuck = fakeAgent("Stuck", { FAKE_AGENT_BEHAVIOUR: "never-initialize" });
  const known: SessionRecord = {
    agent: "Stuck",
    sessionId: "s-known",
    cwd: tmpdir(),
    title: "Known locally",
    updatedAt: "2026-11-28T10:00:00.000Z",
  };
  const m = manager([stuck.launch], clock, [known]);
  void m.openSession("Stuck", "s-known");
  await waitFor(
    () => stuck.received(),
    (messages) => messages.some((msg) => msg.method === "initialize"),
    "initialize sent",
  );
  let settled = false;
  const listing = m.listSessions().finally(() => (settled = true));
  await waitFor(
    () => clock.pending(),
    (pending) => pending.includes(LIST_WAIT_FOR_AGENT_MS),
    "the list waits for the agent, with a bound",
  );
  assert.equal(settled, false, "it waits rather than failing at once");
  clock.advance(LIST_WAIT_FOR_AGENT_MS);
  const listed = await listing;
  assert.deepEqual(
    listed.map((item) => [item.sessionId, item.title]),
    [["s-known", "Known locally"]],
    "the local index still lists the agent's sessions",
  );
});
