/**
 * The unstable ACP surface, round-tripped through the real host (ChatSession, SessionController)
 * against the fake agent (FAKE_AGENT_UNSTABLE, test/fakeAgent/unstableSurface.ts): id-addressed
 * plans, standard subagents, PromptResponse.usage, systemPrompt and providers.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, connect, contextFor, newSession, ThreadRecorder, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards, waitForPermissions } from "../support/threadReaders";
import { ManualClock, definitionOf } from "../support/memoryPorts";
import { SILENCE_WARNING_MS, SessionController } from "../../src/acp/client/session/sessionController";
import { waitFor } from "../support/waitFor";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function unstableChat(mode: "append" | "override" = "override", extra: Partial<AgentDefinition> = {}) {
  const agent = fakeAgent("Unstable", { FAKE_AGENT_UNSTABLE: mode });
  const { chat } = await startedChat(cleanup, [definitionOf(agent.launch, extra)]);
  assert.equal(chat.store.state.connection.status, "ready");
  return { agent, chat };
}

test("the client advertises plan and subagents in initialize", async () => {
  const { agent } = await unstableChat();
  const init = agent.received().find((m) => m.method === "initialize")?.params as {
    clientCapabilities: Record<string, unknown>;
  };
  assert.deepEqual(init.clientCapabilities.plan, {});
  assert.deepEqual(init.clientCapabilities.subagents, {});
});

test("plan_update and plan_removed: id-addressed plans kept beside the stable plan", async () => {
  const { chat } = await unstableChat();
  await chat.prompt("unstable-plans");
  const { thread } = chat.store.state;
  assert.equal(assistantText(thread), "Plans are up.");
  assert.deepEqual(
    thread.plan.map((step) => step.content),
    ["Stable step"],
  );
  assert.deepEqual(
    thread.idPlans?.map((plan) => [plan.planId, plan.type]),
    [
      ["release", "items"],
      ["notes", "markdown"],
      ["spec", "file"],
    ],
  );
});

test("subagent_update, session_message(_chunk) and the child's own updates make one nested run", async () => {
  const { chat } = await unstableChat();
  await chat.prompt("unstable-subagents");
  const { thread } = chat.store.state;
  const child = `${chat.sessionId}-child-1`;
  const run = thread.runs[child];
  assert.ok(run, "the announced child is a run");
  assert.equal(run.description, "Release notes writer");
  assert.equal(run.state, "completed");
  assert.equal(run.progress.totalTokens, 420);
  assert.equal(run.parentToolCallId, "task-1", "linked to the running task tool call");
  assert.equal(assistantText(run.thread), "Drafting the notes.", "the child's own session/update went to its run");
  assert.deepEqual(
    toolCards(run.thread).map((card) => card.title),
    ["Read CHANGELOG.md"],
  );
  assert.deepEqual(
    thread.sessionMessages?.map((m) => [m.messageId, m.sender, m.recipient, m.text]),
    [
      ["m1", chat.sessionId, child, "Draft the notes for 2.0"],
      ["m2", child, chat.sessionId, "Notes drafted."],
    ],
  );
  assert.equal(assistantText(thread), "The notes are ready.");
});

test("PromptResponse.usage becomes the turn's usage", async () => {
  const { chat } = await unstableChat();
  await chat.prompt("unstable-subagents");
  assert.deepEqual(chat.store.state.thread.turnUsage, {
    totalTokens: 1500,
    inputTokens: 1200,
    outputTokens: 300,
    thoughtTokens: 40,
  });
});

test("systemPrompt: the setting goes out on session/new where the agent advertises it", async () => {
  const { agent, chat } = await unstableChat("override", {
    systemPrompt: { mode: "override", text: "Answer in haiku." },
  });
  await chat.prompt("unstable-system-prompt");
  assert.equal(assistantText(chat.store.state.thread), "System prompt (override): Answer in haiku.");
  assert.deepEqual(
    (agent.received().find((m) => m.method === "session/new")?.params as { systemPrompt?: unknown }).systemPrompt,
    { mode: "override", content: [{ type: "text", text: "Answer in haiku." }] },
  );
});

test("systemPrompt: override is not sent to an agent that only appends, and the user is told", async () => {
  const { agent, chat } = await unstableChat("append", {
    systemPrompt: { mode: "override", text: "Answer in haiku." },
  });
  assert.equal(
    (agent.received().find((m) => m.method === "session/new")?.params as { systemPrompt?: unknown }).systemPrompt,
    undefined,
  );
  assert.ok(chat.store.state.thread.entries.some((e) => e.kind === "notice" && /cannot override/.test(e.title)));
});

test("systemPrompt: never sent to an agent that does not advertise it", async () => {
  const agent = fakeAgent("Plain");
  await startedChat(cleanup, [definitionOf(agent.launch, { systemPrompt: { mode: "append", text: "Be brief." } })]);
  assert.equal(
    (agent.received().find((m) => m.method === "session/new")?.params as { systemPrompt?: unknown }).systemPrompt,
    undefined,
  );
});

test("systemPrompt: sent on session/load and session/resume too", async () => {
  const agent = fakeAgent("Unstable", { FAKE_AGENT_UNSTABLE: "append" });
  const definition = definitionOf(agent.launch, { systemPrompt: { mode: "append", text: "Be brief." } });
  const client = await connect(cleanup, definition);
  const created = await SessionController.create(contextFor(client, new ThreadRecorder()));
  created.dispose();
  for (const replay of [true, false]) {
    const reopened = await SessionController.reopen(
      contextFor(client, new ThreadRecorder()),
      created.sessionId,
      replay,
    );
    reopened.dispose();
  }
  const sent = (method: string) =>
    (agent.received().find((m) => m.method === method)?.params as { systemPrompt?: unknown }).systemPrompt;
  const expected = { mode: "append", content: [{ type: "text", text: "Be brief." }] };
  assert.deepEqual([sent("session/new"), sent("session/load"), sent("session/resume")], [expected, expected, expected]);
});

test("providers: listed when advertised, set and disabled through the agent, a required one never disabled", async () => {
  const { agent, chat } = await unstableChat();
  const listed = await waitFor(
    () => chat.store.state.thread.providers,
    (providers) => providers !== undefined,
    "providers/list",
  );
  assert.deepEqual(
    listed?.map((p) => [p.providerId, p.required, p.current?.apiType]),
    [
      ["main", true, "anthropic"],
      ["backup", false, undefined],
    ],
  );
  await chat.setProvider("backup", { apiType: "bedrock", baseUrl: "https://bedrock.test" });
  assert.deepEqual(chat.store.state.thread.providers?.find((p) => p.providerId === "backup")?.current, {
    apiType: "bedrock",
    baseUrl: "https://bedrock.test",
  });
  await chat.setProvider("backup", "disable");
  assert.equal(chat.store.state.thread.providers?.find((p) => p.providerId === "backup")?.current, undefined);
  await chat.setProvider("main", "disable");
  assert.equal(
    agent.received().filter((m) => m.method === "providers/disable").length,
    1,
    "main is required: not sent",
  );
  assert.ok(chat.store.state.thread.entries.some((e) => e.kind === "error" && /main is required/.test(e.message)));
});

test("providers: nothing is asked of an agent that does not advertise them", async () => {
  const agent = fakeAgent("Plain");
  const { chat } = await startedChat(cleanup, [agent.launch]);
  await chat.prompt("hello");
  assert.equal(chat.store.state.thread.providers, undefined);
  assert.equal(
    agent.received().some((m) => m.method?.startsWith("providers/")),
    false,
  );
});

test("a child's updates keep the parent's silence watchdog quiet", async () => {
  const clock = new ManualClock();
  const client = await connect(cleanup, fakeAgent("Unstable", { FAKE_AGENT_UNSTABLE: "append" }).launch);
  const { session, recorder } = await newSession(client, undefined, clock);
  const turn = session.prompt("unstable-quiet-parent");
  const childSteps = () =>
    assistantText(recorder.thread.runs[`${session.sessionId}-child-1`]?.thread ?? recorder.thread).split("Child step")
      .length - 1;
  await waitFor(childSteps, (n) => n >= 1, "the child's first update");
  clock.advance(SILENCE_WARNING_MS - 1_000);
  const seen = childSteps();
  await waitFor(childSteps, (n) => n > seen, "a child update after most of the 2 minutes");
  clock.advance(1_000); // 2 minutes after the parent's last update, 1 s after the child's
  assert.deepEqual(
    entriesOf(recorder.thread, "notice").map((notice) => notice.title),
    [],
  );
  await session.cancel();
  await turn;
});

test("a child's permission request reaches the user and the answer goes back to the agent", async () => {
  const { chat } = await unstableChat();
  const turn = chat.prompt("unstable-child-permission");
  const [pending] = await waitForPermissions(chat, "the child's permission request");
  assert.equal(pending!.toolCallId, "child-edit");
  assert.equal(chat.store.state.thread.runs[`${chat.sessionId}-child-1`]?.state, "waiting");
  chat.answerPermission(pending!.requestId, "allow");
  await turn;
  assert.equal(assistantText(chat.store.state.thread), "Child permission: allow.");
  assert.equal(chat.store.state.thread.runs[`${chat.sessionId}-child-1`]?.state, "completed");
});
