/**
 * Catalogue group B (sessions) against the Bub profile: config options, list, load with replay,
 * resume, close, delete, and sessions that outlive the agent process (FAKE_AGENT_STATE).
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import type * as acp from "@agentclientprotocol/sdk";
import { SessionController } from "../../src/acp/client/session/sessionController";
import type { AgentClient } from "../../src/acp/client/connection/agentClient";
import type { ConfigOption } from "../../src/shared/thread/sessionUpdate";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { definitionOf } from "../support/memoryPorts";
import { Cleanup, ThreadRecorder, chatSession, connect, contextFor, startedChat } from "../support/hostHarness";
import { assistantText, toolCards, toolText, kindsOf } from "../support/threadReaders";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const bub = (extra: Record<string, string> = {}) => fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub", ...extra });
const seeded = () => bub({ FAKE_AGENT_SEED: "bub", FAKE_AGENT_STATE: tempStatePath() });
const option = (options: readonly ConfigOption[], id: string) => options.find((candidate) => candidate.id === id);
const EFFORTS = ["auto", "none", "minimal", "low", "medium", "high", "xhigh", "max", "ultra"];

async function reopen(client: AgentClient, sessionId: string, replay: boolean) {
  const recorder = new ThreadRecorder();
  const session = await SessionController.reopen(contextFor(client, recorder), sessionId, replay);
  cleanup.add(() => session.dispose());
  return { session, recorder };
}

async function listAll(client: AgentClient): Promise<acp.SessionInfo[]> {
  const sessions: acp.SessionInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.connection.listSessions(cursor === undefined ? {} : { cursor });
    sessions.push(...page.sessions);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return sessions;
}

test("new-with-config: Bub's model and reasoning_effort options land in the thread", async () => {
  const agent = bub();
  const { chat } = await startedChat(cleanup, [agent.launch]);
  const options = chat.store.state.thread.configOptions;
  assert.deepEqual(
    options.map((o) => [o.id, o.category, o.currentValue]),
    [
      ["model", "model", "openai:gpt-5"],
      ["reasoning_effort", "thought_level", "auto"],
    ],
  );
  const effort = option(options, "reasoning_effort");
  assert.deepEqual(
    effort?.type === "select" && (effort.options as Array<{ value: string }>).map((o) => o.value),
    EFFORTS,
  );
  assert.deepEqual(agent.received().find((m) => m.method === "session/new")?.params, { cwd: tmpdir(), mcpServers: [] });
});

test("new-no-models: without models only reasoning_effort is offered", async () => {
  const { chat } = await startedChat(cleanup, [bub({ FAKE_AGENT_NO_MODELS: "1" }).launch]);
  assert.deepEqual(
    chat.store.state.thread.configOptions.map((o) => o.id),
    ["reasoning_effort"],
  );
});

test("defaultConfig is applied after session/new; a value the agent does not offer is reported, not sent", async () => {
  const agent = bub();
  const definition = definitionOf(agent.launch, { defaultConfig: { reasoning_effort: "high", model: "gpt-9" } });
  const { chat } = await startedChat(cleanup, [definition]);
  const { thread } = chat.store.state;
  assert.equal(option(thread.configOptions, "reasoning_effort")?.currentValue, "high");
  const sets = agent
    .received()
    .filter((m) => m.method === "session/set_config_option")
    .map((m) => m.params as { configId: string; value: string });
  assert.deepEqual(
    sets.map((p) => [p.configId, p.value]),
    [["reasoning_effort", "high"]],
  );
  const errors = thread.entries
    .filter((entry) => entry.kind === "error")
    .map((entry) => entry.kind === "error" && entry.message);
  assert.deepEqual(errors, ['defaultConfig "model": "gpt-9" is not one of the values Bub offers; left as is.']);
});

test("set-config: the response's full list replaces the thread's options; Bub sends no config_option_update", async () => {
  const agent = bub();
  const { chat } = await startedChat(cleanup, [agent.launch]);
  await chat.setConfigOption("model", "anthropic:claude-sonnet-4-5");
  const options = chat.store.state.thread.configOptions;
  assert.deepEqual(
    options.map((o) => o.currentValue),
    ["anthropic:claude-sonnet-4-5", "auto"],
  );
  assert.ok(
    !agent
      .sent()
      .some(
        (m) =>
          (m.params as { update?: { sessionUpdate?: string } } | undefined)?.update?.sessionUpdate ===
          "config_option_update",
      ),
  );
});

test("set-config with an invalid value shows Bub's error and leaves the options as they were", async () => {
  const { chat } = await startedChat(cleanup, [bub().launch]);
  const before = chat.store.state.thread.configOptions;
  await chat.setConfigOption("reasoning_effort", "extreme");
  const last = chat.store.state.thread.entries.at(-1);
  assert.equal(
    last?.kind === "error" && last.message,
    "Could not change the setting: Internal error: invalid value for ACP config option reasoning_effort: extreme (-32603)",
  );
  assert.equal(chat.store.state.thread.configOptions, before);
  await chat.setConfigOption("verbosity", "high");
  const unknown = chat.store.state.thread.entries.at(-1);
  assert.equal(
    unknown?.kind === "error" && unknown.message,
    "Could not change the setting: Internal error: unknown ACP config option: verbosity (-32603)",
  );
});

test("list: listed sessions newest first, Python timestamps, no nextCursor", async () => {
  const client = await connect(cleanup, seeded().launch);
  const page = await client.connection.listSessions({});
  assert.equal(page.nextCursor, undefined);
  assert.deepEqual(page.sessions, [
    {
      sessionId: "titled-session",
      cwd: "/home/dev/proj",
      title: "Fix login redirect",
      updatedAt: "2026-08-21T10:15:30.123456+00:00",
    },
    {
      sessionId: "zed-session",
      cwd: "/home/dev/other",
      additionalDirectories: ["/home/dev/lib"],
      updatedAt: "2026-08-20T09:00:00.000001+00:00",
    },
    { sessionId: "untitled-session", cwd: "/home/dev/proj", updatedAt: "2026-08-19T08:00:00.500000+00:00" },
  ]);
  const { sessionId } = await client.connection.newSession({ cwd: "/tmp", mcpServers: [] });
  const next = await client.connection.listSessions({});
  assert.equal(next.sessions[0]?.sessionId, sessionId, "a new session is the most recent");
  assert.match(next.sessions[0]?.updatedAt ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
});

test("list with pages: following nextCursor collects every session once", async () => {
  const client = await connect(
    cleanup,
    bub({ FAKE_AGENT_SEED: "bub", FAKE_AGENT_STATE: tempStatePath(), FAKE_AGENT_LIST_PAGE: "2" }).launch,
  );
  const first = await client.connection.listSessions({});
  assert.equal(first.sessions.length, 2);
  assert.equal(typeof first.nextCursor, "string");
  assert.deepEqual(
    (await listAll(client)).map((s) => s.sessionId),
    ["titled-session", "zed-session", "untitled-session"],
  );
});

test("load-replay: history folds into the thread before the response; Bub's compaction pair is one notice, not a tool", async () => {
  const agent = seeded();
  const client = await connect(cleanup, agent.launch);
  const { session, recorder } = await reopen(client, "zed-session", true);
  assert.equal(session.openedWith, "load");
  const { thread } = recorder;
  assert.deepEqual(kindsOf(thread), ["user", "assistant", "tool_call", "compaction"]);
  assert.equal(thread.entries[0]?.kind === "user" && thread.entries[0].text, "HELLO");
  assert.equal(assistantText(thread), "Hi");
  const [card] = toolCards(thread);
  assert.deepEqual(
    [card?.toolCallId, card?.toolKind, card?.status, card && toolText(card)],
    ["call-1", "execute", "completed", "ok"],
  );
  const compaction = thread.entries[3];
  assert.equal(compaction?.kind === "compaction" && compaction.status, "completed");
  assert.equal(
    option(thread.configOptions, "reasoning_effort")?.currentValue,
    "high",
    "the stored value comes back with the load",
  );
  const loadId = agent.received().find((m) => m.method === "session/load")?.id;
  const sent = agent.sent();
  const response = sent.findIndex((m) => m.method === undefined && m.id === loadId);
  const replayed = sent.flatMap((m, at) => (m.method === "session/update" ? [at] : []));
  assert.equal(replayed.length, 6);
  assert.ok(
    replayed.every((at) => at < response),
    "every replayed update precedes the load response",
  );
});

test("load variants: empty history, an unknown id (created and listed), and a store error", async () => {
  const client = await connect(cleanup, seeded().launch);
  const empty = await reopen(client, "untitled-session", true);
  assert.deepEqual(empty.recorder.thread.entries, []);
  assert.equal(empty.recorder.thread.configOptions.length, 2);
  const unknown = await reopen(client, "brand-new-id", true);
  assert.deepEqual(unknown.recorder.thread.entries, []);
  assert.ok((await listAll(client)).some((s) => s.sessionId === "brand-new-id"));
  await assert.rejects(reopen(client, "broken-store", true), (error: { code?: number; data?: unknown }) => {
    assert.equal(error.code, -32603);
    assert.deepEqual(error.data, { details: "store unavailable" });
    return true;
  });
});

test("resume: no replay, but the stored options come back", async () => {
  const agent = seeded();
  const client = await connect(cleanup, agent.launch);
  const { session, recorder } = await reopen(client, "zed-session", false);
  assert.equal(session.openedWith, "resume");
  assert.deepEqual(recorder.thread.entries, []);
  assert.equal(option(recorder.thread.configOptions, "reasoning_effort")?.currentValue, "high");
  assert.deepEqual(
    agent
      .received()
      .filter((m) => m.method?.startsWith("session/"))
      .map((m) => m.method),
    ["session/resume"],
  );
});

test("close drops a session from the list; loading it again replays and lists it", async () => {
  const client = await connect(cleanup, seeded().launch);
  assert.deepEqual(await client.connection.closeSession("zed-session"), {});
  assert.ok(!(await listAll(client)).some((s) => s.sessionId === "zed-session"));
  const { recorder } = await reopen(client, "zed-session", true);
  assert.equal(recorder.thread.entries.length, 4, "close keeps the history");
  assert.ok((await listAll(client)).some((s) => s.sessionId === "zed-session"));
});

test("delete is idempotent, also for unknown ids; a concurrent delete is refused with -32600", async () => {
  // zed-session's delete lasts until the racing one is refused, however late that one is read.
  const client = await connect(
    cleanup,
    bub({ FAKE_AGENT_SEED: "bub", FAKE_AGENT_STATE: tempStatePath(), FAKE_AGENT_SLOW_END: "zed-session" }).launch,
  );
  assert.deepEqual(await client.connection.deleteSession("titled-session"), {});
  assert.deepEqual(await client.connection.deleteSession("titled-session"), {});
  assert.deepEqual(await client.connection.deleteSession("never-existed"), {});
  assert.deepEqual(
    (await listAll(client)).map((s) => s.sessionId),
    ["zed-session", "untitled-session"],
  );
  const [first, second] = await Promise.allSettled([
    client.connection.deleteSession("zed-session"),
    client.connection.deleteSession("zed-session"),
  ]);
  assert.equal(first.status, "fulfilled");
  assert.equal(second.status, "rejected");
  assert.deepEqual(second.status === "rejected" && { code: second.reason.code, data: second.reason.data }, {
    code: -32600,
    data: { sessionId: "zed-session" },
  });
  const { recorder } = await reopen(client, "zed-session", true);
  assert.deepEqual(recorder.thread.entries, [], "delete forgets the history");
});

test("a restarted agent process lists, loads and resumes the sessions of the previous one", async () => {
  const state = tempStatePath();
  const first = chatSession(cleanup, [bub({ FAKE_AGENT_STATE: state }).launch]).chat;
  await first.start();
  await first.prompt("basic-stream");
  await first.prompt("batch-tools");
  await first.setConfigOption("reasoning_effort", "max");
  const live = first.store.state.thread;
  const sessionId = first.sessionId!;
  await first.dispose();

  const client = await connect(cleanup, bub({ FAKE_AGENT_STATE: state }).launch);
  assert.equal((await listAll(client))[0]?.sessionId, sessionId);
  const { recorder } = await reopen(client, sessionId, true);
  const replayed = recorder.thread;
  assert.deepEqual(
    replayed.entries.filter((e) => e.kind === "user").map((e) => e.kind === "user" && e.text),
    ["basic-stream", "batch-tools"],
  );
  assert.equal(assistantText(replayed), assistantText(live), "the reply text comes back");
  assert.equal(assistantText(replayed, "thought"), "", "thoughts are not replayed (as in Bub)");
  assert.deepEqual(
    toolCards(replayed).map((c) => [c.toolCallId, c.toolKind, c.status, toolText(c)]),
    toolCards(live).map((c) => [c.toolCallId, c.toolKind, c.status, toolText(c)]),
  );
  const resumed = await reopen(client, sessionId, false);
  assert.equal(option(resumed.recorder.thread.configOptions, "reasoning_effort")?.currentValue, "max");
});
