/**
 * Catalogue group F over WebSocket (docs/reference/bub-and-lody.md §10): one JSON-RPC message per text frame, a turn,
 * a drop mid-turn and restart on a new connection, against the fake agent served in-process.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { WebSocket } from "ws";
import { Cleanup, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";
import { networkAgentServers, remoteAgent } from "../support/networkAgent";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());
const server = networkAgentServers(cleanup);

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
  const { chat } = await startedChat(cleanup, [remoteAgent("BubWs", "websocket", agent.wsUrl)]);
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
