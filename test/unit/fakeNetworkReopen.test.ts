/**
 * Catalogue group F over Streamable HTTP (docs/reference/bub-and-lody.md §10): reopening a session on a fresh
 * connection (session/load and session/resume against a Bub-like server, whose session stream
 * exists only once the load has answered), a refused load, restart after a drop, and the
 * delete interop quirk.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { SessionController } from "../../src/acp/client/session/sessionController";
import { BROKEN_STORE_SESSION } from "../fakeAgent/profiles";
import { Cleanup, ThreadRecorder, connect, contextFor, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf, kindsOf } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";
import { methodOf, networkAgentServers, remoteAgent } from "../support/networkAgent";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());
const server = networkAgentServers(cleanup);

test("HTTP (§10): session/load on a fresh connection to a Bub-like server reopens the session with its history", async () => {
  const agent = await server({ seed: "bub" });
  const client = await connect(cleanup, remoteAgent("BubHttp", "http", agent.url));
  const recorder = new ThreadRecorder();
  const session = await SessionController.reopen(contextFor(client, recorder), "zed-session", true);
  cleanup.add(() => session.dispose());
  assert.equal(session.openedWith, "load");
  assert.deepEqual(
    kindsOf(recorder.thread),
    ["user", "assistant", "tool_call", "compaction"],
    "the history was replayed",
  );
  // The load is posted before the session's stream is opened (a Bub server knows the session only
  // once the load has answered), and without the session header, which would name an unknown session.
  const exchanges = agent.exchanges.filter((e) => e.method !== "DELETE");
  const load = exchanges.findIndex((e) => e.rpcMethod === "session/load");
  assert.deepEqual(exchanges[load], {
    method: "POST",
    connectionId: exchanges[load]?.connectionId,
    rpcMethod: "session/load",
    status: 202,
  });
  assert.ok(!exchanges.some((e) => e.status >= 400), JSON.stringify(exchanges));
  await session.prompt("basic-stream");
  assert.match(
    assistantText(recorder.thread),
    /Hello from \*\*basic-stream\*\*\.$/,
    "the prompt's updates came on the session stream",
  );
  const after = agent.exchanges;
  assert.ok(
    after.findIndex((e) => e.method === "GET" && e.sessionId === "zed-session") >
      after.findIndex((e) => e.rpcMethod === "session/load"),
    "the session stream is opened after the load",
  );
  assert.equal(
    agent.messages.filter((m) => methodOf(m.message) === "session/update" && m.stream === "session").length > 0,
    true,
  );
});

test("HTTP (§10): session/resume on a fresh connection reopens the session, and it takes prompts", async () => {
  const agent = await server({ profile: "bub", seed: "bub" });
  const client = await connect(cleanup, remoteAgent("BubHttp", "http", agent.url));
  const recorder = new ThreadRecorder();
  const session = await SessionController.reopen(contextFor(client, recorder), "zed-session", false);
  cleanup.add(() => session.dispose());
  assert.equal(session.openedWith, "resume");
  assert.ok(
    agent.messages.some((m) => m.direction === "in" && methodOf(m.message) === "session/resume"),
    "session/resume reached the agent",
  );
  assert.ok(!agent.exchanges.some((e) => e.status >= 400), JSON.stringify(agent.exchanges));
  await session.prompt("basic-stream");
  assert.equal(assistantText(recorder.thread), "Hello from **basic-stream**.");
});

test("HTTP (§10): a session/load the agent refuses fails alone; the connection and a new session still work", async () => {
  const agent = await server({ seed: "bub" });
  const client = await connect(cleanup, remoteAgent("BubHttp", "http", agent.url));
  await assert.rejects(
    SessionController.reopen(contextFor(client, new ThreadRecorder()), BROKEN_STORE_SESSION, true),
    /Internal error/,
  );
  const recorder = new ThreadRecorder();
  const session = await SessionController.create(contextFor(client, recorder));
  cleanup.add(() => session.dispose());
  await session.prompt("basic-stream");
  assert.equal(assistantText(recorder.thread), "Hello from **basic-stream**.");
  assert.ok(
    !agent.exchanges.some((e) => e.sessionId === BROKEN_STORE_SESSION && e.method === "GET"),
    "no stream was opened for the refused session",
  );
});

test("HTTP (§10): restart after a dropped connection loads the session on the new connection, history replayed", async () => {
  const agent = await server();
  const { chat } = await startedChat(cleanup, [remoteAgent("BubHttp", "http", agent.url)]);
  const sessionId = chat.sessionId!;
  await chat.prompt("basic-stream");
  await chat.prompt("drop");
  await waitFor(
    () => chat.store.state.connection,
    (connection) => connection.status === "failed",
    "the lost connection",
  );
  await chat.restart();
  assert.deepEqual(
    chat.store.state.connection,
    { status: "ready", agent: "BubHttp", sessionId },
    "the same session, not a new one",
  );
  assert.deepEqual(
    entriesOf(chat.store.state.thread, "user").map((e) => e.text),
    ["basic-stream", "drop"],
    "the history came back by replay",
  );
  await chat.prompt("late-text");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("HTTP interop (§10): deleting a session not opened on this connection also loses the connection", async () => {
  const agent = await server({ seed: "bub" });
  const client = await connect(cleanup, remoteAgent("BubHttp", "http", agent.url));
  assert.deepEqual(
    (await client.connection.listSessions({})).sessions.map((s) => s.sessionId),
    ["titled-session", "zed-session", "untitled-session"],
  );
  await assert.rejects(client.connection.deleteSession("titled-session"), /ACP connection closed/);
  assert.deepEqual(agent.exchanges.at(-1), {
    method: "GET",
    connectionId: agent.exchanges.at(-1)?.connectionId,
    sessionId: "titled-session",
    status: 404,
  });
  assert.match((await client.ended).message, /ACP SSE connection failed: 404 Not Found: unknown session/);
});

test("HTTP: session/load works when the server accepts the early session stream, and replays the history", async () => {
  const agent = await server({ seed: "bub" }, { lenientSessionStreams: true });
  const client = await connect(cleanup, remoteAgent("BubHttp", "http", agent.url));
  const recorder = new ThreadRecorder();
  const session = await SessionController.reopen(contextFor(client, recorder), "zed-session", true);
  cleanup.add(() => session.dispose());
  assert.deepEqual(kindsOf(recorder.thread), ["user", "assistant", "tool_call", "compaction"]);
});
