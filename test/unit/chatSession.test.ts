/** The ChatSession against the scripted fake agent (in memory; a real process where it crashes): no VS Code. */
import { waitForStatus } from "../support/threadReaders";
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { ChatSession, type ChatSessionDeps } from "../../src/acp/sessions/chatSession";
import { fakeAgent, fakeAgentProcess } from "../support/fakeAgentLaunch";
import { hostDeps } from "../support/hostDeps";
import { MemoryCatalog, MemoryLogger, fixedWorkspace } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import { describeStatus } from "../../src/shared/wire/panelState";

const sessions: ChatSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
});

function newSession(launches = [fakeAgent().launch], deps: Partial<ChatSessionDeps> = {}) {
  const logger = new MemoryLogger();
  const session = new ChatSession(hostDeps(launches, { logger, ...deps }));
  sessions.push(session);
  session.refreshAgents();
  return { session, logger };
}

function assistantText(session: ChatSession): string {
  return session.store.state.thread.entries
    .flatMap((entry) =>
      entry.kind === "assistant" ? entry.chunks.filter((c) => c.kind === "message").map((c) => c.text) : [],
    )
    .join("");
}

test("starts the agent, opens a session in the workspace folder, and streams a reply", async () => {
  const agent = fakeAgent();
  const { session } = newSession([agent.launch]);
  await session.start();
  assert.equal(session.store.state.connection.status, "ready");
  await session.prompt("hello");
  assert.deepEqual(session.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.match(assistantText(session), /\*\*ACP Panel demo agent\*\*/);
  const newRequest = agent.received().find((m) => m.method === "session/new");
  assert.deepEqual(newRequest?.params, { cwd: tmpdir(), mcpServers: [] });
  const prompt = agent.received().find((m) => m.method === "session/prompt");
  assert.deepEqual((prompt?.params as { prompt: unknown }).prompt, [{ type: "text", text: "hello" }]);
});

test("Stop sends session/cancel and the turn ends as cancelled", async () => {
  const agent = fakeAgent();
  const { session } = newSession([agent.launch]);
  await session.start();
  const turn = session.prompt("long turn");
  await waitFor(
    () => assistantText(session),
    (text) => text.includes("step 2"),
    "two ticks",
  );
  await session.cancel();
  assert.equal(describeStatus(session.store.state), "Cancelling…");
  await turn;
  assert.deepEqual(session.store.state.thread.turn, { phase: "idle", lastStop: "cancelled" });
  assert.ok(
    agent.received().some((m) => m.method === "session/cancel"),
    "agent received session/cancel",
  );
  assert.equal(describeStatus(session.store.state), "Turn cancelled");
});

test("a prompt error becomes an error entry and the session stays usable", async () => {
  const { session } = newSession();
  await session.start();
  await session.prompt("error please");
  const last = session.store.state.thread.entries.at(-1);
  assert.equal(last?.kind, "error");
  assert.match(last?.kind === "error" ? last.message : "", /could not complete the prompt/);
  await session.prompt("hello");
  assert.equal(session.store.state.thread.turn.phase, "idle");
  assert.match(assistantText(session), /demo agent/);
});

test("an agent crash mid-turn shows the exit and stderr tail, and leaves no running turn", async () => {
  const { session } = newSession([fakeAgentProcess().launch]);
  await session.start();
  await session.prompt("crash now");
  const state = await waitFor(
    () => session.store.state,
    (s) => s.connection.status === "failed",
    "failure",
  );
  assert.equal(state.thread.turn.phase, "idle");
  assert.equal(state.connection.status === "failed" && state.connection.message, "The agent exited with code 3.");
  assert.match(state.connection.status === "failed" ? (state.connection.details ?? "") : "", /simulated crash/);
  assert.match(assistantText(session), /Starting work/, "text streamed before the crash stays visible");
  await session.start();
  assert.equal(session.store.state.connection.status, "ready", "restart works");
});

test("a missing command fails with an actionable message", async () => {
  const { session } = newSession([{ name: "Ghost", command: "acp-panel-no-such-agent", args: ["acp"], env: {} }]);
  await session.start();
  const { connection, thread } = session.store.state;
  assert.equal(connection.status, "failed");
  assert.equal(
    connection.status === "failed" && connection.message,
    'Could not start "Ghost": the command "acp-panel-no-such-agent" was not found.',
  );
  assert.match(connection.status === "failed" ? (connection.details ?? "") : "", /Ran: acp-panel-no-such-agent acp/);
  assert.equal(thread.turn.phase, "idle");
});

test("in Restricted Mode no agent process starts, and the panel says how to trust the workspace", async () => {
  const agent = fakeAgent();
  const { session } = newSession([agent.launch], {
    workspace: { ...fixedWorkspace(tmpdir()), isTrusted: () => false },
  });
  await session.start();
  const { connection } = session.store.state;
  assert.equal(
    connection.status === "failed" && connection.message,
    "ACP Panel does not start agents in Restricted Mode.",
  );
  assert.match(connection.status === "failed" ? (connection.details ?? "") : "", /Trust this workspace/);
  assert.deepEqual(agent.received(), [], "the agent never ran, so it received nothing");
});

// In a remote window VS Code can hand the extension host a machine-scoped setting's local User
// value for a moment at start-up, and take it back once the setting's scope is registered: an
// unused session opened on that moment's agent must not outlive the agent's removal.
test("an unused session whose agent leaves the settings ends, and the tab goes back to no agent", async () => {
  const agent = fakeAgent("Gone");
  const catalog = new MemoryCatalog([agent.launch]);
  const session = sessionOn(catalog);
  await session.start();
  assert.equal(session.store.state.connection.status, "ready");
  catalog.remove("Gone");
  session.refreshAgents();
  await waitForStatus(session, "none", "the connection to end");
  assert.deepEqual(session.store.state.agents, []);
  assert.equal(session.sessionId, undefined, "the agent's session is let go");
});

test("an unused session whose agent leaves the settings moves to the agent that is now the default", async () => {
  const catalog = new MemoryCatalog([fakeAgent("Gone").launch, fakeAgent("Stays").launch]);
  const session = sessionOn(catalog);
  await session.start("Gone");
  catalog.remove("Gone");
  session.refreshAgents();
  await waitFor(
    () => session.store.state.connection,
    (connection) => connection.status === "ready" && connection.agent === "Stays",
    "the default agent's session",
  );
  assert.equal(session.store.state.selectedAgent, "Stays");
});

test("a session with a conversation keeps its agent when the setting loses it", async () => {
  const agent = fakeAgent("Used");
  const catalog = new MemoryCatalog([agent.launch]);
  const session = sessionOn(catalog);
  await session.start();
  await session.prompt("hello");
  const sessionId = session.sessionId;
  catalog.remove("Used");
  session.refreshAgents();
  // The agent still answers in this session: a second turn completes on the same session.
  await session.prompt("still there?");
  assert.equal(session.store.state.connection.status, "ready");
  assert.equal(session.sessionId, sessionId);
  assert.equal(session.store.state.thread.entries.filter((entry) => entry.kind === "user").length, 2);
});

function sessionOn(catalog: MemoryCatalog): ChatSession {
  return newSession([], { catalog }).session;
}
