/**
 * What a network agent may do, and what it is sent (issue 14 item 11): configured headers with
 * secrets filled in and never logged, loopback-only plain http:// and ws://, no redirects, and
 * file and terminal capabilities switched off per agent.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resolveSecretReferences } from "../../src/acp/agents/secretReferences";
import { Cleanup, chatSession, startedChat } from "../support/hostHarness";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { fixedWorkspace } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";
import { methodOf, networkAgentServers, remoteAgent } from "../support/networkAgent";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());
const server = networkAgentServers(cleanup);

const SECRET = "tok-3f9a77";
const resolveHeaders = (headers: Readonly<Record<string, string>>) =>
  resolveSecretReferences(headers, async (name) => (name === "agent-token" ? SECRET : undefined), "headers");
const authHeaders = { Authorization: "Bearer ${secret:agent-token}", "X-Team": "blue" };

test("headers: sent on every HTTP request and on the WebSocket handshake, secrets filled in, never logged", async () => {
  const agent = await server();
  const http = chatSession(cleanup, [{ ...remoteAgent("BubHttp", "http", agent.url), headers: authHeaders }], {
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

  const ws = chatSession(cleanup, [{ ...remoteAgent("BubWs", "websocket", agent.wsUrl), headers: authHeaders }], {
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
    [{ ...remoteAgent("BubHttp", "http", agent.url), headers: { Authorization: "Bearer ${secret:nope}" } }],
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
    const { chat } = await startedChat(cleanup, [remoteAgent("Far", transport, url)]);
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
  const { chat } = await startedChat(cleanup, [{ ...remoteAgent("Redirected", "http", url), headers: authHeaders }], {
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
    [{ ...remoteAgent("Limited", "http", agent.url), capabilities: { fs: false, terminal: false } }],
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
  const full = chatSession(cleanup, [remoteAgent("Full", "http", agent.url)], {
    workspace: fixedWorkspace(dir),
    ports,
  });
  await full.chat.start();
  const second = clientCapabilities(
    [...agent.messages].reverse().find((m) => methodOf(m.message) === "initialize")?.connectionId,
  );
  assert.deepEqual(second.fs, { readTextFile: true, writeTextFile: true });
  assert.equal(second.terminal, true);
});
