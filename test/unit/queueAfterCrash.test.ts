/**
 * Issue 27: a message queued while a turn runs, when the agent crashes in that turn, is never
 * shown as sent without reaching the agent. It stays in the queue marked "not sent" until the
 * user sends it again (which restarts the agent when none is running).
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Cleanup, startedChat, turnUnderWay } from "../support/hostHarness";
import { assistantText, entriesOf, waitForStatus } from "../support/threadReaders";
import { fakeAgentProcess } from "../support/fakeAgentLaunch";
import { waitFor } from "../support/waitFor";
import { promptTexts } from "../support/wireLog";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("a message queued during a turn that ends in a crash stays queued as not sent, and Send again sends it", async () => {
  const agent = fakeAgentProcess();
  // crash-late ticks for 2 s first: the message surely finds the turn running.
  const { chat, turn } = await turnUnderWay(cleanup, agent.launch, "crash-late now");
  await chat.prompt("basic-stream after the crash");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    ["basic-stream after the crash"],
  );
  await turn;
  const state = await waitFor(
    () => chat.store.state,
    (s) => s.connection.status === "failed",
    "the crash is reported",
  );
  // Let any drain the turn's end started run out before judging.
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.deepEqual(promptTexts(agent), ["crash-late now"], "the queued message never reached the agent");
  assert.deepEqual(
    entriesOf(chat.store.state.thread, "user").map((e) => e.text),
    ["crash-late now"],
    "it is not shown as sent",
  );
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => ({ text: q.text, notSent: q.notSent })),
    [{ text: "basic-stream after the crash", notSent: true }],
    "it stays in the queue, marked not sent",
  );
  assert.equal(state.thread.turn.phase, "idle");

  // Send again: no agent is running, so it starts one and the message goes out once it is ready.
  const id = chat.store.state.thread.queue[0]!.id;
  await chat.sendQueuedAgain(id);
  await waitFor(
    () => promptTexts(agent),
    (texts) => texts.includes("basic-stream after the crash"),
    "the message is sent again",
  );
  const after = await waitFor(
    () => chat.store.state.thread,
    (t) => t.queue.length === 0 && t.turn.phase === "idle" && assistantText(t).includes("basic-stream"),
    "its turn ends",
  );
  assert.equal(entriesOf(after, "user").at(-1)?.text, "basic-stream after the crash");
  assert.equal(chat.store.state.connection.status, "ready");
});

test("a not-sent message waits for Send again: a new message after the restart goes first", async () => {
  const agent = fakeAgentProcess();
  // crash-late ticks for 2 s first: the next message surely finds the turn running.
  const { chat, turn } = await turnUnderWay(cleanup, agent.launch, "crash-late now");
  await chat.prompt("late-text held");
  await turn;
  await waitForStatus(chat, "failed", "the crash");
  await chat.restart();
  assert.equal(chat.store.state.connection.status, "ready");
  await chat.prompt("late-text new");
  await waitFor(
    () => chat.store.state.thread.turn.phase,
    (phase) => phase === "idle",
    "the new turn ends",
  );
  assert.deepEqual(promptTexts(agent), ["crash-late now", "late-text new"], "the held message is not sent on its own");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => ({ text: q.text, notSent: q.notSent })),
    [{ text: "late-text held", notSent: true }],
  );
  await chat.sendQueuedAgain(chat.store.state.thread.queue[0]!.id);
  await waitFor(
    () => promptTexts(agent),
    (texts) => texts.length === 3,
    "sent again",
  );
  assert.deepEqual(promptTexts(agent), ["crash-late now", "late-text new", "late-text held"]);
});

test("a message sent just as the agent dies, before its exit is reported, is held as not sent", async () => {
  const agent = fakeAgentProcess();
  const returned: string[] = [];
  const { chat } = await startedChat(cleanup, [agent.launch], { returnToComposer: (text) => returned.push(text) });
  await chat.prompt("crash now"); // resolves once the connection is gone
  await chat.prompt("late-text right after the crash");
  await waitForStatus(chat, "failed", "the crash");
  assert.deepEqual(promptTexts(agent), ["crash now"]);
  assert.deepEqual(
    entriesOf(chat.store.state.thread, "user").map((e) => e.text),
    ["crash now"],
    "not shown as sent",
  );
  // Kept where the user sees it: held in the queue, or (the exit already reported) back in the prompt box.
  const held = chat.store.state.thread.queue.map((q) => ({ text: q.text, notSent: q.notSent }));
  assert.deepEqual(
    [...held, ...returned.map((text) => ({ text, notSent: true }))],
    [{ text: "late-text right after the crash", notSent: true }],
  );
});
