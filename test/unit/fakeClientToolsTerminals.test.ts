/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group D (client-backed tools,
 * docs/reference/bub-and-lody.md §5), terminals: the fake Bub's bash runs in the client's
 * terminals (foreground, failing, timing out, stopped, in the background, several at once). Each
 * test asserts what the client answered on the wire and what the card shows.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Cleanup } from "../support/hostHarness";
import { assistantText, toolCards, toolText, toolCard } from "../support/threadReaders";
import { exchanges } from "../support/wireLog";
import { terminalPids } from "../support/terminalPids";
import { waitFor } from "../support/waitFor";
import { bubWithClientTools } from "../support/bubClientTools";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("20 bash-foreground: the 7 steps; the card shows the live terminal, then the text snapshot, and the output stays", async () => {
  const { dir, agent, chat, states } = await bubWithClientTools(cleanup);
  await chat.prompt("bash-foreground");
  const { sessionId } = chat;
  const terminal = exchanges(agent, /^terminal\//);
  assert.deepEqual(
    terminal.map((e) => [e.method, e.params]),
    [
      ["terminal/create", { sessionId, command: "bash", args: ["-lc", "pwd"], cwd: dir }],
      ["terminal/wait_for_exit", { sessionId, terminalId: "term-1" }],
      ["terminal/output", { sessionId, terminalId: "term-1" }],
      ["terminal/release", { sessionId, terminalId: "term-1" }],
    ],
  );
  assert.deepEqual(
    terminal.map((e) => e.answer),
    [
      { result: { terminalId: "term-1" } },
      { result: { exitCode: 0, signal: null } },
      { result: { output: `${dir}\n`, truncated: false, exitStatus: { exitCode: 0, signal: null } } },
      { result: {} },
    ],
  );
  // Step order on the wire: tool_call, create, attach (step 3) before waiting, ..., completion last.
  const steps = agent.sent().flatMap((m) => {
    if (m.method === "session/update") {
      const update = (
        m.params as { update: { sessionUpdate: string; status?: string; content?: Array<{ type: string }> } }
      ).update;
      if (update.sessionUpdate === "tool_call") return ["1 tool_call"];
      if (update.sessionUpdate === "tool_call_update")
        return [update.status === "completed" ? "7 completed" : `3 ${update.content?.[0]?.type}`];
      return [];
    }
    return m.method?.startsWith("terminal/") ? [m.method] : [];
  });
  assert.deepEqual(steps, [
    "1 tool_call",
    "terminal/create",
    "3 terminal",
    "terminal/wait_for_exit",
    "terminal/output",
    "terminal/release",
    "7 completed",
  ]);
  const live = states.map((s) => toolCard(s, "call-1")).find((c) => c?.content[0]?.type === "terminal");
  assert.deepEqual(live?.content, [{ type: "terminal", terminalId: "term-1" }], "the card showed the live terminal");
  assert.equal(live?.status, "in_progress");
  const { thread } = chat.store.state;
  const done = toolCard(thread, "call-1");
  assert.deepEqual(
    [done?.title, done?.status, done?.rawOutput, done && toolText(done)],
    ["pwd", "completed", dir, dir],
  );
  assert.deepEqual(
    thread.terminals["term-1"],
    { command: "bash -lc pwd", output: `${dir}\n`, exit: { exitCode: 0, signal: null } },
    "the terminal's output is kept after release",
  );
  assert.equal(assistantText(thread), "Ran pwd.");
});

test("21 bash-fail: exit code 2 is a completed card with Bub's error text", async () => {
  const { agent, chat } = await bubWithClientTools(cleanup);
  await chat.prompt("bash-fail");
  const answers = exchanges(agent, /^terminal\//).map((e) => [e.method, e.answer?.result]);
  assert.deepEqual(answers[1], ["terminal/wait_for_exit", { exitCode: 2, signal: null }]);
  assert.deepEqual(answers[2], [
    "terminal/output",
    { output: "oops\n", truncated: false, exitStatus: { exitCode: 2, signal: null } },
  ]);
  const { thread } = chat.store.state;
  const failed = toolCard(thread, "call-1");
  assert.deepEqual(
    [failed?.status, failed && toolText(failed)],
    ["completed", "command exited with code 2\noutput:\noops"],
  );
  assert.deepEqual(thread.terminals["term-1"]?.exit, { exitCode: 2, signal: null });
});

test("21 bash-timeout: wait_for_exit does not return in time → kill, release (no output call), timeout text", async () => {
  const { agent, chat } = await bubWithClientTools(cleanup);
  await chat.prompt("bash-timeout");
  const terminal = exchanges(agent, /^terminal\//);
  assert.deepEqual(
    terminal.map((e) => e.method),
    ["terminal/create", "terminal/wait_for_exit", "terminal/kill", "terminal/release"],
  );
  assert.deepEqual(terminal[2]?.answer, { result: {} });
  assert.deepEqual(terminal[3]?.answer, { result: {} });
  assert.deepEqual(
    terminal[1]?.answer,
    { result: { exitCode: null, signal: "SIGTERM" } },
    "the abandoned wait is still answered once the process is killed",
  );
  const { thread } = chat.store.state;
  const timedOut = toolCard(thread, "call-1");
  assert.deepEqual(
    [timedOut?.status, timedOut && toolText(timedOut)],
    ["completed", "command timed out after 1 seconds and was terminated"],
  );
  assert.deepEqual(
    thread.terminals["term-1"]?.exit,
    { exitCode: null, signal: "SIGTERM" },
    "the killed command's terminal stays, with how it ended",
  );
});

test("21 bash-cancel: Stop mid-wait → kill and release; the card is cancelled, Bub still ends with end_turn", async () => {
  const { agent, chat } = await bubWithClientTools(cleanup);
  const turn = chat.prompt("bash-cancel");
  await waitFor(
    () => chat.store.state.thread.terminals["term-1"]?.output,
    (output) => output === "started\n",
    "the command to start",
  );
  assert.equal(terminalPids(chat).length, 1);
  await chat.cancel();
  await turn;
  const methods = agent.received().filter((m) => m.method === "session/cancel").length;
  assert.equal(methods, 1);
  assert.deepEqual(
    exchanges(agent, /^terminal\//).map((e) => [e.method, e.answer !== undefined]),
    [
      ["terminal/create", true],
      ["terminal/wait_for_exit", true],
      ["terminal/kill", true],
      ["terminal/release", true],
    ],
  );
  const { thread } = chat.store.state;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(toolCard(thread, "call-1")?.status, "cancelled");
  assert.deepEqual(terminalPids(chat), []);
  assert.match(assistantText(thread), /\(stopped\)$/);
});

test("21 bash-cancel, Kill command instead of Stop: Bub's wait sees the kill and the turn goes on; other ids are ignored", async () => {
  const { agent, chat, states } = await bubWithClientTools(cleanup);
  const turn = chat.prompt("bash-cancel");
  await waitFor(
    () => chat.store.state.thread.terminals["term-1"]?.output,
    (output) => output === "started\n",
    "the command to start",
  );
  await chat.killTerminal("term-999");
  assert.equal(terminalPids(chat).length, 1, "an unknown id kills nothing");
  await chat.killTerminal("term-1");
  await turn;
  assert.deepEqual(
    exchanges(agent, /^terminal\//).map((e) => [e.method, e.answer?.result]),
    [
      ["terminal/create", { terminalId: "term-1" }],
      ["terminal/wait_for_exit", { exitCode: null, signal: "SIGTERM" }],
      ["terminal/output", { output: "started\n", truncated: false, exitStatus: { exitCode: null, signal: "SIGTERM" } }],
      ["terminal/release", {}],
    ],
  );
  assert.equal(agent.received().filter((m) => m.method === "session/cancel").length, 0, "the turn was not cancelled");
  const { thread } = chat.store.state;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  const card = toolCard(thread, "call-1");
  assert.deepEqual(
    [card?.status, card && toolText(card)],
    ["completed", "command exited with code SIGTERM\noutput:\nstarted"],
  );
  assert.ok(
    states.some((s) => s.terminals["term-1"]?.killable === true),
    "while it ran, the card could offer Kill command",
  );
  assert.deepEqual(
    thread.terminals["term-1"],
    { command: "bash -lc echo started; sleep 30", output: "started\n", exit: { exitCode: null, signal: "SIGTERM" } },
    "the output stays, with how it ended; nothing left to kill",
  );
  assert.deepEqual(terminalPids(chat), []);
});

test("22 bash-background: create only, a later output, then kill + output + release", async () => {
  const { agent, chat } = await bubWithClientTools(cleanup);
  await chat.prompt("bash-background");
  // bash.output may poll a few times until the command has printed.
  const terminal = exchanges(agent, /^terminal\//).filter(
    (e, at, all) => !(e.method === "terminal/output" && all[at + 1]?.method === "terminal/output"),
  );
  assert.deepEqual(
    terminal.map((e) => e.method),
    ["terminal/create", "terminal/output", "terminal/kill", "terminal/output", "terminal/release"],
  );
  assert.deepEqual(
    terminal[1]?.answer,
    { result: { output: "tick\n", truncated: false } },
    "still running: no exitStatus",
  );
  assert.deepEqual(terminal[3]?.answer, {
    result: { output: "tick\n", truncated: false, exitStatus: { exitCode: null, signal: "SIGTERM" } },
  });
  assert.equal(exchanges(agent, /^terminal\/release$/).length, 1, "no release before bash.kill");
  const { thread } = chat.store.state;
  assert.deepEqual(
    toolCards(thread).map((c) => [c.toolCallId, c.title, c.status, toolText(c)]),
    [
      ["call-1", "echo tick; sleep 30", "completed", "started: term-1"],
      ["call-2", "bash.output", "completed", "tick\n"],
      ["call-3", "bash.kill", "completed", "killed: term-1\ntick"],
    ],
  );
  assert.deepEqual(thread.terminals["term-1"], {
    command: "bash -lc echo tick; sleep 30",
    output: "tick\n",
    exit: { exitCode: null, signal: "SIGTERM" },
  });
});

test("23 bash-dup-commands: terminals attach to tool-1, tool-0, tool-2 (run order ls, pwd, pwd); each card ends as text", async () => {
  const { dir, agent, chat, states } = await bubWithClientTools(cleanup);
  await chat.prompt("bash-dup-commands");
  const creates = exchanges(agent, /^terminal\/create$/);
  assert.deepEqual(
    creates.map((e) => [(e.params.args as string[])[1], (e.answer?.result as { terminalId: string }).terminalId]),
    [
      ["ls", "term-1"],
      ["pwd", "term-2"],
      ["pwd", "term-3"],
    ],
  );
  const attached = (id: string) => states.map((s) => toolCard(s, id)?.content[0]).find((c) => c?.type === "terminal");
  assert.deepEqual(
    ["tool-0", "tool-1", "tool-2"].map((id) => (attached(id) as { terminalId?: string } | undefined)?.terminalId),
    ["term-2", "term-1", "term-3"],
  );
  const { thread } = chat.store.state;
  assert.deepEqual(
    toolCards(thread).map((c) => [c.toolCallId, c.title, c.status, toolText(c)]),
    [
      ["tool-0", "pwd", "completed", dir],
      ["tool-1", "ls", "completed", "notes.txt"],
      ["tool-2", "pwd", "completed", dir],
    ],
  );
  assert.deepEqual(Object.keys(thread.terminals).sort(), ["term-1", "term-2", "term-3"]);
});
