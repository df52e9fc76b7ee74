/**
 * Issue 18 §3: an agent's own shell output (claude-agent-acp's `_meta.terminal_*` on tool calls)
 * shows live in the tool card's terminal view, before the call completes.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, chatSession, startedChat } from "../support/hostHarness";
import { toolCards } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";
import { ToolTerminals } from "../../src/acp/client/callbacks/toolTerminals";
import type { Thread } from "../../src/shared/thread/thread";
import { storedEntriesOf } from "../../src/shared/thread/storedTranscript";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("the client advertises _meta.terminal_output", async () => {
  const agent = fakeAgent("Shell");
  await startedChat(cleanup, [agent.launch]);
  const init = agent.received().find((m) => m.method === "initialize")?.params as {
    clientCapabilities: { _meta?: Record<string, unknown> };
  };
  assert.equal(init.clientCapabilities._meta?.terminal_output, true);
});

test("claude-shell: the output shows in the card's terminal while the call is still running, then its exit", async () => {
  const agent = fakeAgent("Shell");
  const { chat } = chatSession(cleanup, [agent.launch]);
  const states: Thread[] = [];
  chat.store.subscribe(() => states.push(chat.store.state.thread));
  await chat.start();
  const turn = chat.prompt("claude-shell");
  // The states recorded as they came, not a poll of the latest: a slow poll could miss the moment.
  const live = (await waitFor(
    () => states.find((thread) => thread.terminals.toolu_shell_1?.output === "one\n"),
    (thread) => thread !== undefined,
    "the first line of output",
  ))!;
  assert.notEqual(toolCards(live)[0]?.status, "completed", "shown before the call completes");
  assert.deepEqual(toolCards(live)[0]?.content, [{ type: "terminal", terminalId: "toolu_shell_1" }]);
  await turn;
  const thread = chat.store.state.thread;
  assert.deepEqual(thread.terminals.toolu_shell_1, {
    command: "printf 'one\\ntwo\\n'",
    output: "one\ntwo\n",
    exit: { exitCode: 0, signal: null },
  });
  assert.equal(toolCards(thread)[0]?.status, "completed");
  const firstCompleted = states.findIndex((s) => toolCards(s)[0]?.status === "completed");
  const firstOutput = states.findIndex((s) => (s.terminals.toolu_shell_1?.output ?? "") !== "");
  assert.ok(
    firstOutput >= 0 && firstOutput < firstCompleted,
    `output at state ${firstOutput}, completed at ${firstCompleted}`,
  );
});

test("ToolTerminals: a repeated terminal_info keeps the output; other shapes are ignored", () => {
  const terminals = new ToolTerminals();
  const info = {
    sessionUpdate: "tool_call",
    rawInput: { command: "ls" },
    _meta: { terminal_info: { terminal_id: "t" } },
  };
  assert.deepEqual(terminals.actionsOf(info), [{ type: "terminal/created", terminalId: "t", command: "ls" }]);
  assert.deepEqual(terminals.actionsOf(info), [], "announced once");
  assert.deepEqual(
    terminals.actionsOf({
      sessionUpdate: "tool_call_update",
      _meta: { terminal_output: { terminal_id: "t", data: "x" } },
    }),
    [{ type: "terminal/output", terminalId: "t", chunk: "x" }],
  );
  assert.deepEqual(
    terminals.actionsOf({
      sessionUpdate: "tool_call_update",
      _meta: { terminal_exit: { terminal_id: "t", exit_code: 2, signal: null } },
    }),
    [{ type: "terminal/exited", terminalId: "t", exitCode: 2, signal: null }],
  );
  assert.deepEqual(
    terminals.actionsOf({
      sessionUpdate: "tool_call_update",
      _meta: { terminal_output: { terminal_id: 5, data: "x" } },
    }),
    [],
  );
  assert.deepEqual(
    terminals.actionsOf({ sessionUpdate: "agent_message_chunk", _meta: { terminal_info: { terminal_id: "u" } } }),
    [],
  );
});

test("ToolTerminals: the command comes from a later update of the call while nothing has shown", () => {
  const terminals = new ToolTerminals();
  assert.deepEqual(
    terminals.actionsOf({
      sessionUpdate: "tool_call",
      toolCallId: "c",
      rawInput: {},
      _meta: { terminal_info: { terminal_id: "c" } },
    }),
    [{ type: "terminal/created", terminalId: "c", command: "" }],
  );
  assert.deepEqual(
    terminals.actionsOf({ sessionUpdate: "tool_call_update", toolCallId: "c", rawInput: { command: "make" } }),
    [{ type: "terminal/created", terminalId: "c", command: "make" }],
  );
  terminals.actionsOf({
    sessionUpdate: "tool_call_update",
    toolCallId: "c",
    _meta: { terminal_output: { terminal_id: "c", data: "built" } },
  });
  assert.deepEqual(
    terminals.actionsOf({ sessionUpdate: "tool_call_update", toolCallId: "c", rawInput: { command: "make all" } }),
    [],
    "output is never cleared",
  );
});

test("claude-shell: a kept transcript (and a fork's copy) keeps the terminal's output as text", async () => {
  const agent = fakeAgent("Shell");
  const { chat } = await startedChat(cleanup, [agent.launch]);
  await chat.prompt("claude-shell");
  const card = storedEntriesOf(chat.store.state.thread).find((entry) => entry.kind === "tool_call");
  assert.deepEqual(card?.kind === "tool_call" && card.content, [{ type: "text", text: "```console\none\ntwo\n```" }]);
});
