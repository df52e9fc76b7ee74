/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group E: the Zed-style queue for an
 * agent without steering: messages wait, editable, Send now, and Stop pauses the queue.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Cleanup } from "../support/hostHarness";
import { entriesOf, waitForReply } from "../support/threadReaders";
import { steeringChat } from "../support/steeringChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("queue (no steering): messages wait, editable, and go out one by one after the turn", async () => {
  const { agent, chat } = await steeringChat(cleanup, "default");
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
  const { agent, chat } = await steeringChat(cleanup, "default");
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
  const { agent, chat } = await steeringChat(cleanup, "default");
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
