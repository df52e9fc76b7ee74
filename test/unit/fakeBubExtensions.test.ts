/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group E without steering (docs/reference/bub-and-lody.md §6, §7, §9): compaction markers, generated
 * titles for Lody clients, and subagent runs folded into thread.runs — the real ChatSession (and
 * SessionManager for the list) against the fake Bub.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { agentPresets } from "../../src/acp/agents/agentPresets";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { memorySessionStorage } from "../support/memorySessionStorage";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { fakeAgent, type FakeAgentHandle } from "../support/fakeAgentLaunch";
import { definitionOf } from "../support/memoryPorts";
import { hostDeps } from "../support/hostDeps";
import { Cleanup, connect, newSession, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards, toolText, kindsOf } from "../support/threadReaders";
import { sentTimeline } from "../support/wireLog";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** The Bub preset (Lody clientInfo) launching the fake Bub. */
function lodyBub(agent: FakeAgentHandle): AgentDefinition {
  const preset = agentPresets.find((candidate) => candidate.name === "Bub")!;
  return { ...preset, command: agent.launch.command, args: agent.launch.args, env: agent.launch.env };
}

async function startChat(definition: AgentDefinition) {
  const { chat } = await startedChat(cleanup, [definition]);
  return chat;
}

test("25 compaction: a live tape.handoff pair is one compaction entry, never a tool card", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const chat = await startChat(definitionOf(agent.launch));
  await chat.prompt("compaction");
  const { thread } = chat.store.state;
  assert.deepEqual(kindsOf(thread), ["user", "assistant", "compaction", "assistant"]);
  assert.deepEqual(toolCards(thread), []);
  const [compaction] = entriesOf(thread, "compaction");
  assert.deepEqual([compaction?.compactionId, compaction?.status], ["call-handoff", "completed"]);
  assert.equal(assistantText(thread), "Long conversation; compacting. Carrying on.");
});

test("26 title: a Lody client gets a generated title after the first prompt's result, shown in the thread and the session list", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const manager = new SessionManager(hostDeps([lodyBub(agent)]), new SessionIndex(memorySessionStorage()));
  cleanup.add(() => manager.dispose());
  const chat = await manager.newTab("Bub");
  await chat.prompt("hello there, fix the login redirect");
  await waitFor(
    () => chat.store.state.thread.title,
    (title) => title !== undefined,
    "the generated title",
  );
  assert.equal(chat.store.state.thread.title, "Hello there, fix the login redirect.");
  const timeline = sentTimeline(agent);
  const promptAnswer = timeline.lastIndexOf(
    "response:" + JSON.stringify(agent.received().find((m) => m.method === "session/prompt")?.id),
  );
  assert.ok(
    promptAnswer >= 0 && timeline.indexOf("update:session_info_update") > promptAnswer,
    "the title follows the PromptResponse",
  );
  const info = agent
    .sent()
    .find(
      (m) =>
        m.method === "session/update" &&
        (m.params as { update: { sessionUpdate: string } }).update.sessionUpdate === "session_info_update",
    );
  assert.deepEqual((info?.params as { update: unknown }).update, {
    sessionUpdate: "session_info_update",
    title: "Hello there, fix the login redirect.",
    _meta: { lody: { titleSource: "generated" } },
  });

  await chat.prompt("late-text a second prompt");
  await waitFor(
    () => agent.notes(),
    (notes) => notes.length === 2,
    "the agent's title decision for the second prompt",
  );
  assert.deepEqual(agent.notes(), [`title ${chat.sessionId}: sent`, `title ${chat.sessionId}: none (already titled)`]);
  assert.equal(
    sentTimeline(agent).filter((kind) => kind === "update:session_info_update").length,
    1,
    "never for the second prompt",
  );
  assert.equal(chat.store.state.thread.title, "Hello there, fix the login redirect.");

  const listed = (await manager.listSessions()).find((item) => item.sessionId === chat.sessionId);
  assert.equal(listed?.title, "Hello there, fix the login redirect.");
  assert.equal(manager.summaries()[0]?.title, "Hello there, fix the login redirect.", "and on the tab");
  const agentList = agent
    .sent()
    .filter((m) => m.method === undefined && (m.result as { sessions?: unknown } | undefined)?.sessions)
    .at(-1);
  assert.equal(
    (agentList?.result as { sessions: Array<{ sessionId: string; title?: string }> }).sessions.find(
      (s) => s.sessionId === chat.sessionId,
    )?.title,
    "Hello there, fix the login redirect.",
    "Bub's own session/list has it",
  );
});

test("26 title: never for a non-Lody client", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const chat = await startChat(definitionOf(agent.launch));
  await chat.prompt("hello there");
  await waitFor(
    () => agent.notes(),
    (notes) => notes.length === 1,
    "the agent's title decision",
  );
  assert.deepEqual(agent.notes(), [`title ${chat.sessionId}: none (not a Lody client)`]);
  assert.equal(sentTimeline(agent).includes("update:session_info_update"), false);
  assert.equal(chat.store.state.thread.title, undefined);
});

test("31 subagent-run: the 9 events fold into a run on the parent's subagent card; child output stays out of the main thread", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const chat = await startChat(lodyBub(agent));
  await chat.prompt("subagent-run");
  const timeline = sentTimeline(agent);
  const events = timeline
    .map((kind, at) => [kind, at] as const)
    .filter(([kind]) => kind === "_lody/subagents/event")
    .map(([, at]) => at);
  assert.equal(events.length, 9);
  assert.ok(
    timeline.indexOf("update:tool_call") < events[0]! &&
      events.at(-1)! < timeline.lastIndexOf("update:tool_call_update"),
    "between the parent's tool_call and its result",
  );
  const { thread } = chat.store.state;
  assert.equal(thread.runOrder.length, 1);
  const run = thread.runs[thread.runOrder[0]!]!;
  assert.deepEqual(
    {
      kind: run.kind,
      state: run.state,
      description: run.description,
      summary: run.summary,
      parent: run.parentToolCallId,
      startedAt: run.startedAt,
      endedAt: run.endedAt,
    },
    {
      kind: "subagent",
      state: "completed",
      description: "delegate this",
      summary: "work done",
      parent: "call-sub",
      startedAt: 1787300000000,
      endedAt: 1787300001000,
    },
  );
  assert.deepEqual(run.progress, {
    lastToolName: "bash",
    turnCount: 1,
    toolCallCount: 1,
    durationMs: 9,
    totalTokens: 42,
  });
  assert.deepEqual(kindsOf(run.thread), ["assistant", "tool_call", "assistant"]);
  assert.deepEqual(entriesOf(run.thread, "assistant")[0]?.chunks, [
    { kind: "message", text: "work" },
    { kind: "thought", text: "thinking" },
  ]);
  assert.deepEqual(
    toolCards(run.thread).map((c) => [c.toolCallId, c.title, c.status, toolText(c)]),
    [["call-1", "ls", "completed", "file.txt"]],
  );
  assert.equal(assistantText(run.thread), "work done");
  assert.equal(assistantText(thread), "Delegating. The subagent finished.", "child output is folded into the run only");
  const parent = toolCards(thread).find((c) => c.toolCallId === "call-sub");
  assert.equal(parent?.status, "completed");
  assert.match(
    parent ? toolText(parent) : "",
    /^\{'session_id': 'temp\/[0-9a-f]{8}', 'output': 'work done', 'errors': \[\]\}$/,
  );
});

test("31 subagent-run variants: failed with a reason, cancelled with message null, and junk events ignored", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const chat = await startChat(lodyBub(agent));
  await chat.prompt("subagent-run failed");
  await chat.prompt("subagent-run cancelled");
  await chat.prompt("subagent-run malformed");
  const { thread } = chat.store.state;
  const runs = thread.runOrder.map((id) => thread.runs[id]!);
  assert.deepEqual(
    runs.map((run) => [run.state, run.reason ?? null, run.parentToolCallId]),
    [
      ["failed", "error: child exploded", "call-sub"],
      ["cancelled", "cancelled", "call-sub"],
      ["completed", null, "call-sub"],
    ],
  );
  assert.equal(assistantText(runs[2]!.thread), "work done", "the malformed events left the run intact");
  assert.deepEqual(
    runs.map((run) => run.description),
    ["delegate this", "delegate this", "delegate this"],
  );
});

test("31 subagent-run: no events at all when the client did not opt in", async () => {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const client = await connect(cleanup, agent.launch, { callbacks: {} });
  const { session, recorder } = await newSession(client);
  await session.prompt("subagent-run");
  assert.equal(sentTimeline(agent).includes("_lody/subagents/event"), false);
  assert.deepEqual(recorder.thread.runOrder, []);
  assert.equal(toolCards(recorder.thread)[0]?.status, "completed");
});
