/**
 * Catalogue group F over the network: Bub's Streamable HTTP and WebSocket transports (§10),
 * served in-process by the fake agent, driven by the real ChatSession / AgentClient and the SDK's
 * experimental http/ws clients.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WebSocket } from "ws";
import { resolveSecretReferences } from "../../src/acp/agents/secretReferences";
import { SessionController } from "../../src/acp/client/session/sessionController";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { startFakeAgentServer, type FakeAgentServer, type ServerOptions } from "../fakeAgent/httpServer";
import { BROKEN_STORE_SESSION, type FakeAgentOptions } from "../fakeAgent/profiles";
import { Cleanup, ThreadRecorder, chatSession, connect, contextFor, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf, kindsOf, waitForPermissions } from "../support/threadReaders";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { fixedWorkspace } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function server(
  options: Partial<FakeAgentOptions> = {},
  serverOptions: ServerOptions = {},
): Promise<FakeAgentServer> {
  const started = await startFakeAgentServer({ profile: "bub-web", ...options }, { keepaliveMs: 20, ...serverOptions });
  cleanup.add(() => started.close());
  return started;
}

const remote = (name: string, transport: "http" | "websocket", url: string): AgentDefinition => ({
  name,
  transport,
  url,
  command: "",
  args: [],
  env: {},
  defaultConfig: {},
  mcpServers: [],
});

const methodOf = (message: unknown) => (message as { method?: string }).method;

test("HTTP: a prompt completes, with Bub's routing of responses and updates", async () => {
  const agent = await server();
  const { chat } = await startedChat(cleanup, [remote("BubHttp", "http", agent.url)]);
  assert.equal(chat.store.state.connection.status, "ready");
  await chat.prompt("basic-stream");
  const { thread } = chat.store.state;
  assert.equal(assistantText(thread), "Hello from **basic-stream**.");
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(thread.configOptions.length, 2);

  const sessionId = chat.sessionId!;
  const [init, ...rest] = agent.exchanges;
  assert.deepEqual(init, { method: "POST", rpcMethod: "initialize", status: 200 });
  const connectionId = rest[0]?.connectionId;
  assert.ok(
    rest.every((exchange) => exchange.connectionId === connectionId),
    "every later exchange names the connection",
  );
  assert.ok(
    rest.some((e) => e.method === "GET" && e.sessionId === undefined),
    "the connection stream was opened",
  );
  assert.ok(
    rest.some((e) => e.method === "GET" && e.sessionId === sessionId),
    "the session stream was opened",
  );
  const prompt = rest.find((e) => e.rpcMethod === "session/prompt");
  assert.deepEqual(prompt, { method: "POST", connectionId, sessionId, rpcMethod: "session/prompt", status: 202 });
  const out = agent.messages.filter((m) => m.direction === "out");
  assert.equal(
    out.find((m) => (m.message as { result?: { sessionId?: string } }).result?.sessionId === sessionId)?.stream,
    "connection",
    "the session/new result is on the connection stream",
  );
  assert.deepEqual(
    [...new Set(out.filter((m) => methodOf(m.message) === "session/update").map((m) => m.stream))],
    ["session"],
  );

  await chat.dispose();
  await waitFor(
    () => agent.exchanges.at(-1),
    (last) => last?.method === "DELETE",
    "the DELETE",
  );
  assert.deepEqual(agent.exchanges.at(-1), { method: "DELETE", connectionId, status: 202 });
});

test("HTTP: an agent → client request arrives on the session stream and is answered by POST", async () => {
  const agent = await server();
  const { chat } = await startedChat(cleanup, [remote("BubHttp", "http", agent.url)]);
  const turn = chat.prompt("q3-permission-first");
  const [pending] = await waitForPermissions(chat, "the permission request");
  chat.answerPermission(pending!.requestId, pending!.options.find((option) => option.kind === "allow_once")?.optionId);
  await turn;
  assert.equal(assistantText(chat.store.state.thread), "Permission: selected proceed_once.");
  const request = agent.messages.find((m) => methodOf(m.message) === "session/request_permission");
  assert.equal(request?.stream, "session");
  const answer = agent.messages.find(
    (m) =>
      m.direction === "in" &&
      methodOf(m.message) === undefined &&
      (m.message as { id?: unknown }).id === (request?.message as { id: unknown }).id,
  );
  assert.deepEqual((answer?.message as { result?: unknown }).result, {
    outcome: { outcome: "selected", optionId: "proceed_once" },
  });
  const post = agent.exchanges.find((e) => e.method === "POST" && e.rpcMethod === undefined);
  assert.equal(post?.sessionId, chat.sessionId, "the answer is posted with the session's header");
});

test("HTTP: the server's error statuses", async () => {
  const { url } = await server();
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
  const initialize = JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: 1 } });
  assert.equal(
    (await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: initialize })).status,
    415,
  );
  assert.equal((await post(`[${initialize}]`)).status, 501);
  assert.equal((await post("{not json")).status, 400);
  assert.equal(
    (await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/list", params: {} }))).status,
    400,
    "no connection id",
  );
  assert.equal((await post(initialize, { "Acp-Connection-Id": "nope" })).status, 404);
  assert.equal((await fetch(url.replace("/acp", "/other"), { method: "POST", body: initialize })).status, 404);
  const opened = await post(initialize);
  assert.equal(opened.status, 200);
  const connectionId = opened.headers.get("acp-connection-id")!;
  assert.equal(((await opened.json()) as { result: { protocolVersion: number } }).result.protocolVersion, 1);
  const prompt = JSON.stringify({
    jsonrpc: "2.0",
    id: 2,
    method: "session/prompt",
    params: { sessionId: "s", prompt: [] },
  });
  assert.equal(
    (await post(prompt, { "Acp-Connection-Id": connectionId })).status,
    400,
    "session-scoped without Acp-Session-Id",
  );
  assert.equal(
    (await post(prompt, { "Acp-Connection-Id": connectionId, "Acp-Session-Id": "s" })).status,
    404,
    "a session this connection has not seen",
  );
  assert.equal((await fetch(url, { headers: { "Acp-Connection-Id": connectionId } })).status, 406);
  assert.equal(
    (
      await fetch(url, {
        headers: { Accept: "text/event-stream", "Acp-Connection-Id": connectionId, "Acp-Session-Id": "s" },
      })
    ).status,
    404,
  );
  assert.equal((await fetch(url, { method: "DELETE", headers: { "Acp-Connection-Id": connectionId } })).status, 202);
  assert.equal((await fetch(url, { method: "DELETE", headers: { "Acp-Connection-Id": connectionId } })).status, 404);
});

test("HTTP (§10): session/load on a fresh connection to a Bub-like server reopens the session with its history", async () => {
  const agent = await server({ seed: "bub" });
  const client = await connect(cleanup, remote("BubHttp", "http", agent.url));
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
  const client = await connect(cleanup, remote("BubHttp", "http", agent.url));
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
  const client = await connect(cleanup, remote("BubHttp", "http", agent.url));
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
  const { chat } = await startedChat(cleanup, [remote("BubHttp", "http", agent.url)]);
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
  const client = await connect(cleanup, remote("BubHttp", "http", agent.url));
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
  const client = await connect(cleanup, remote("BubHttp", "http", agent.url));
  const recorder = new ThreadRecorder();
  const session = await SessionController.reopen(contextFor(client, recorder), "zed-session", true);
  cleanup.add(() => session.dispose());
  assert.deepEqual(kindsOf(recorder.thread), ["user", "assistant", "tool_call", "compaction"]);
});

test("HTTP: a dropped connection mid-turn is reported and ends the turn", async () => {
  const agent = await server();
  const { chat } = await startedChat(cleanup, [remote("BubHttp", "http", agent.url)]);
  await chat.prompt("drop");
  const { connection, thread } = await waitFor(
    () => chat.store.state,
    (state) => state.connection.status === "failed",
    "the lost connection",
  );
  assert.match(
    connection.status === "failed" ? connection.message : "",
    /^Lost the HTTP connection to http:\/\/127\.0\.0\.1:\d+\/acp: /,
  );
  assert.equal(thread.turn.phase, "idle");
  assert.equal(assistantText(thread), "Working before the drop. ");
});

test("WebSocket: one JSON object per text frame, non-JSON frames ignored, the upgrade names the connection", async () => {
  const { wsUrl } = await server();
  const socket = new WebSocket(wsUrl);
  cleanup.add(() => socket.terminate());
  const upgraded = new Promise<string | undefined>((resolve) =>
    socket.once("upgrade", (response) => resolve(response.headers["acp-connection-id"] as string | undefined)),
  );
  const frames: unknown[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve) => socket.once("open", resolve));
  assert.match((await upgraded) ?? "", /^[0-9a-f]{32}$/);
  socket.send("not json");
  socket.send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "initialize", params: { protocolVersion: 1 } }));
  await waitFor(
    () => frames.length,
    (count) => count > 0,
    "the initialize response",
  );
  assert.equal(frames.length, 1, "the non-JSON frame got no answer");
  assert.equal((frames[0] as { id: number }).id, 7);
});

test("WebSocket: a prompt completes, a drop mid-turn is reported, and restart re-initializes and loads the session", async () => {
  const agent = await server();
  const { chat } = await startedChat(cleanup, [remote("BubWs", "websocket", agent.wsUrl)]);
  const sessionId = chat.sessionId!;
  await chat.prompt("basic-stream");
  assert.equal(assistantText(chat.store.state.thread), "Hello from **basic-stream**.");
  await chat.prompt("drop");
  const failed = await waitFor(
    () => chat.store.state.connection,
    (connection) => connection.status === "failed",
    "the lost connection",
  );
  assert.match(
    failed.status === "failed" ? failed.message : "",
    /^Lost the WebSocket connection to ws:\/\/127\.0\.0\.1:\d+\/acp: the server closed the connection\.$/,
  );
  assert.equal(chat.store.state.thread.turn.phase, "idle");

  await chat.restart();
  assert.deepEqual(chat.store.state.connection, { status: "ready", agent: "BubWs", sessionId });
  const connections = [...new Set(agent.messages.map((m) => m.connectionId))];
  assert.equal(connections.length, 2, "a new WebSocket connection");
  const second = agent.messages
    .filter((m) => m.connectionId === connections[1] && m.direction === "in")
    .map((m) => m.message as { method?: string; params?: { sessionId?: string } });
  assert.deepEqual(
    second.map((m) => m.method),
    ["initialize", "session/load"],
  );
  assert.equal(second[1]?.params?.sessionId, sessionId);
  const { thread } = chat.store.state;
  assert.deepEqual(
    entriesOf(thread, "user").map((e) => e.text),
    ["basic-stream", "drop"],
    "the history came back by replay",
  );
  assert.equal(assistantText(thread), "Hello from **basic-stream**.Working before the drop. ");
  await chat.prompt("late-text");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

// ---- Issue 14 item 11: what a network agent may do, and what it is sent ----------------------

const SECRET = "tok-3f9a77";
const resolveHeaders = (headers: Readonly<Record<string, string>>) =>
  resolveSecretReferences(headers, async (name) => (name === "agent-token" ? SECRET : undefined), "headers");
const authHeaders = { Authorization: "Bearer ${secret:agent-token}", "X-Team": "blue" };

test("headers: sent on every HTTP request and on the WebSocket handshake, secrets filled in, never logged", async () => {
  const agent = await server();
  const http = chatSession(cleanup, [{ ...remote("BubHttp", "http", agent.url), headers: authHeaders }], {
    resolveHeaders,
  });
  await http.chat.start();
  await http.chat.prompt("basic-stream");
  await http.chat.dispose();
  await waitFor(
    () => agent.exchanges.at(-1),
    (last) => last?.method === "DELETE",
    "the DELETE",
  );
  const httpRequests = agent.requests.filter((r) => r.kind === "http");
  assert.deepEqual([...new Set(httpRequests.map((r) => r.method))].sort(), ["DELETE", "GET", "POST"]);
  for (const request of httpRequests) {
    assert.equal(request.headers.authorization, `Bearer ${SECRET}`, request.method);
    assert.equal(request.headers["x-team"], "blue", request.method);
  }

  const ws = chatSession(cleanup, [{ ...remote("BubWs", "websocket", agent.wsUrl), headers: authHeaders }], {
    resolveHeaders,
  });
  await ws.chat.start();
  await ws.chat.prompt("basic-stream");
  const upgrades = agent.requests.filter((r) => r.kind === "upgrade");
  assert.equal(upgrades.length, 1);
  assert.equal(upgrades[0]?.headers.authorization, `Bearer ${SECRET}`);
  assert.equal(upgrades[0]?.headers["x-team"], "blue");
  for (const { logger, chat } of [http, ws]) {
    const seen = JSON.stringify([logger.lines, logger.stderr, logger.trafficLog, chat.store.state]);
    assert.ok(!seen.includes(SECRET), "the secret is in no log and no panel state");
  }
});

test("headers: a missing secret stops the start and names the secret", async () => {
  const agent = await server();
  const { chat } = chatSession(
    cleanup,
    [{ ...remote("BubHttp", "http", agent.url), headers: { Authorization: "Bearer ${secret:nope}" } }],
    { resolveHeaders },
  );
  await chat.start();
  const { connection } = chat.store.state;
  assert.match(
    connection.status === "failed" ? connection.message : JSON.stringify(connection),
    /secret "nope" used by Authorization is not set/,
  );
  assert.deepEqual(agent.requests, [], "nothing was sent");
});

test("a plain http:// or ws:// URL to a host that is not loopback is refused before connecting", async () => {
  for (const [transport, url] of [
    ["http", "http://agent.invalid/acp"],
    ["websocket", "ws://10.255.255.1/acp"],
  ] as const) {
    const { chat } = await startedChat(cleanup, [remote("Far", transport, url)]);
    const { connection } = chat.store.state;
    assert.equal(connection.status, "failed", url);
    assert.match(connection.status === "failed" ? connection.message : "", /https:\/\/ or wss:\/\//, url);
  }
});

test("HTTP: a redirect is not followed (the headers would go along to wherever it points)", async () => {
  const agent = await server();
  const redirector = createServer((req, res) => res.writeHead(307, { Location: agent.url }).end());
  await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
  cleanup.add(() => new Promise((resolve) => redirector.close(resolve)));
  const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/acp`;
  const { chat } = await startedChat(cleanup, [{ ...remote("Redirected", "http", url), headers: authHeaders }], {
    resolveHeaders,
  });
  assert.equal(chat.store.state.connection.status, "failed");
  assert.deepEqual(agent.requests, [], "the agent behind the redirect was never asked");
});

test("capabilities off: fs and terminal are not advertised, and the agent's fs calls are refused", async () => {
  const agent = await server();
  const dir = realpathSync(scratchDir("acp-net-caps-"));
  writeFileSync(join(dir, "notes.txt"), "private notes\n");
  const ports = { files: new DiskFiles(), consent: new ScriptedConsent() };
  const clientCapabilities = (connectionId: string | undefined) => {
    const init = agent.messages.find(
      (m) => m.connectionId === connectionId && m.direction === "in" && methodOf(m.message) === "initialize",
    );
    return (init?.message as { params: { clientCapabilities: Record<string, unknown> } }).params.clientCapabilities;
  };

  const limited = chatSession(
    cleanup,
    [{ ...remote("Limited", "http", agent.url), capabilities: { fs: false, terminal: false } }],
    { workspace: fixedWorkspace(dir), ports },
  );
  await limited.chat.start();
  const caps = clientCapabilities(agent.messages[0]?.connectionId);
  assert.equal(caps.fs, undefined);
  assert.equal(caps.terminal, undefined);
  assert.deepEqual(caps.elicitation, { form: {} }, "the rest is still offered");
  await limited.chat.prompt("e2e-read notes.txt");
  const request = agent.messages.find((m) => m.direction === "out" && methodOf(m.message) === "fs/read_text_file");
  assert.ok(request, "the agent tried anyway");
  const id = (request.message as { id: unknown }).id;
  const answer = agent.messages.find(
    (m) => m.direction === "in" && methodOf(m.message) === undefined && (m.message as { id?: unknown }).id === id,
  );
  assert.equal((answer?.message as { error?: { code?: number } }).error?.code, -32601);
  assert.ok(!JSON.stringify(agent.messages).includes("private notes"), "the file never left the client");
  await limited.chat.dispose();

  // The same loopback server, without the field: both are offered (stdio and loopback keep them).
  const full = chatSession(cleanup, [remote("Full", "http", agent.url)], { workspace: fixedWorkspace(dir), ports });
  await full.chat.start();
  const second = clientCapabilities(
    [...agent.messages].reverse().find((m) => methodOf(m.message) === "initialize")?.connectionId,
  );
  assert.deepEqual(second.fs, { readTextFile: true, writeTextFile: true });
  assert.equal(second.terminal, true);
});
