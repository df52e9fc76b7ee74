/**
 * Real third-party agent quirks (Q1–Q16 of docs/reference/fake-agent-scenarios.md that concern the session engine and the
 * thread model), replayed by the fake agent's `quirks` profile against the real ChatSession.
 * Q5/Q6 (terminals, files) are covered by the callback tests.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { describeStatus, type PanelAction } from "../../src/shared/wire/panelState";
import { fakeAgent, fakeAgentProcess, tempStatePath } from "../support/fakeAgentLaunch";
import { Cleanup, chatSession } from "../support/hostHarness";
import {
  assistantText,
  entriesOf,
  toolCards,
  toolText,
  waitForStatus,
  kindsOf,
  waitForPermissions,
} from "../support/threadReaders";
import { agentPid, waitForExit } from "../support/agentPids";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const MODES = "https://agentclientprotocol.com/protocol/session-modes";

/** `launch`: fakeAgentProcess where the process matters (EOF, a crash). */
async function quirky(env: Record<string, string> = {}, launch = fakeAgent) {
  const agent = launch("Quirky", { FAKE_AGENT_PROFILE: "quirks", ...env });
  const { chat, logger } = chatSession(cleanup, [agent.launch]);
  const actions: PanelAction[] = [];
  chat.store.subscribe((action) => actions.push(action));
  await chat.start();
  assert.equal(chat.store.state.connection.status, "ready");
  return { agent, chat, logger, actions };
}

type Chat = Awaited<ReturnType<typeof quirky>>["chat"];

/** Waits for the turn's permission request and answers the option of `kind`. */
async function answerByKind(chat: Chat, kind: string) {
  const [pending] = await waitForPermissions(chat, "a permission request");
  const option = pending!.options.find((candidate) => candidate.kind === kind);
  chat.answerPermission(pending!.requestId, option?.optionId);
  return pending!;
}

const card = (chat: Chat, toolCallId: string) =>
  toolCards(chat.store.state.thread).find((c) => c.toolCallId === toolCallId);

test("Q1: an update before the session/new response lands in the thread; a later one replaces it", async () => {
  const { chat, actions } = await quirky();
  const early = actions.findIndex(
    (a) => a.type === "acp/update" && a.update.sessionUpdate === "available_commands_update",
  );
  const ready = actions.findIndex((a) => a.type === "connection/ready");
  assert.ok(early >= 0 && early < ready, "the early update was buffered and applied when the session attached");
  await waitFor(
    () => chat.store.state.thread.commands.map((c) => c.name),
    (names) => names.join() === "init,review",
    "the second commands update",
  );
});

test("Q12: modes with URL ids, unknown categories and an unknown option type; set_mode answered by config_option_update", async () => {
  const { agent, chat } = await quirky();
  const { thread } = chat.store.state;
  assert.equal(thread.modes?.currentModeId, `${MODES}#agent`);
  assert.deepEqual(
    thread.configOptions.map((o) => [o.id, o.category]),
    [
      ["approval", "permissions"],
      ["model", "model"],
    ],
    "the slider option is dropped",
  );
  await chat.setMode(`${MODES}#plan`);
  await waitFor(
    () => chat.store.state.thread.configOptions.find((o) => o.id === "approval")?.currentValue,
    (value) => value === "allow_all",
    "the config_option_update",
  );
  assert.equal(
    chat.store.state.thread.modes?.currentModeId,
    `${MODES}#plan`,
    "the mode is updated locally: no current_mode_update comes",
  );
  assert.deepEqual(agent.received().find((m) => m.method === "session/set_mode")?.params, {
    sessionId: chat.sessionId,
    modeId: `${MODES}#plan`,
  });
});

test("Q2: a tool call announced twice is one card with the second announcement's title and input", async () => {
  const { chat } = await quirky();
  await chat.prompt("q2-dup-tool");
  const cards = toolCards(chat.store.state.thread);
  assert.equal(cards.length, 1);
  assert.deepEqual(
    [cards[0]?.title, cards[0]?.rawInput, cards[0]?.status],
    ["ls -la", { command: "ls -la" }, "completed"],
  );
  assert.equal(cards[0] && toolText(cards[0]), "```console\ntotal 0\n```");
});

test("Q3 + Q7: a permission before any tool_call shows on a card made from the request, and is answered by kind", async () => {
  const { agent, chat } = await quirky();
  const turn = chat.prompt("q3-permission-first");
  const pending = await answerByKind(chat, "allow_once");
  assert.deepEqual(
    pending.options.map((o) => o.name),
    ["Allow once", "Always allow", "Deny"],
    "the agent's own names",
  );
  await turn;
  const perm = card(chat, "perm-1");
  assert.deepEqual(
    [perm?.title, perm?.toolKind, perm?.status, perm && toolText(perm)],
    ["WriteFile notes.txt", "edit", "completed", "wrote notes.txt"],
  );
  assert.equal(assistantText(chat.store.state.thread), "Permission: selected proceed_once.");
  const answer = agent.received().find((m) => m.id === 0 && m.method === undefined);
  assert.deepEqual(
    answer?.result,
    { outcome: { outcome: "selected", optionId: "proceed_once" } },
    "request id 0 is answered like any other",
  );
  assert.deepEqual(chat.store.state.thread.permissions, []);
});

test("Q4: an agent request with a string (UUID) id is answered with that id", async () => {
  const { agent, chat } = await quirky();
  const turn = chat.prompt("q4-string-ids");
  await answerByKind(chat, "allow_once");
  await turn;
  const request = agent.sent().find((m) => m.method === "session/request_permission");
  assert.match(String(request?.id), /^[0-9a-f]{8}-[0-9a-f]{4}-/);
  const answer = agent.received().find((m) => m.method === undefined && m.id === request?.id);
  assert.deepEqual(answer?.result, { outcome: { outcome: "selected", optionId: "approved" } });
  assert.equal(assistantText(chat.store.state.thread), "Permission: selected approved.");
});

test("Q8: a rejection that ends the turn as cancelled is not an error", async () => {
  const { agent, chat } = await quirky();
  const turn = chat.prompt("q8-reject");
  await answerByKind(chat, "reject_once");
  await turn;
  const { thread } = chat.store.state;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "cancelled" });
  assert.deepEqual(entriesOf(thread, "error"), []);
  assert.equal(card(chat, "exec-2")?.status, "cancelled");
  assert.equal(describeStatus(chat.store.state), "Turn cancelled");
  assert.deepEqual(agent.received().find((m) => m.method === undefined && m.id === 0)?.result, {
    outcome: { outcome: "selected", optionId: "abort" },
  });
});

test("Q9: refused tools are failed cards with the agent's text", async () => {
  const { chat } = await quirky();
  await chat.prompt("q9-refused");
  const claude = card(chat, "claude-1");
  const copilot = card(chat, "copilot-1");
  assert.deepEqual([claude?.status, claude && toolText(claude)], ["failed", "User refused permission to run tool"]);
  assert.deepEqual(
    [copilot?.status, copilot?.rawOutput],
    ["failed", { message: "The user rejected this tool call.", code: "rejected" }],
  );
});

test("Q10: an agent that ignores stdin EOF is terminated on dispose", async () => {
  const { chat, logger } = await quirky({ FAKE_AGENT_EOF: "ignore" }, fakeAgentProcess);
  const pid = agentPid(logger)!;
  await chat.dispose();
  // Killed by then; on a loaded machine its exit can take a moment to be seen.
  await waitForExit(pid, "the agent that ignored EOF to be gone after dispose", 5_000);
  // What the agent wrote before it was killed may be read after its exit was seen.
  await waitFor(
    () => logger.stderr,
    (stderr) => stderr.includes("fake agent: stdin closed; staying alive"),
    "the agent to have said it ignored EOF",
  );
});

test("Q11: diff content with null, empty and missing oldText is kept; a unified diff in rawOutput stays text", async () => {
  const { chat } = await quirky();
  await chat.prompt("q11-diffs");
  const edit = card(chat, "edit-1");
  assert.deepEqual(
    edit?.content.map((c) => (c.type === "diff" ? [c.path, c.oldText, c.newText] : c.type)),
    [
      ["/w/new.txt", null, "new\n"],
      ["/w/empty.txt", "", "filled\n"],
      ["/w/unknown.txt", undefined, "whole\n"],
    ],
  );
  assert.deepEqual(edit?.locations, [{ path: "/w/new.txt", line: 1 }]);
  assert.match(String(card(chat, "edit-2")?.rawOutput), /^--- a\/x\.txt\n\+\+\+ b\/x\.txt\n/);
});

test("Q13: usage_update with cost and PromptResponse.usage are both kept; gemini's _meta.quota is tolerated", async () => {
  const { chat } = await quirky();
  await chat.prompt("q13-usage");
  const { thread } = chat.store.state;
  assert.deepEqual(thread.usage, { used: 1200, size: 200000, cost: { amount: 0.0123, currency: "USD" } });
  assert.deepEqual(thread.turnUsage, { totalTokens: 30, inputTokens: 20, outputTokens: 10, cachedReadTokens: 5 });
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("Q14: a plan of medium priorities replaces the plan; a todo tool is an ordinary card", async () => {
  const { chat } = await quirky();
  await chat.prompt("q14-plan");
  const { thread } = chat.store.state;
  assert.deepEqual(
    thread.plan.map((p) => [p.content, p.priority, p.status]),
    [
      ["Read the code", "medium", "completed"],
      ["Write the fix", "medium", "in_progress"],
    ],
  );
  assert.deepEqual([card(chat, "todo-1")?.toolKind, card(chat, "todo-1")?.title], ["other", "todowrite"]);
});

test("Q16: unknown _meta is ignored, fenced output kept, and the title from session_info_update shown", async () => {
  const { chat } = await quirky();
  await chat.prompt("q16-meta");
  const { thread } = chat.store.state;
  assert.equal(thread.title, "Quirky session");
  assert.equal(toolText(card(chat, "bash-1")!), "```console\n$ ls\nREADME.md\n```");
  assert.equal(assistantText(thread), "Listed.");
  assert.deepEqual(entriesOf(thread, "error"), []);
});

test("Q15: after a crash, load replays the history followed by the agent's commands", async () => {
  const { chat } = await quirky({ FAKE_AGENT_STATE: tempStatePath() }, fakeAgentProcess);
  await chat.prompt("q2-dup-tool");
  await chat.prompt("crash");
  await waitForStatus(chat, "failed", "the crash");
  await chat.restart();
  const { thread, connection } = chat.store.state;
  assert.equal(connection.status, "ready");
  // The replayed history, then the crash report stated again (the reload replaced it), then the notice.
  assert.deepEqual(kindsOf(thread), ["user", "tool_call", "user", "assistant", "error", "notice"]);
  assert.deepEqual(
    thread.commands.map((c) => c.name),
    ["init"],
  );
  assert.equal(toolCards(thread)[0]?.title, "ls -la");
});

test("Q15: a load that fails (gemini) starts a new session and keeps the old transcript", async () => {
  const { chat } = await quirky({ FAKE_AGENT_LOAD_ERROR: "gemini" }, fakeAgentProcess);
  const first = chat.sessionId;
  await chat.prompt("q14-plan");
  await chat.prompt("crash");
  await waitForStatus(chat, "failed", "the crash");
  await chat.restart();
  const { thread, connection } = chat.store.state;
  assert.equal(connection.status, "ready");
  assert.notEqual(chat.sessionId, first);
  assert.deepEqual(
    entriesOf(thread, "user").map((e) => e.text),
    ["q14-plan", "crash"],
    "the old transcript is still there",
  );
  assert.equal(
    entriesOf(thread, "notice").at(-1)?.title,
    "Could not reopen the previous session (Internal error: No previous sessions found for this project. (-32603)); started a new one. The transcript above is from the old session.",
  );
});
