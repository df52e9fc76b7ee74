/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group E, steering (docs/reference/bub-and-lody.md §8, §13): the real ChatSession steers the fake Bub's
 * running turn (Lody `_lody/session/steer` with a steerId for the Bub preset, `_session/steering`
 * for a plain client), late steers that become unowned turns, idle messages, error answers; and
 * the Zed-style queue for an agent without steering.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { agentPresets } from "../../src/acp/agents/agentPresets";
import { UNOWNED_TURN_QUIET_MS } from "../../src/acp/client/session/steerer";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { PanelAction } from "../../src/shared/wire/panelState";
import type { Thread, UserEntry } from "../../src/shared/thread/thread";
import { fakeAgent, type FakeAgentHandle } from "../support/fakeAgentLaunch";
import { ManualClock, definitionOf } from "../support/memoryPorts";
import { Cleanup, chatSession, connect, newSession } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards, waitForReply } from "../support/threadReaders";
import { agentAnswer, sentTimeline } from "../support/wireLog";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

function lodyBub(agent: FakeAgentHandle): AgentDefinition {
  const preset = agentPresets.find((candidate) => candidate.name === "Bub")!;
  return { ...preset, command: agent.launch.command, args: agent.launch.args, env: agent.launch.env };
}

async function steeringChat(kind: "lody" | "plain" | "default") {
  const agent = fakeAgent(kind === "default" ? "Fake" : "Bub", {
    FAKE_AGENT_PROFILE: kind === "default" ? "default" : "bub",
  });
  const returned: string[] = [];
  // The unowned turn's quiet period runs on this clock: tests move it instead of waiting 3 s.
  const clock = new ManualClock();
  const { chat } = chatSession(cleanup, [kind === "lody" ? lodyBub(agent) : definitionOf(agent.launch)], {
    clock,
    returnToComposer: (text) => returned.push(text),
  });
  const actions: PanelAction[] = [];
  chat.store.subscribe((action) => actions.push(action));
  await chat.start();
  return { agent, chat, actions, returned, clock };
}

const steers = (thread: Thread): UserEntry[] => entriesOf(thread, "user").filter((entry) => entry.steer !== undefined);
const indexOf = (actions: PanelAction[], type: string, from = 0) =>
  actions.findIndex((action, at) => at >= from && action.type === type);
/** Position of the agent's answer to the client's n-th `method` request in the agent's output. */
function answerAt(agent: FakeAgentHandle, method: string, nth = 0): number {
  const answer = agentAnswer(agent, method, nth);
  return agent
    .sent()
    .findIndex(
      (message) =>
        message === answer ||
        (answer !== undefined &&
          message.method === undefined &&
          JSON.stringify(message.id) === JSON.stringify(answer.id)),
    );
}

test("27/28 steer-inject (Lody): the steer is pending, steer_applied comes before `injected`, both while the turn goes on", async () => {
  const { agent, chat, actions } = await steeringChat("lody");
  const turn = chat.prompt("steer-inject");
  await waitForReply(chat, (text) => text.startsWith("Working."), "the turn to stream");
  const streamedBeforeSteer = assistantText(chat.store.state.thread);
  const steering = chat.prompt("inspect the failing test first");
  assert.deepEqual(
    steers(chat.store.state.thread).map((e) => [e.text, e.steer?.state]),
    [["inspect the failing test first", "pending"]],
  );
  await steering;
  assert.equal(chat.store.state.thread.turn.phase, "running", "the turn continues after the steer is applied");
  await turn;
  const request = agent.received().find((m) => m.method === "_lody/session/steer");
  assert.deepEqual(request?.params, {
    sessionId: chat.sessionId,
    prompt: [{ type: "text", text: "inspect the failing test first" }],
    steerId: "steer-1",
  });
  const applied = agent.sent().findIndex((m) => m.method === "_lody/session/steer_applied");
  assert.deepEqual(agent.sent()[applied]?.params, { sessionId: chat.sessionId, steerId: "steer-1" });
  const result = answerAt(agent, "_lody/session/steer");
  assert.deepEqual(agent.sent()[result]?.result, { outcome: "injected" });
  assert.ok(
    applied < result && result < answerAt(agent, "session/prompt"),
    "applied, then injected, then the prompt's end",
  );
  const { thread } = chat.store.state;
  assert.deepEqual(
    steers(thread).map((e) => e.steer?.state),
    ["applied"],
  );
  assert.ok(indexOf(actions, "steer/applied") < indexOf(actions, "turn/ended"));
  assert.match(assistantText(thread), /\[steered: inspect the failing test first\].* Done\.$/);
  // As with a real model call, the step under way when the steer came does not take it: it waits
  // one whole step (so its pending state is on screen for a step, never a few ms by chance).
  assert.ok(
    assistantText(thread).indexOf(" [steered") > streamedBeforeSteer.length,
    `a step streamed between the steer and its injection: ${JSON.stringify(assistantText(thread))}`,
  );
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("27 steer-inject (plain client): `_session/steering` without a steerId is held until the next model step, then `injected`", async () => {
  const { agent, chat } = await steeringChat("plain");
  const turn = chat.prompt("steer-inject");
  await waitForReply(chat, (text) => text.startsWith("Working."), "the turn to stream");
  await chat.prompt("use the smaller fix");
  assert.equal(chat.store.state.thread.turn.phase, "running");
  await turn;
  assert.deepEqual(agent.received().find((m) => m.method === "_session/steering")?.params, {
    sessionId: chat.sessionId,
    prompt: [{ type: "text", text: "use the smaller fix" }],
  });
  assert.deepEqual(agentAnswer(agent, "_session/steering")?.result, { outcome: "injected" });
  assert.equal(sentTimeline(agent).includes("_session/steering_applied"), false, "no steerId, no applied notification");
  assert.deepEqual(
    steers(chat.store.state.thread).map((e) => e.steer?.state),
    ["applied"],
  );
});

test("28 steer-ack: `_session/steering` with a steerId gets `_session/steering_applied` before its `injected` result", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const client = await connect(cleanup, agent.launch);
  const { session } = await newSession(client);
  const turn = session.prompt("steer-ack");
  await waitFor(
    () => agent.sent().length,
    (n) => n > 3,
    "the turn to start",
  );
  const result = await client.connection.extRequest("_session/steering", {
    sessionId: session.sessionId,
    prompt: [{ type: "text", text: "ack me" }],
    steerId: "s-9",
  });
  assert.deepEqual(result, { outcome: "injected" });
  await turn;
  const applied = agent.sent().findIndex((m) => m.method === "_session/steering_applied");
  assert.deepEqual(agent.sent()[applied]?.params, { sessionId: session.sessionId, steerId: "s-9" });
  assert.ok(
    applied < answerAt(agent, "_session/steering") &&
      answerAt(agent, "_session/steering") < answerAt(agent, "session/prompt"),
  );
});

async function lateSteer(kind: "lody" | "plain") {
  const context = await steeringChat(kind);
  const { agent, chat, actions, clock } = context;
  const turn = chat.prompt("steer-late");
  await waitForReply(chat, (text) => text === "Almost done.", "the turn to stream");
  await chat.prompt("one more thing");
  await turn;
  // The steer's answer came after the prompt's end: the agent runs a turn nobody prompted.
  assert.ok(
    answerAt(agent, "session/prompt") < answerAt(agent, kind === "lody" ? "_lody/session/steer" : "_session/steering"),
    "the prompt ended first",
  );
  assert.equal(chat.store.state.thread.turn.phase, "running", "busy with the unowned turn");
  assert.equal(indexOf(actions, "turn/unowned", indexOf(actions, "turn/ended")) > 0, true);
  const { thread } = await waitFor(
    () => chat.store.state,
    (state) =>
      toolCards(state.thread).some((c) => c.toolCallId === "call-steered" && c.status === "completed") &&
      state.thread.usage?.used === 34,
    "the unowned turn's output",
  );
  assert.equal(thread.turn.phase, "running");
  assert.match(assistantText(thread), /Picking up: one more thing Done with the steer\.$/);
  assert.deepEqual(thread.usage, { used: 34, size: 128000 });
  assert.deepEqual(
    steers(thread).map((e) => [e.text, e.steer?.state]),
    [["one more thing", "applied"]],
  );
  // The unowned turn's last update (usage 34) has arrived; now the agent stays quiet.
  clock.advance(UNOWNED_TURN_QUIET_MS - 1);
  assert.equal(
    chat.store.state.thread.turn.phase,
    "running",
    "busy until the agent has been quiet for the whole period",
  );
  clock.advance(1);
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(
    agent.received().filter((m) => m.method === "session/prompt").length,
    1,
    "no prompt owns the second turn",
  );
  assert.equal(
    agent.sent().filter((m) => m.method === undefined && (m.result as { stopReason?: unknown } | undefined)?.stopReason)
      .length,
    1,
    "and no prompt result ever comes for it",
  );
  return context;
}

test("29 steer-late-new-turn (plain): the prompt ends, the steer answers startedNewTurn, the unowned turn runs then goes idle on quiet", async () => {
  const { agent } = await lateSteer("plain");
  assert.deepEqual(agentAnswer(agent, "_session/steering")?.result, { outcome: "startedNewTurn" });
  const timeline = sentTimeline(agent);
  assert.ok(
    answerAt(agent, "_session/steering") < timeline.lastIndexOf("update:tool_call"),
    "answered once the new turn started, before its output",
  );
});

test("29 steer-late-new-turn (Lody, steerId): `injected` + steer_applied after the prompt's end is still an unowned turn", async () => {
  const { agent } = await lateSteer("lody");
  assert.deepEqual(agentAnswer(agent, "_lody/session/steer")?.result, { outcome: "injected" });
  assert.ok(
    agent.sent().findIndex((m) => m.method === "_lody/session/steer_applied") < answerAt(agent, "_lody/session/steer"),
  );
});

test("29 variant: an idle steer starts a turn (startedNewTurn), busy until quiet", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const client = await connect(cleanup, agent.launch);
  const clock = new ManualClock();
  const { session, recorder } = await newSession(client, undefined, clock);
  assert.equal(await session.steer("steered-turn from idle"), "started-new-turn");
  assert.equal(session.isBusy, true);
  assert.equal(recorder.thread.turn.phase, "running");
  await waitFor(
    () => recorder.thread.usage?.used,
    (used) => used === 34,
    "the unowned turn's last update",
  );
  clock.advance(UNOWNED_TURN_QUIET_MS - 1);
  assert.equal(session.isBusy, true);
  clock.advance(1);
  assert.equal(recorder.thread.turn.phase, "idle");
  assert.equal(session.isBusy, false);
  assert.match(assistantText(recorder.thread), /^Picking up: steered-turn from idle/);
});

test("a message sent while the agent is idle goes as a normal prompt, never as a steer", async () => {
  const { agent, chat } = await steeringChat("lody");
  await chat.prompt("late-text");
  assert.deepEqual(
    agent
      .received()
      .filter((m) => m.method !== undefined && m.id !== undefined)
      .map((m) => m.method),
    ["initialize", "session/new", "session/prompt"],
  );
  assert.deepEqual(steers(chat.store.state.thread), []);
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("30 steer-errors on the wire: bad params, unknown session, unknown method, internal failure, arrival order, idleBehavior ignored", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const client = await connect(cleanup, agent.launch);
  const { session } = await newSession(client);
  const ext = (method: string, params: unknown) =>
    client.connection.extRequest(method, params).then(
      (result) => ({ result }),
      (error: { code: number; data?: unknown }) => ({ code: error.code, data: error.data }),
    );
  const sessionId = session.sessionId;
  assert.deepEqual(await ext("_session/steering", { sessionId, prompt: [] }), {
    code: -32602,
    data: { field: "prompt" },
  });
  assert.deepEqual(
    await ext("_lody/session/steer", { sessionId, prompt: [{ type: "text", text: "x" }], steerId: "" }),
    { code: -32602, data: { field: "steerId" } },
  );
  assert.deepEqual(await ext("_session/steering", { sessionId: "nope", prompt: [{ type: "text", text: "x" }] }), {
    code: -32602,
    data: { sessionId: "nope" },
  });
  assert.deepEqual(await ext("_foo/bar", { sessionId }), { code: -32601, data: { method: "_foo/bar" } });
  assert.deepEqual(
    await ext("_session/steering", { sessionId, prompt: [{ type: "text", text: "steer-fail please" }] }),
    { result: { outcome: "failed" } },
  );

  const turn = session.prompt("steer-inject");
  await waitFor(
    () => agent.sent().length,
    (n) => n > 3,
    "the turn to start",
  );
  const first = ext("_session/steering", { sessionId, prompt: [{ type: "text", text: "first" }] });
  const second = ext("_session/steering", { sessionId, prompt: [{ type: "text", text: "second" }] });
  assert.deepEqual(await Promise.all([first, second]), [
    { result: { outcome: "injected" } },
    { result: { outcome: "injected" } },
  ]);
  await turn;
  assert.ok(
    answerAt(agent, "_session/steering", 3) < answerAt(agent, "_session/steering", 4),
    "answered in arrival order",
  );
  const streamed = agent
    .sent()
    .filter((m) => m.method === "session/update")
    .map((m) => JSON.stringify(m.params))
    .join("");
  assert.ok(streamed.indexOf("[steered: first]") < streamed.indexOf("[steered: second]"), "and drained in that order");

  const idle = await ext("_session/steering", {
    sessionId,
    prompt: [{ type: "text", text: "steered-turn idle" }],
    _meta: { steering: { idleBehavior: "promptRequired" } },
  });
  assert.deepEqual(idle, { result: { outcome: "startedNewTurn" } }, "Bub never answers promptRequired");
});

test("30 steer-errors in the panel: a failed steer is an error entry and goes back to the composer; so does a -32600", async () => {
  const { chat, returned } = await steeringChat("lody");
  const turn = chat.prompt("steer-inject");
  await waitForReply(chat, (text) => text.startsWith("Working."), "the turn to stream");
  await chat.prompt("steer-fail now");
  await chat.prompt("steer-no-start please");
  await chat.prompt(""); // no content blocks at all: Bub answers -32602 {field:"prompt"}
  assert.deepEqual(returned, ["steer-fail now", "steer-no-start please", ""]);
  const { thread } = chat.store.state;
  assert.deepEqual(
    steers(thread).map((e) => [e.text, e.steer?.state]),
    [
      ["steer-fail now", "failed"],
      ["steer-no-start please", "failed"],
      ["", "failed"],
    ],
  );
  assert.deepEqual(
    entriesOf(thread, "error").map((e) => e.message),
    [
      "The agent could not apply your message (steering failed); it is back in the Prompt box.",
      "Steering failed: Invalid request (-32600). Your message is back in the Prompt box.",
      "Steering failed: Invalid params (-32602). Your message is back in the Prompt box.",
    ],
  );
  assert.equal(thread.turn.phase, "running", "a failed steer leaves the turn running");
  await chat.prompt("now really");
  await turn;
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("queue (no steering): messages wait, editable, and go out one by one after the turn", async () => {
  const { agent, chat } = await steeringChat("default");
  const turn = chat.prompt("slow 600");
  await chat.prompt("late-text first");
  await chat.prompt("late-text second");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    ["late-text first", "late-text second"],
  );
  const [first] = chat.store.state.thread.queue;
  chat.editQueued(first!.id, "late-text first, edited");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    ["late-text first, edited", "late-text second"],
  );
  await waitForReply(chat, (text) => text.length >= 3, "the turn to stream");
  assert.equal(
    agent.received().filter((m) => m.method === "session/prompt").length,
    1,
    "nothing sent while the turn runs",
  );
  await turn;
  const prompts = agent
    .received()
    .filter((m) => m.method === "session/prompt")
    .map((m) => (m.params as { prompt: Array<{ text: string }> }).prompt[0]?.text);
  assert.deepEqual(prompts, ["slow 600", "late-text first, edited", "late-text second"]);
  const { thread } = chat.store.state;
  assert.deepEqual(thread.queue, []);
  assert.deepEqual(
    entriesOf(thread, "user").map((e) => e.text),
    prompts,
  );
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("queue: Send now cancels the running turn and sends that message next", async () => {
  const { agent, chat } = await steeringChat("default");
  const turn = chat.prompt("long");
  await waitForReply(chat, (text) => text.includes("step 2"), "the turn to stream");
  await chat.prompt("late-text queued one");
  await chat.prompt("late-text queued two");
  const second = chat.store.state.thread.queue[1]!;
  await chat.sendQueuedNow(second.id);
  await turn;
  const sent = agent
    .received()
    .filter((m) => m.method === "session/prompt" || m.method === "session/cancel")
    .map((m) =>
      m.method === "session/cancel" ? "cancel" : (m.params as { prompt: Array<{ text: string }> }).prompt[0]?.text,
    );
  assert.deepEqual(sent, ["long", "cancel", "late-text queued two", "late-text queued one"]);
  const users = entriesOf(chat.store.state.thread, "user").map((e) => e.text);
  assert.deepEqual(users, ["long", "late-text queued two", "late-text queued one"]);
});

test("queue: Stop pauses the queue; the next message sent resumes it", async () => {
  const { agent, chat } = await steeringChat("default");
  const turn = chat.prompt("long");
  await waitForReply(chat, (text) => text.includes("step 2"), "the turn to stream");
  await chat.prompt("late-text waiting");
  await chat.cancel();
  await turn;
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "cancelled" });
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    ["late-text waiting"],
    "kept, not sent",
  );
  assert.equal(agent.received().filter((m) => m.method === "session/prompt").length, 1);
  await chat.prompt("late-text new");
  const prompts = agent
    .received()
    .filter((m) => m.method === "session/prompt")
    .map((m) => (m.params as { prompt: Array<{ text: string }> }).prompt[0]?.text);
  assert.deepEqual(prompts, ["long", "late-text new", "late-text waiting"]);
  assert.deepEqual(chat.store.state.thread.queue, []);
});
