/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group G (CodeBuddy, docs/reference/bub-and-lody.md §14) against the fake's `codebuddy` profile: sign-in
 * on -32000, updates before and after the session/new response, vendor update kinds, the
 * duplicated tool_call, errors as `refusal`, a second prompt folded into the running turn, team
 * member lanes and a vendor request refused with -32601.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import type * as acp from "@agentclientprotocol/sdk";
import type { Thread } from "../../src/shared/thread/thread";
import { steeringRouteOf } from "../../src/acp/client/session/steering";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { definitionOf } from "../support/memoryPorts";
import { Cleanup, chatSession } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards, toolText, waitForReply, kindsOf } from "../support/threadReaders";
import { agentAnswer, exchanges, sentTimeline } from "../support/wireLog";
import { waitFor } from "../support/waitFor";
import type { AuthPrompt } from "../../src/acp/ports";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** Signs in with the method named `pick` (null: the user declines). */
export class TestAuth implements AuthPrompt {
  readonly offered: string[][] = [];
  constructor(private readonly pick: string | null = "external") {}
  async choose(_agent: string, methods: readonly acp.AuthMethod[]): Promise<acp.AuthMethod | undefined> {
    this.offered.push(methods.map((method) => method.id));
    return methods.find((method) => method.id === this.pick);
  }
  async confirmTerminalLogin() {
    return false;
  }
  async runTerminalLogin(): Promise<boolean> {
    return false;
  }
}

async function codebuddyChat(env: Record<string, string> = {}, auth?: AuthPrompt) {
  const agent = fakeAgent("CodeBuddy", { FAKE_AGENT_PROFILE: "codebuddy", ...env });
  const { chat } = chatSession(cleanup, [definitionOf(agent.launch)], auth ? { auth } : {});
  const states: Thread[] = [];
  chat.store.subscribe(() => states.push(chat.store.state.thread));
  await chat.start();
  return { agent, chat, states };
}

const notices = (thread: Thread) => entriesOf(thread, "notice").map((n) => n.title);

test("35 cb-auth: session/new fails -32000 until authenticate {methodId: external}; then a signed-in session", async () => {
  const auth = new TestAuth("external");
  const { agent, chat } = await codebuddyChat({ FAKE_AGENT_AUTH: "required" }, auth);
  assert.equal(chat.store.state.connection.status, "ready");
  assert.deepEqual(auth.offered, [["iOA", "external", "internal", "selfhosted"]]);
  const calls = agent
    .received()
    .filter((m) => m.method !== undefined && m.id !== undefined)
    .map((m) => m.method);
  assert.deepEqual(calls, ["initialize", "session/new", "authenticate", "session/new"]);
  assert.deepEqual(agentAnswer(agent, "session/new", 0)?.error, {
    code: -32000,
    message: "Authentication required",
    data: { category: "auth" },
  });
  assert.deepEqual(agent.received().find((m) => m.method === "authenticate")?.params, { methodId: "external" });
  assert.deepEqual(agentAnswer(agent, "authenticate")?.result, {
    _meta: { "codebuddy.ai/userinfo": { authType: "local", nickname: "Test User" } },
  });
  assert.ok(sentTimeline(agent).includes("_codebuddy.ai/authUrl"));
  assert.deepEqual(notices(chat.store.state.thread), ["CodeBuddy needs you to sign in.", "Signed in to CodeBuddy."]);
  await chat.prompt("cb-prompt");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("35 cb-auth: declining sign-in fails the start with a clear message", async () => {
  const { chat } = await codebuddyChat({ FAKE_AGENT_AUTH: "required" }, new TestAuth(null));
  const { connection, thread } = chat.store.state;
  assert.equal(connection.status, "failed");
  assert.match(
    entriesOf(thread, "error")[0]?.message ?? "",
    /CodeBuddy requires authentication, and sign-in was not completed/,
  );
});

test("36 cb-new-then-updates: config_option_update before the session/new response and commands after it both land", async () => {
  const { agent, chat } = await codebuddyChat();
  const { thread } = await waitFor(
    () => chat.store.state,
    (state) => state.thread.commands.length > 0,
    "the commands",
  );
  const timeline = sentTimeline(agent);
  const response = timeline.indexOf(
    `response:${JSON.stringify(agent.received().find((m) => m.method === "session/new")?.id)}`,
  );
  assert.ok(
    timeline.indexOf("update:config_option_update") < response &&
      response < timeline.indexOf("update:available_commands_update"),
    timeline.join(" "),
  );
  assert.deepEqual(
    thread.commands.map((c) => c.name),
    ["compact", "init"],
  );
  assert.deepEqual(
    thread.configOptions.map((o) => [o.id, o.currentValue]),
    [
      ["model", "default-model"],
      ["mode", "default"],
    ],
  );
  assert.equal(thread.modes?.currentModeId, "default");
  assert.equal(steeringRouteOf(chat.agentClient!.init), "prompt", "delegateToolsSupport: a second prompt steers");
});

test("37 cb-prompt: vendor kinds are ignored, the duplicated tool_call is one clean card, the turn ends end_turn", async () => {
  const { agent, chat, states } = await codebuddyChat();
  await chat.prompt("cb-prompt");
  const { thread } = chat.store.state;
  assert.deepEqual(kindsOf(thread), ["user", "assistant", "tool_call", "assistant"]);
  const [read] = toolCards(thread);
  const path = `${(agent.received().find((m) => m.method === "session/new")?.params as { cwd: string }).cwd}/hello.txt`;
  assert.deepEqual(
    [read?.toolCallId, read?.title, read?.toolKind, read?.status, read?.locations, read?.rawInput],
    ["toolu_1", `Read ${path}`, "read", "completed", [{ path }], { file_path: path }],
  );
  assert.equal(read && toolText(read), "```\nhello\n```");
  // Between the second announcement and the result the card shows no streamed JSON fragment.
  const reannounced = states.map((s) => toolCards(s)[0]).find((c) => c?.status === "pending");
  assert.deepEqual(reannounced?.content, [], "the re-announced tool_call replaced the argument fragments");
  assert.deepEqual(
    states.map((s) => toolCards(s)[0]?.status).filter((s, i, all) => s && s !== all[i - 1]),
    ["in_progress", "pending", "in_progress", "completed"],
  );
  assert.deepEqual(
    entriesOf(thread, "assistant").map((e) => e.chunks),
    [[{ kind: "thought", text: "Reading the file." }], [{ kind: "message", text: "The file says hello." }]],
  );
  assert.equal(thread.title, "Read hello");
  assert.deepEqual(thread.usage, { used: 49, size: 176000 });
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.deepEqual(entriesOf(thread, "error"), []);
});

test("37 cb-prompt: a string prompt is refused -32603 (CodeBuddy iterates an array); ours is always an array", async () => {
  const { agent, chat } = await codebuddyChat();
  const error = await chat
    .agentClient!.connection.extRequest("session/prompt", { sessionId: chat.sessionId, prompt: "cb-prompt" })
    .then(
      () => undefined,
      (e: { code: number }) => e.code,
    );
  assert.equal(error, -32603);
  await chat.prompt("cb-prompt");
  const prompts = agent
    .received()
    .filter((m) => m.method === "session/prompt")
    .map((m) => (m.params as { prompt: unknown }).prompt);
  assert.deepEqual(prompts.at(-1), [{ type: "text", text: "cb-prompt" }]);
});

test("37 cb-prompt error: `refusal` with a JSON-string errorMessage is shown with CodeBuddy's own message", async () => {
  const { chat } = await codebuddyChat();
  await chat.prompt("cb-prompt error");
  const { thread } = chat.store.state;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "refusal" });
  assert.deepEqual(
    entriesOf(thread, "error").map((e) => [e.message, e.details]),
    [["The agent refused to continue: fake error 401", "401 fake error 401 (request id: r-1)"]],
  );
  await chat.prompt("cb-prompt");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" }, "the next prompt works");
});

test("37 cb-prompt cancel: Stop answers the open permission `cancelled` and sends session/cancel; and the turn ends `cancelled`, not as an error", async () => {
  const { agent, chat } = await codebuddyChat();
  const turn = chat.prompt("cb-prompt cancel");
  await waitFor(
    () => chat.store.state.thread.permissions,
    (permissions) => permissions.length === 1,
    "the permission request",
  );
  assert.equal(toolCards(chat.store.state.thread)[1]?.status, "awaiting_permission");
  await chat.cancel();
  await turn;
  const [permission] = exchanges(agent, /^session\/request_permission$/);
  assert.deepEqual(permission?.answer, { result: { outcome: { outcome: "cancelled" } } });
  assert.ok(agent.received().some((m) => m.method === "session/cancel"));
  const { thread } = chat.store.state;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "cancelled" });
  assert.deepEqual(thread.permissions, []);
  assert.deepEqual(entriesOf(thread, "error"), []);
  assert.deepEqual(
    toolCards(thread).map((c) => [c.toolCallId, c.status]),
    [
      ["toolu_1", "completed"],
      ["toolu_2", "cancelled"],
    ],
    "a finished tool stays finished",
  );
});

test("38 cb-busy-prompt: a second prompt during a turn is answered end_turn at once and folded into the running turn", async () => {
  const { agent, chat } = await codebuddyChat();
  const turn = chat.prompt("cb-long");
  await waitForReply(chat, (text) => text.startsWith("Working."), "the turn to stream");
  await chat.prompt("also check the docs");
  assert.equal(chat.store.state.thread.turn.phase, "running", "the first turn goes on");
  await turn;
  const prompts = agent.received().filter((m) => m.method === "session/prompt");
  assert.equal(prompts.length, 2);
  assert.deepEqual(agentAnswer(agent, "session/prompt", 1)?.result, {
    stopReason: "end_turn",
    userMessageId: (agentAnswer(agent, "session/prompt", 1)?.result as { userMessageId: string }).userMessageId,
    _meta: { "codebuddy.ai/outcome": "SUCCESS" },
  });
  const answered = (nth: number) => agent.sent().findIndex((m) => m.method === undefined && m.id === prompts[nth]?.id);
  assert.ok(answered(1) < answered(0), "the second prompt is answered first");
  const { thread } = chat.store.state;
  const steer = entriesOf(thread, "user").find((e) => e.steer);
  assert.deepEqual([steer?.text, steer?.steer?.state], ["also check the docs", "applied"]);
  assert.match(assistantText(thread), /\[also: also check the docs\] Done\.$/);
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("39 cb-team: member updates go to member lanes, team states fold into them, and _codebuddy.ai/question is refused -32601", async () => {
  const { agent, chat } = await codebuddyChat();
  await chat.prompt("cb-team");
  const [question] = exchanges(agent, /^_codebuddy\.ai\//);
  assert.equal(question?.method, "_codebuddy.ai/question");
  assert.equal(question?.answer?.error?.code, -32601, "answered at once with Method not found");
  const { thread } = chat.store.state;
  assert.deepEqual(thread.runOrder, ["member:alice", "member:bob"]);
  const alice = thread.runs["member:alice"]!;
  const bob = thread.runs["member:bob"]!;
  assert.deepEqual([alice.kind, alice.state, alice.progress.toolCallCount], ["member", "completed", 1]);
  assert.deepEqual([bob.kind, bob.state, bob.reason], ["member", "failed", "tests did not compile"]);
  assert.equal(assistantText(alice.thread), "alice: looking at the code");
  assert.deepEqual(
    toolCards(alice.thread).map((c) => [c.toolCallId, c.status, toolText(c)]),
    [["alice-tool-1", "completed", "src/login.ts"]],
  );
  assert.equal(assistantText(bob.thread), "bob: writing the test");
  assert.equal(
    assistantText(thread),
    "Starting a team.Team finished (question refused -32601).",
    "only the lead speaks in the main thread",
  );
  assert.deepEqual(toolCards(thread), []);
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
});
