/**
 * Issue 16 item 2: a message sent while the agent is starting is never lost. Against an agent with
 * a slow `initialize`, a slow `session/new` and config options before the `session/new` result,
 * Send at each point of the start-up either sends the message or keeps it (queued, or back in the
 * composer) where the user sees it.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Cleanup, chatSession } from "../support/hostHarness";
import { entriesOf } from "../support/threadReaders";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { waitFor } from "../support/waitFor";
import { promptTexts } from "../support/wireLog";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("Send at every point of a slow start-up: each message is sent once, in order, none lost", async () => {
  const agent = fakeAgent("Slow", { FAKE_AGENT_SLOW_START: "400" });
  const returned: string[] = [];
  const { chat } = chatSession(cleanup, [agent.launch], { returnToComposer: (text) => returned.push(text) });
  const started = chat.start();
  const sends: Array<Promise<void>> = [];
  sends.push(chat.prompt("late-text before initialize"));
  await waitFor(
    () => agent.received(),
    (messages) => messages.some((m) => m.method === "initialize"),
    "initialize sent",
  );
  sends.push(chat.prompt("late-text during initialize"));
  await waitFor(
    () => agent.received(),
    (messages) => messages.some((m) => m.method === "session/new"),
    "session/new sent",
  );
  sends.push(chat.prompt("late-text during session/new"));
  await waitFor(
    () => agent.sent(),
    (messages) => messages.some((m) => JSON.stringify(m).includes("config_option_update")),
    "the early config options",
  );
  sends.push(chat.prompt("late-text after the early config options"));
  assert.equal(chat.store.state.connection.status, "starting");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    [
      "late-text before initialize",
      "late-text during initialize",
      "late-text during session/new",
      "late-text after the early config options",
    ],
    "held in the visible queue while the agent starts",
  );
  await started;
  sends.push(chat.prompt("late-text once ready"));
  await Promise.all(sends);
  const expected = [
    "late-text before initialize",
    "late-text during initialize",
    "late-text during session/new",
    "late-text after the early config options",
    "late-text once ready",
  ];
  await waitFor(
    () => promptTexts(agent),
    (texts) => texts.length === expected.length,
    "every message sent",
  );
  assert.deepEqual(promptTexts(agent), expected);
  const thread = await waitFor(
    () => chat.store.state.thread,
    (t) => t.queue.length === 0 && t.turn.phase === "idle" && entriesOf(t, "user").length === expected.length,
    "the last turn ends",
  );
  assert.deepEqual(
    entriesOf(thread, "user").map((e) => e.text),
    expected,
  );
  assert.deepEqual(returned, []);
});

test("Send with no agent running (never started, or failed): the text goes back to the composer with a reason", async () => {
  const returned: string[] = [];
  const { chat } = chatSession(cleanup, [fakeAgent().launch], { returnToComposer: (text) => returned.push(text) });
  await chat.prompt("hello there");
  assert.deepEqual(returned, ["hello there"]);
  const errors = entriesOf(chat.store.state.thread, "error");
  assert.match(errors.at(-1)?.message ?? "", /Not sent: no agent is running/);
});

test("messages sent during a start that fails stay queued, and go out when the next start succeeds", async () => {
  const good = fakeAgent("Good");
  const { chat } = chatSession(cleanup, [
    { name: "Broken", command: "/nonexistent/agent-binary", args: [], env: {} },
    good.launch,
  ]);
  const started = chat.start("Broken");
  await chat.prompt("late-text sent while Broken starts");
  await started;
  assert.equal(chat.store.state.connection.status, "failed");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    ["late-text sent while Broken starts"],
    "kept where the user sees it",
  );
  const restarted = chat.start("Good");
  assert.equal(chat.store.state.connection.status, "starting");
  assert.deepEqual(
    chat.store.state.thread.queue.map((q) => q.text),
    ["late-text sent while Broken starts"],
    "still shown while the next agent starts",
  );
  await restarted;
  await waitFor(
    () => promptTexts(good),
    (texts) => texts.length === 1,
    "the queued message sent",
  );
  assert.deepEqual(promptTexts(good), ["late-text sent while Broken starts"]);
});
