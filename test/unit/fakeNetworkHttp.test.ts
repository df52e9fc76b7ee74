/**
 * Catalogue group F over Streamable HTTP (docs/reference/bub-and-lody.md §10): a turn, the routing of responses,
 * updates and agent requests between the connection and session streams, the server's error
 * statuses and a dropped connection. The fake agent is served in-process and driven by the real
 * ChatSession and the SDK's experimental http client.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Cleanup, startedChat } from "../support/hostHarness";
import { assistantText, waitForPermissions } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";
import { methodOf, networkAgentServers, remoteAgent } from "../support/networkAgent";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());
const server = networkAgentServers(cleanup);

test("HTTP: a prompt completes, with Bub's routing of responses and updates", async () => {
  const agent = await server();
  const { chat } = await startedChat(cleanup, [remoteAgent("BubHttp", "http", agent.url)]);
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
  const { chat } = await startedChat(cleanup, [remoteAgent("BubHttp", "http", agent.url)]);
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

test("HTTP: a dropped connection mid-turn is reported and ends the turn", async () => {
  const agent = await server();
  const { chat } = await startedChat(cleanup, [remoteAgent("BubHttp", "http", agent.url)]);
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
