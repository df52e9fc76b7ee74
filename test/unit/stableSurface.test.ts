/**
 * ACP's stable surface, the last pieces (issue 28 item 5), against the fake agent, every message
 * checked with the SDK 2.4.0's own zod schemas:
 * - `logout`: offered only when the agent advertises `agentCapabilities.auth.logout`;
 * - `notice`: every notice a banner in the timeline, warnings and errors also a toast;
 * - `$/cancel_request` both ways: the agent withdraws a permission (answered `cancelled`) or a
 *   terminal wait (answered -32800); the client withdraws a prompt the agent would not stop.
 */
import { test, afterEach, after } from "node:test";
import assert from "node:assert/strict";
import { STOP_GRACE_MS } from "../../src/acp/client/session/stopGrace";
import type { AgentNotice } from "../../src/acp/client/session/sessionContext";
import { Cleanup, startedChat, turnUnderWay } from "../support/hostHarness";
import { assistantText, entriesOf } from "../support/threadReaders";
import { fakeAgent, type FakeAgentHandle, type WireMessage } from "../support/fakeAgentLaunch";
import { ManualClock, steppingClock } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { stableWire } from "../support/sdkSchemas";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());
after(disposeManagers);

/** The client's answer (result or error) to the agent's request `method`, the last one sent. */
function answerTo(agent: FakeAgentHandle, method: string): WireMessage | undefined {
  const asked = agent
    .sent()
    .filter((m) => m.method === method)
    .at(-1);
  return agent.received().find((m) => m.id === asked?.id && m.method === undefined);
}

function manager(agent: FakeAgentHandle) {
  return memoryManager([agent.launch], { deps: { clock: steppingClock() } }).m;
}

test("logout: Sign Out is offered only when the agent advertises auth.logout; it sends logout {}", async () => {
  const agent = fakeAgent("Signs out", { FAKE_AGENT_LOGOUT: "1" });
  const m = manager(agent);
  const tab = await m.newTab("Signs out");
  const key = m.activeTabKey!;
  const init = agent
    .sent()
    .find((msg) => msg.result && (msg.result as { agentCapabilities?: unknown }).agentCapabilities);
  const parsed = stableWire.zInitializeResponse.parse(init?.result);
  assert.deepEqual(parsed.agentCapabilities?.auth?.logout, {}, "the schema's field, as the agent sent it");
  assert.equal(m.actions.canSignOut(key), true);

  assert.equal(await m.actions.signOut(key), "Signs out");
  const request = agent.received().find((msg) => msg.method === "logout");
  assert.ok(stableWire.zLogoutRequest.safeParse(request?.params).success, "a valid LogoutRequest");
  const response = agent.received().length && agent.sent().find((msg) => msg.id === request?.id);
  assert.ok(stableWire.zLogoutResponse.safeParse((response as WireMessage).result).success);
  assert.ok(entriesOf(tab.store.state.thread, "notice").some((n) => n.title.startsWith("Signed out of Signs out.")));

  const plain = fakeAgent("Plain");
  const other = manager(plain);
  await other.newTab("Plain");
  assert.equal(other.actions.canSignOut(other.activeTabKey!), false, "not advertised: not offered");
  await assert.rejects(other.actions.signOut(other.activeTabKey!), /does not offer signing out/);
  assert.equal(plain.received().filter((msg) => msg.method === "logout").length, 0, "nothing sent");
});

test("notice: each severity is a banner in the timeline; warnings and errors are also toasts", async () => {
  const agent = fakeAgent();
  const toasts: Array<[string, AgentNotice]> = [];
  const { chat } = await startedChat(cleanup, [agent.launch], {
    agentNotice: (name, notice) => toasts.push([name, notice]),
  });
  await chat.prompt("notices");
  const sent = agent.sent().filter((m) => m.method === "session/update");
  const notices = sent.filter(
    (m) => (m.params as { update: { sessionUpdate: string } }).update.sessionUpdate === "notice",
  );
  assert.equal(notices.length, 3);
  for (const notice of notices)
    assert.ok(stableWire.zSessionNotification.safeParse(notice.params).success, "a valid notice notification");
  assert.deepEqual(
    entriesOf(chat.store.state.thread, "notice").map((n) => [n.severity, n.title]),
    [
      ["info", "Indexed 120 files"],
      ["warning", "Approaching the rate limit"],
      ["error", "The linter crashed"],
    ],
  );
  assert.deepEqual(toasts, [
    [
      "Fake",
      { severity: "warning", title: "Approaching the rate limit", description: "80% of this minute's requests used." },
    ],
    ["Fake", { severity: "error", title: "The linter crashed" }],
  ]);
});

test("$/cancel_request from the agent withdraws a permission: answered cancelled, the card goes", async () => {
  const agent = fakeAgent();
  const { chat } = await startedChat(cleanup, [agent.launch]);
  const turn = chat.prompt("permission-withdraw");
  await waitFor(
    () => chat.store.state.thread.permissions.length,
    (n) => n === 1,
    "the card",
  );
  await turn;
  const withdraw = agent.sent().find((m) => m.method === "$/cancel_request");
  assert.ok(stableWire.zCancelRequestNotification.safeParse(withdraw?.params).success);
  const answer = answerTo(agent, "session/request_permission");
  assert.equal((withdraw?.params as { requestId: unknown }).requestId, answer?.id);
  assert.deepEqual(answer?.result, { outcome: { outcome: "cancelled" } });
  assert.ok(stableWire.zRequestPermissionResponse.safeParse(answer?.result).success);
  assert.equal(chat.store.state.thread.permissions.length, 0);
  assert.match(assistantText(chat.store.state.thread), /Withdrawn permission answered: \{"outcome":"cancelled"\}\./);
});

test("$/cancel_request from the agent withdraws a terminal wait: answered -32800, the terminal is killed", async () => {
  const agent = fakeAgent();
  const { chat } = await startedChat(cleanup, [agent.launch], { ports: {} });
  await chat.prompt("terminal-withdraw");
  const withdraw = agent.sent().find((m) => m.method === "$/cancel_request");
  assert.ok(stableWire.zCancelRequestNotification.safeParse(withdraw?.params).success);
  const answer = answerTo(agent, "terminal/wait_for_exit");
  assert.equal((withdraw?.params as { requestId: unknown }).requestId, answer?.id);
  assert.equal((answer?.error as { code?: number } | undefined)?.code, -32800);
  assert.match(assistantText(chat.store.state.thread), /Withdrawn wait answered: error -32800\./);
  assert.ok(answerTo(agent, "terminal/kill")?.result !== undefined, "killed after the withdrawn wait");
});

test("$/cancel_request from the client: a prompt the agent does not stop is withdrawn after the grace period", async () => {
  const agent = fakeAgent();
  const clock = new ManualClock();
  const { chat, turn } = await turnUnderWay(cleanup, agent.launch, "ignore-cancel 1500", { clock });
  await chat.cancel();
  const prompt = agent.received().find((m) => m.method === "session/prompt");
  assert.equal(agent.received().filter((m) => m.method === "$/cancel_request").length, 0, "session/cancel first");
  clock.advance(STOP_GRACE_MS);
  await turn;
  const withdraw = await waitFor(
    () => agent.received().find((m) => m.method === "$/cancel_request"),
    (m) => m !== undefined,
    "the client's $/cancel_request",
  );
  assert.ok(stableWire.zCancelRequestNotification.safeParse(withdraw?.params).success);
  assert.deepEqual(withdraw?.params, { requestId: prompt?.id });
  await waitFor(
    () => chat.store.state.thread.turn,
    (t) => t.phase === "idle" && !t.stopUnconfirmed,
    "the agent's late answer still confirms the stop",
  );
});
