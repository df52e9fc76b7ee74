/**
 * Issue 16 item 3: Stop with an agent that ignores `session/cancel` (a real Bub server streamed 12
 * more updates and did not answer the prompt within 10 s). The panel is usable after a grace
 * period on the Clock port, whatever the agent does.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { STOP_GRACE_MS } from "../../src/acp/client/session/stopGrace";
import { describeStatus } from "../../src/shared/wire/panelState";
import { Cleanup, turnUnderWay } from "../support/hostHarness";
import { assistantText, entriesOf } from "../support/threadReaders";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { ManualClock } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("Stop ignored by the agent: the turn shows stopped after the grace period, late updates are marked, a new message waits in the queue until the agent answers", async () => {
  const agent = fakeAgent();
  const clock = new ManualClock();
  const { chat, turn } = await turnUnderWay(cleanup, agent.launch, "ignore-cancel 1500", { clock });
  await chat.cancel();
  assert.equal(chat.store.state.thread.turn.phase, "cancelling");
  assert.equal(describeStatus(chat.store.state), "Cancelling…");

  clock.advance(STOP_GRACE_MS);
  await turn; // the prompt no longer holds the panel
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "cancelled", stopUnconfirmed: true });
  assert.equal(describeStatus(chat.store.state), "Turn stopped: Fake hasn't confirmed the stop yet");

  const thread = await waitFor(
    () => chat.store.state.thread,
    (t) => assistantText(t).includes("Still going after Stop, 12."),
    "the late updates",
  );
  const notices = entriesOf(thread, "notice").filter((n) => n.title === "Fake kept working after Stop");
  assert.equal(notices.length, 1, "one marker before the late updates");
  const marker = thread.entries.indexOf(notices[0]!);
  const late = thread.entries.findIndex(
    (e) => e.kind === "assistant" && e.chunks.some((c) => c.text.includes("Still going after Stop, 12.")),
  );
  assert.ok(late > marker, "the late updates come after the marker");

  // The fake agent cannot steer: the next message is queued (not lost, not sent into the old turn).
  await chat.prompt("basic-stream");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    ["basic-stream"],
  );
  assert.ok(
    !agent.received().some((m) => m.method === "session/prompt" && JSON.stringify(m.params).includes("basic-stream")),
    "not sent while the old prompt is unanswered",
  );

  // The agent answers at last: the stop is confirmed and the queued message goes out.
  const done = await waitFor(
    () => chat.store.state.thread,
    (t) => t.queue.length === 0 && t.turn.phase === "idle" && t.turn.lastStop === "end_turn",
    "the queued message's turn",
  );
  assert.match(assistantText(done), /Hello from \*\*basic-stream\*\*\.$/);
  assert.equal(describeStatus(chat.store.state), "Fake is ready");
});

test("Stop confirmed within the grace period: no marker, no unconfirmed status", async () => {
  const agent = fakeAgent();
  const clock = new ManualClock();
  const { chat, turn } = await turnUnderWay(cleanup, agent.launch, "long", { clock });
  await chat.cancel();
  await turn;
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "cancelled" });
  clock.advance(STOP_GRACE_MS);
  assert.deepEqual(
    chat.store.state.thread.turn,
    { phase: "idle", lastStop: "cancelled" },
    "the grace timer did nothing once the agent answered",
  );
  assert.equal(describeStatus(chat.store.state), "Turn cancelled");
  // Only the user's own Stop line: no "kept working after Stop" marker.
  assert.deepEqual(
    entriesOf(chat.store.state.thread, "notice").map((notice) => notice.title),
    ["You stopped this turn."],
  );
});

test("Stop ignored by an agent that takes prompts into its running turn (CodeBuddy): a new message is sent at once, as a steer", async () => {
  const agent = fakeAgent("CodeBuddy", { FAKE_AGENT_PROFILE: "codebuddy" });
  const clock = new ManualClock();
  const { chat, turn } = await turnUnderWay(cleanup, agent.launch, "ignore-cancel 1500", { clock });
  await chat.cancel();
  clock.advance(STOP_GRACE_MS);
  await turn;
  assert.equal(chat.store.state.thread.turn.phase, "idle");
  await chat.prompt("one more thing");
  assert.deepEqual(chat.store.state.thread.queue, [], "not queued");
  const prompts = agent
    .received()
    .filter((m) => m.method === "session/prompt")
    .map((m) => JSON.stringify(m.params));
  assert.equal(prompts.length, 2);
  assert.match(prompts[1] ?? "", /one more thing/);
});
