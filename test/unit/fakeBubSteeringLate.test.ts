/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group E, steering (docs/reference/bub-and-lody.md
 * §8, §13): late steers, answered after the prompt's end, and a steer while idle
 * start a turn nobody prompted, busy until the agent has been quiet for the whole period.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { UNOWNED_TURN_QUIET_MS } from "../../src/acp/client/session/steerer";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { ManualClock } from "../support/memoryPorts";
import { Cleanup, connect, newSession } from "../support/hostHarness";
import { assistantText, toolCards, waitForReply } from "../support/threadReaders";
import { agentAnswer, sentTimeline } from "../support/wireLog";
import { waitFor } from "../support/waitFor";
import { actionIndex, answerAt, steeringChat, steers } from "../support/steeringChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function lateSteer(kind: "lody" | "plain") {
  const context = await steeringChat(cleanup, kind);
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
  assert.equal(actionIndex(actions, "turn/unowned", actionIndex(actions, "turn/ended")) > 0, true);
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
