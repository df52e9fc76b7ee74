/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group E, steering (docs/reference/bub-and-lody.md
 * §8, §13): error answers to steers, on the wire and in the panel (an error entry,
 * the text back in the composer).
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, connect, newSession } from "../support/hostHarness";
import { entriesOf, waitForReply } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";
import { answerAt, steeringChat, steers } from "../support/steeringChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

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
  const { chat, returned } = await steeringChat(cleanup, "lody");
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
