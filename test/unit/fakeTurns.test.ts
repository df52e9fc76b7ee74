/**
 * Catalogue group C (prompt turn shapes), Bub profile: what each turn leaves in the thread, and
 * what went over the wire.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, chatSession, connect, newSession } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards, toolText, waitForReply, kindsOf } from "../support/threadReaders";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function bubChat() {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  // No terminals or files offered (cap-gating): Bub then runs its tools on its own side.
  const { chat, logger } = chatSession(cleanup, [agent.launch], { ports: { terminals: false } });
  const actions: PanelAction[] = [];
  chat.store.subscribe((action) => actions.push(action));
  await chat.start();
  return { agent, chat, logger, actions };
}

const updatesOf = (actions: PanelAction[], kind: string) =>
  actions.flatMap((action) =>
    action.type === "acp/update" && action.update.sessionUpdate === kind ? [action.update] : [],
  );

test("basic-stream: text around a thought, two usage updates, end_turn", async () => {
  const { chat, actions } = await bubChat();
  await chat.prompt("basic-stream");
  const { thread } = chat.store.state;
  const [reply] = entriesOf(thread, "assistant");
  assert.deepEqual(reply?.chunks, [
    { kind: "message", text: "Hello" },
    { kind: "thought", text: "Thinking about it." },
    { kind: "message", text: " from **basic-stream**." },
  ]);
  assert.deepEqual(
    updatesOf(actions, "usage_update").map((u) => [u.used, u.size]),
    [
      [11, 100],
      [12, 100],
    ],
  );
  assert.deepEqual(thread.usage, { used: 12, size: 100 });
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("late-text: a reply sent whole just before the result is shown", async () => {
  const { chat } = await bubChat();
  await chat.prompt("late-text");
  const { thread } = chat.store.state;
  assert.deepEqual(kindsOf(thread), ["user", "assistant"]);
  assert.equal(assistantText(thread), "The complete answer, sent at the end.");
  assert.equal(thread.turn.phase, "idle");
});

test("stream-error: Bub's error text is part of the reply and the turn ends normally", async () => {
  const { chat } = await bubChat();
  await chat.prompt("stream-error");
  const { thread } = chat.store.state;
  assert.equal(assistantText(thread), "Partial answer\nError: rate limited");
  assert.deepEqual(entriesOf(thread, "error"), []);
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("stream-error variant: a -32603 turn failure is shown, and the next prompt works", async () => {
  const { chat } = await bubChat();
  await chat.prompt("stream-error-throw");
  const { thread } = chat.store.state;
  assert.equal(assistantText(thread), "Partial answer", "what streamed before the failure stays");
  const [failure] = entriesOf(thread, "error");
  assert.equal(failure?.message, "The agent could not complete the prompt: Internal error: turn failed (-32603)");
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "error" });
  await chat.prompt("late-text");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("batch-tools: one card per call, Bub's kinds (format_code is delete), results patched in order", async () => {
  const { agent, chat } = await bubChat();
  await chat.prompt("batch-tools");
  const { thread } = chat.store.state;
  assert.deepEqual(kindsOf(thread), [
    "user",
    "assistant",
    "tool_call",
    "tool_call",
    "tool_call",
    "tool_call",
    "tool_call",
    "assistant",
  ]);
  assert.deepEqual(
    toolCards(thread).map((c) => [c.toolCallId, c.title, c.toolKind, c.status]),
    [
      ["call-1", "pwd", "execute", "completed"],
      ["call-2", "fs.read", "read", "completed"],
      ["call-3", "web.search", "search", "completed"],
      ["call-4", "format_code", "delete", "completed"],
      ["call-5", "subagent", "other", "completed"],
    ],
  );
  const [pwd, read, , , subagent] = toolCards(thread);
  assert.equal(pwd && toolText(pwd), "/home/dev/proj");
  assert.deepEqual(read?.rawOutput, { path: "README.md", content: "# Readme" });
  assert.equal(read && toolText(read), "{'path': 'README.md', 'content': '# Readme'}");
  assert.equal(subagent && toolText(subagent), "{'session_id': 'temp/ab12cd34', 'output': 'work done', 'errors': []}");
  const advertised = (
    agent.received().find((m) => m.method === "initialize")?.params as { clientCapabilities: Record<string, unknown> }
  ).clientCapabilities;
  assert.deepEqual([advertised.terminal, advertised.fs], [undefined, undefined], "cap-gating: no terminal, no fs");
  assert.deepEqual(
    agent.sent().filter((m) => m.method !== undefined && m.method !== "session/update"),
    [],
    "so the agent makes no client requests",
  );
});

test("orphan-result: a result for an unknown tool call creates its card", async () => {
  const { chat } = await bubChat();
  await chat.prompt("orphan-result");
  const { thread } = chat.store.state;
  assert.deepEqual(kindsOf(thread), ["user", "assistant", "tool_call", "assistant"]);
  const [orphan] = toolCards(thread);
  assert.deepEqual(
    [orphan?.toolCallId, orphan?.status, orphan && toolText(orphan)],
    ["tool-7", "completed", "orphan output"],
  );
});

test("cancel: session/cancel goes out; Bub still answers end_turn and the turn ends with its tool cancelled", async () => {
  const { agent, chat } = await bubChat();
  const turn = chat.prompt("cancel");
  await waitForReply(chat, (text) => text.includes("tick 2"), "two ticks");
  await chat.cancel();
  assert.equal(chat.store.state.thread.turn.phase, "cancelling");
  await turn;
  const { thread } = chat.store.state;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(toolCards(thread)[0]?.status, "cancelled", "the unfinished tool shows as cancelled");
  assert.match(assistantText(thread), /\(stopped\)$/, "updates after the cancel are still shown");
  const cancel = agent.received().find((m) => m.method === "session/cancel");
  assert.deepEqual(cancel?.params, { sessionId: chat.sessionId });
  assert.equal(cancel?.id, undefined, "session/cancel is a notification");
});

test("serialised-sessions: two sessions prompted at once run one after the other, each in its own thread", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const client = await connect(cleanup, agent.launch);
  const a = await newSession(client);
  const b = await newSession(client);
  await Promise.all([a.session.prompt("serialised-sessions A"), b.session.prompt("serialised-sessions B")]);
  assert.equal(assistantText(a.recorder.thread), "[A:1][A:2][A:3][A:4][A:5]");
  assert.equal(assistantText(b.recorder.thread), "[B:1][B:2][B:3][B:4][B:5]");
  const sent = agent.sent();
  const promptIds = new Map(
    agent
      .received()
      .filter((m) => m.method === "session/prompt")
      .map((m) => [m.id, (m.params as { sessionId: string }).sessionId]),
  );
  const resultAt = (sessionId: string) =>
    sent.findIndex((m) => m.method === undefined && promptIds.get(m.id) === sessionId);
  const updatesAt = (sessionId: string) =>
    sent.flatMap((m, at) =>
      m.method === "session/update" && (m.params as { sessionId: string }).sessionId === sessionId ? [at] : [],
    );
  const [first, second] = updatesAt(a.session.sessionId)[0]! < updatesAt(b.session.sessionId)[0]! ? [a, b] : [b, a];
  assert.ok(
    updatesAt(second.session.sessionId).every((at) => at > resultAt(first.session.sessionId)),
    "the second turn starts after the first result",
  );
});
