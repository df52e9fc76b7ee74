/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group E, steering (docs/reference/bub-and-lody.md
 * §8, §13): the real ChatSession steers the fake Bub's running turn (Lody
 * `_lody/session/steer` with a steerId for the Bub preset, `_session/steering` for a plain client),
 * and a message sent while the agent is idle is a prompt, not a steer.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, connect, newSession } from "../support/hostHarness";
import { assistantText, waitForReply } from "../support/threadReaders";
import { agentAnswer, sentTimeline } from "../support/wireLog";
import { waitFor } from "../support/waitFor";
import { actionIndex, answerAt, steeringChat, steers } from "../support/steeringChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("27/28 steer-inject (Lody): the steer is pending, steer_applied comes before `injected`, both while the turn goes on", async () => {
  const { agent, chat, actions } = await steeringChat(cleanup, "lody");
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
  assert.ok(actionIndex(actions, "steer/applied") < actionIndex(actions, "turn/ended"));
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
  const { agent, chat } = await steeringChat(cleanup, "plain");
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

test("a message sent while the agent is idle goes as a normal prompt, never as a steer", async () => {
  const { agent, chat } = await steeringChat(cleanup, "lody");
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
