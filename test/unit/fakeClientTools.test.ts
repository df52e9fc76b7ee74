/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group D (client-backed tools, docs/reference/bub-and-lody.md §5): the real ChatSession offers files
 * (DiskFiles + ScriptedConsent), terminals and forms, so the fake Bub routes fs, bash and
 * ask_user through the client. Each test asserts what the client answered on the wire and what
 * the thread shows.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type { Thread } from "../../src/shared/thread/thread";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { fixedWorkspace } from "../support/memoryPorts";
import { Cleanup, chatSession, connect, newSession } from "../support/hostHarness";
import { assistantText, toolCards, toolText } from "../support/threadReaders";
import { exchanges } from "../support/wireLog";
import { terminalPids } from "../support/terminalPids";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const NOTES = "line one\nline two\nline three\nline four\nline five\n";

async function bubWithClientTools(ports: { terminals?: boolean; files?: boolean } = {}) {
  const dir = realpathSync(scratchDir("acp-bub-tools-"));
  writeFileSync(join(dir, "notes.txt"), NOTES);
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const files = new DiskFiles();
  const { chat } = chatSession(cleanup, [agent.launch], {
    workspace: fixedWorkspace(dir),
    ports: {
      ...(ports.files === false ? {} : { files, consent: new ScriptedConsent() }),
      ...(ports.terminals === false ? { terminals: false } : {}),
    },
  });
  /** Every thread state, to see what the card showed between updates. */
  const states: Thread[] = [];
  chat.store.subscribe(() => states.push(chat.store.state.thread));
  await chat.start();
  return { dir, agent, chat, files, states };
}

const card = (thread: Thread, id: string) => toolCards(thread).find((c) => c.toolCallId === id);

test("advertised: fs, terminal and form elicitation, plus Lody subagent events", async () => {
  const { agent } = await bubWithClientTools();
  const init = agent.received().find((m) => m.method === "initialize")?.params as {
    clientCapabilities: Record<string, unknown>;
  };
  assert.deepEqual(init.clientCapabilities.fs, { readTextFile: true, writeTextFile: true });
  assert.equal(init.clientCapabilities.terminal, true);
  assert.deepEqual(init.clientCapabilities.elicitation, { form: {} });
  assert.deepEqual(init.clientCapabilities._meta, { terminal_output: true, lody: { subagentEvents: { version: 1 } } });
});

test("19 fs-roundtrip: read (line 2, limit 3) as request id 0, write, then edit = whole read + whole write", async () => {
  const { dir, agent, chat, files } = await bubWithClientTools();
  await chat.prompt("fs-roundtrip");
  const fs = exchanges(agent, /^fs\//);
  const { sessionId } = chat;
  assert.deepEqual(
    fs.map((e) => [e.id, e.method, e.params]),
    [
      [0, "fs/read_text_file", { sessionId, path: join(dir, "notes.txt"), line: 2, limit: 3 }],
      [1, "fs/write_text_file", { sessionId, path: join(dir, "result.txt"), content: "done" }],
      [2, "fs/read_text_file", { sessionId, path: join(dir, "notes.txt"), line: 1 }],
      [
        3,
        "fs/write_text_file",
        { sessionId, path: join(dir, "notes.txt"), content: NOTES.replace("line two", "line 2") },
      ],
    ],
  );
  assert.deepEqual(
    fs.map((e) => e.answer),
    [
      { result: { content: "line two\nline three\nline four\n" } },
      { result: {} },
      { result: { content: NOTES } },
      { result: {} },
    ],
    "id 0 is answered like any other",
  );
  assert.equal(readFileSync(join(dir, "result.txt"), "utf8"), "done");
  assert.equal(readFileSync(join(dir, "notes.txt"), "utf8"), NOTES.replace("line two", "line 2"));
  assert.deepEqual(files.writes, [join(dir, "result.txt"), join(dir, "notes.txt")]);
  const { thread } = chat.store.state;
  assert.deepEqual(
    toolCards(thread).map((c) => [c.toolCallId, c.title, c.toolKind, c.status, toolText(c)]),
    [
      ["call-1", "fs.read", "read", "completed", "line two\nline three\nline four\n"],
      ["call-2", "fs.write", "edit", "completed", `wrote: ${join(dir, "result.txt")}`],
      ["call-3", "fs.edit", "edit", "completed", `edited: ${join(dir, "notes.txt")}`],
    ],
  );
  assert.deepEqual(
    thread.changes.map((c) => [c.path, c.created, c.state]),
    [
      [join(dir, "result.txt"), true, "pending"],
      [join(dir, "notes.txt"), false, "pending"],
    ],
  );
});

test("19 variant: an edit whose old text is missing reads, fails, and writes nothing", async () => {
  const { dir, agent, chat } = await bubWithClientTools();
  await chat.prompt("fs-edit-missing");
  assert.deepEqual(
    exchanges(agent, /^fs\//).map((e) => e.method),
    ["fs/read_text_file"],
  );
  assert.equal(readFileSync(join(dir, "notes.txt"), "utf8"), NOTES);
  const edit = card(chat.store.state.thread, "call-1");
  assert.deepEqual(
    [edit?.status, edit && toolText(edit)],
    ["completed", `error: old text not found in ${join(dir, "notes.txt")}`],
  );
});

test("20 bash-foreground: the 7 steps; the card shows the live terminal, then the text snapshot, and the output stays", async () => {
  const { dir, agent, chat, states } = await bubWithClientTools();
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
  const live = states.map((s) => card(s, "call-1")).find((c) => c?.content[0]?.type === "terminal");
  assert.deepEqual(live?.content, [{ type: "terminal", terminalId: "term-1" }], "the card showed the live terminal");
  assert.equal(live?.status, "in_progress");
  const { thread } = chat.store.state;
  const done = card(thread, "call-1");
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
  const { agent, chat } = await bubWithClientTools();
  await chat.prompt("bash-fail");
  const answers = exchanges(agent, /^terminal\//).map((e) => [e.method, e.answer?.result]);
  assert.deepEqual(answers[1], ["terminal/wait_for_exit", { exitCode: 2, signal: null }]);
  assert.deepEqual(answers[2], [
    "terminal/output",
    { output: "oops\n", truncated: false, exitStatus: { exitCode: 2, signal: null } },
  ]);
  const { thread } = chat.store.state;
  const failed = card(thread, "call-1");
  assert.deepEqual(
    [failed?.status, failed && toolText(failed)],
    ["completed", "command exited with code 2\noutput:\noops"],
  );
  assert.deepEqual(thread.terminals["term-1"]?.exit, { exitCode: 2, signal: null });
});

test("21 bash-timeout: wait_for_exit does not return in time → kill, release (no output call), timeout text", async () => {
  const { agent, chat } = await bubWithClientTools();
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
  const timedOut = card(thread, "call-1");
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
  const { agent, chat } = await bubWithClientTools();
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
  assert.equal(card(thread, "call-1")?.status, "cancelled");
  assert.deepEqual(terminalPids(chat), []);
  assert.match(assistantText(thread), /\(stopped\)$/);
});

test("22 bash-background: create only, a later output, then kill + output + release", async () => {
  const { agent, chat } = await bubWithClientTools();
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
  const { dir, agent, chat, states } = await bubWithClientTools();
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
  const attached = (id: string) => states.map((s) => card(s, id)?.content[0]).find((c) => c?.type === "terminal");
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

async function openForm(chat: ReturnType<typeof chatSession>["chat"]) {
  const [form] = await waitFor(
    () => chat.store.state.thread.forms,
    (forms) => forms.length === 1,
    "the form",
  );
  return form!;
}

test("24 elicitation: the flattened form request; accept with content goes back as is and the form closes", async () => {
  const { agent, chat } = await bubWithClientTools();
  const turn = chat.prompt("elicitation");
  const form = await openForm(chat);
  assert.equal(form.message, "Choose an approach");
  const request = exchanges(agent, /^elicitation\//)[0];
  assert.deepEqual(request?.params, {
    sessionId: chat.sessionId,
    message: "Choose an approach",
    mode: "form",
    requestedSchema: {
      type: "object",
      properties: { answer: { type: "string", title: "Approach", enum: ["minimal", "full"] } },
      required: ["answer"],
    },
  });
  assert.deepEqual(chat.submitForm(form.requestId, { answer: "bogus" }).ok, false, "validated before anything is sent");
  assert.deepEqual(chat.submitForm(form.requestId, { answer: "minimal" }), { ok: true });
  await turn;
  assert.deepEqual(exchanges(agent, /^elicitation\//)[0]?.answer, {
    result: { action: "accept", content: { answer: "minimal" } },
  });
  const { thread } = chat.store.state;
  assert.deepEqual(thread.forms, []);
  assert.equal(card(thread, "call-ask")?.title, "ask_user");
  assert.equal(card(thread, "call-ask")?.toolKind, "other");
  assert.equal(assistantText(thread), 'The user answered: {"action":"accept","content":{"answer":"minimal"}}');
});

test("24 elicitation: accept with nothing filled in, decline, and cancel", async () => {
  for (const [prompt, act, expected] of [
    ["elicitation optional", "accept", { action: "accept", content: {} }],
    ["elicitation", "decline", { action: "decline" }],
    ["elicitation", "cancel", { action: "cancel" }],
  ] as const) {
    const { agent, chat } = await bubWithClientTools();
    const turn = chat.prompt(prompt);
    const form = await openForm(chat);
    if (act === "accept") assert.deepEqual(chat.submitForm(form.requestId, {}), { ok: true });
    else if (act === "decline") chat.declineForm(form.requestId);
    else chat.cancelForm(form.requestId);
    await turn;
    assert.deepEqual(exchanges(agent, /^elicitation\//)[0]?.answer, { result: expected }, act);
    assert.deepEqual(chat.store.state.thread.forms, []);
    assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
    await cleanup.run();
  }
});

test("24 elicitation: the agent withdraws the request with $/cancel_request → the form is dismissed, answered harmlessly", async () => {
  const { agent, chat } = await bubWithClientTools();
  const turn = chat.prompt("elicitation withdraw");
  await openForm(chat);
  await waitFor(
    () => chat.store.state.thread.forms,
    (forms) => forms.length === 0,
    "the form to be dismissed",
  );
  await turn;
  const withdraw = agent.sent().find((m) => m.method === "$/cancel_request");
  // The answer to a withdrawn request may reach the agent after its turn ended: wait for it.
  const request = await waitFor(
    () => exchanges(agent, /^elicitation\//)[0],
    (r) => r?.answer !== undefined,
    "the answer to the withdrawn form",
  );
  assert.deepEqual(withdraw?.params, { requestId: request?.id });
  assert.deepEqual(
    request?.answer,
    { result: { action: "cancel" } },
    "answered harmlessly: the withdrawn form settles as cancel",
  );
  assert.equal(assistantText(chat.store.state.thread), 'The user answered: {"action":"cancel"}');
});

test("24 elicitation: Stop while the form is open dismisses it and answers cancel; Bub ends with end_turn", async () => {
  const { agent, chat } = await bubWithClientTools();
  const turn = chat.prompt("elicitation");
  await openForm(chat);
  await chat.cancel();
  assert.deepEqual(chat.store.state.thread.forms, [], "dismissed at once");
  await turn;
  // session/cancel can end the turn before the form's answer reaches the agent: wait for it.
  const request = await waitFor(
    () => exchanges(agent, /^elicitation\//)[0],
    (r) => r?.answer !== undefined,
    "the answer to the dismissed form",
  );
  assert.deepEqual(request?.answer, { result: { action: "cancel" } });
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("cap-gating: a client without form elicitation never gets elicitation/create", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const client = await connect(cleanup, agent.launch, { callbacks: {} });
  const { session, recorder } = await newSession(client);
  await session.prompt("elicitation");
  assert.deepEqual(exchanges(agent), []);
  assert.equal(assistantText(recorder.thread), "I cannot ask you here; assuming the minimal approach.");
});

test("cap-gating: without files and terminals Bub runs its tools locally, with no client requests", async () => {
  const { dir, agent, chat } = await bubWithClientTools({ files: false, terminals: false });
  await chat.prompt("fs-roundtrip");
  assert.deepEqual(
    toolCards(chat.store.state.thread).map((c) => [c.toolCallId, c.status, toolText(c)]),
    [
      ["call-1", "completed", "line two\nline three\nline four\n"],
      ["call-2", "completed", `wrote: ${join(dir, "result.txt")}`],
      ["call-3", "completed", `edited: ${join(dir, "notes.txt")}`],
    ],
  );
  assert.equal(readFileSync(join(dir, "result.txt"), "utf8"), "done", "written by the agent itself");
  await chat.prompt("bash-dup-commands");
  assert.deepEqual(exchanges(agent), [], "no fs, terminal or form request");
  const { thread } = chat.store.state;
  assert.deepEqual(
    toolCards(thread)
      .slice(3)
      .map((c) => [c.toolCallId, c.status, toolText(c)]),
    [
      ["tool-0", "completed", dir],
      ["tool-1", "completed", "notes.txt\nresult.txt"],
      ["tool-2", "completed", dir],
    ],
  );
  assert.deepEqual(thread.terminals, {});
});
