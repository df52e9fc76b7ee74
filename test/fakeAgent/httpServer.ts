/**
 * The fake agent over Bub's HTTP and WebSocket transports (docs/reference/bub-and-lody.md §10), served on
 * 127.0.0.1 with a random port, in the test's own process. Same engine as stdio (agent.ts):
 * one AgentConnection per HTTP or WebSocket connection, sessions and the prompt lock shared.
 *
 * Streamable HTTP, as the Python SDK serves it:
 *   POST initialize (no connection id)  → 200, `Acp-Connection-Id`, the response as the body
 *   GET + Acp-Connection-Id             → the connection SSE stream (`: keepalive` comments)
 *   GET + … + Acp-Session-Id            → that session's SSE stream; only for a session whose id
 *                                         a result on this connection carried (else 404)
 *   POST other messages                 → 202; responses arrive on the SSE streams. Session-scoped
 *                                         methods need Acp-Session-Id (400), of a known session (404)
 *   DELETE + Acp-Connection-Id          → 202, connection closed
 *   415 not JSON, 501 batch, 400 bad JSON / missing ids, 404 unknown ids or path, 406 GET without SSE
 * A message for a session with no stream entry on its connection (the replay of a
 * `session/load`) goes to the connection stream.
 *
 * WebSocket (same URL, ws://): one JSON-RPC object per text frame, non-JSON frames ignored, the
 * upgrade response carries `acp-connection-id`; a dropped socket cancels that connection's turns.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { WebSocketServer, type WebSocket } from "ws";
import { AgentConnection, type TransportHost } from "./agent";
import { World } from "./world";
import type { FakeAgentOptions } from "./profiles";
import { SseStream } from "./sseStream";

export interface ServerOptions {
  /** Interval of `: keepalive` comments on SSE streams (Bub: 15 s). */
  readonly keepaliveMs?: number;
  /** Accept a session stream or header for a session this connection has not seen yet (not Bub). */
  readonly lenientSessionStreams?: boolean;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  readonly port?: number;
}

/** One JSON-RPC message through the server; `stream` is where an outgoing one was routed. */
export interface ServerMessage {
  readonly connectionId: string;
  readonly transport: "http" | "websocket";
  readonly direction: "in" | "out";
  readonly stream: "body" | "connection" | "session" | "socket" | "post";
  readonly message: unknown;
}

export interface HttpExchange {
  readonly method: string;
  readonly connectionId?: string;
  readonly sessionId?: string;
  readonly rpcMethod?: string;
  readonly status: number;
}

/** The headers of one HTTP request or WebSocket upgrade, as they arrived. */
export interface ReceivedRequest {
  readonly kind: "http" | "upgrade";
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
}

export interface FakeAgentServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly world: World;
  readonly messages: ServerMessage[];
  readonly exchanges: HttpExchange[];
  readonly requests: ReceivedRequest[];
  /** Drops every live connection, as a network failure would. */
  dropConnections(): void;
  close(): Promise<void>;
}

const SESSION_SCOPED = new Set([
  "session/prompt",
  "session/cancel",
  "session/set_config_option",
  "session/set_mode",
  "session/close",
]);

interface HttpConnection {
  readonly id: string;
  readonly agent: AgentConnection;
  readonly main: SseStream;
  readonly sessions: Map<string, SseStream>;
  /** Inbound request id → its params' sessionId and method, to route the response. */
  readonly inbound: Map<string, { sessionId?: string; method: string }>;
  initialized?: ((response: unknown) => void) | undefined;
}

export async function startFakeAgentServer(
  options: FakeAgentOptions,
  serverOptions: ServerOptions = {},
): Promise<FakeAgentServer> {
  const world = new World(options);
  const messages: ServerMessage[] = [];
  const exchanges: HttpExchange[] = [];
  const requests: ReceivedRequest[] = [];
  const connections = new Map<string, HttpConnection>();
  const sockets = new Set<WebSocket>();
  const keepaliveMs = serverOptions.keepaliveMs ?? 15_000;

  const newSse = () => new SseStream(keepaliveMs);
  const dropHttp = (connection: HttpConnection) => {
    connections.delete(connection.id);
    connection.agent.dispose();
    connection.main.destroy();
    for (const stream of connection.sessions.values()) stream.destroy();
  };

  function openHttpConnection(): HttpConnection {
    const id = randomUUID().replace(/-/g, "");
    const host: TransportHost = {
      kind: "http",
      exit: () => dropHttp(connection),
      disconnect: () => dropHttp(connection),
      closeOutput: () => dropHttp(connection),
    };
    const connection: HttpConnection = {
      id,
      main: newSse(),
      sessions: new Map(),
      inbound: new Map(),
      agent: new AgentConnection(world, host, (message) => route(connection, message)),
    };
    connections.set(id, connection);
    return connection;
  }

  function route(connection: HttpConnection, message: object | string): void {
    if (typeof message === "string") {
      connection.main.push(message);
      return;
    }
    const rpc = message as {
      id?: unknown;
      method?: string;
      params?: { sessionId?: unknown };
      result?: { sessionId?: unknown };
      error?: unknown;
    };
    const origin = rpc.method === undefined ? connection.inbound.get(JSON.stringify(rpc.id)) : undefined;
    if (origin) connection.inbound.delete(JSON.stringify(rpc.id));
    if (origin?.method === "initialize" && connection.initialized) {
      messages.push({ connectionId: connection.id, transport: "http", direction: "out", stream: "body", message });
      connection.initialized(message);
      return;
    }
    const sessionId =
      rpc.method !== undefined
        ? typeof rpc.params?.sessionId === "string"
          ? rpc.params.sessionId
          : undefined
        : origin?.sessionId;
    const sessionStream = sessionId === undefined ? undefined : connection.sessions.get(sessionId);
    messages.push({
      connectionId: connection.id,
      transport: "http",
      direction: "out",
      stream: sessionStream ? "session" : "connection",
      message,
    });
    (sessionStream ?? connection.main).push(JSON.stringify(message));
    // A session stream exists from the moment a result naming the session is routed.
    if (typeof rpc.result?.sessionId === "string" && !connection.sessions.has(rpc.result.sessionId))
      connection.sessions.set(rpc.result.sessionId, newSse());
    if (
      origin?.sessionId &&
      rpc.error === undefined &&
      (origin.method === "session/load" || origin.method === "session/resume") &&
      !connection.sessions.has(origin.sessionId)
    ) {
      connection.sessions.set(origin.sessionId, newSse());
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requests.push({ kind: "http", method: req.method ?? "", headers: req.headers });
    const connectionId = header(req, "acp-connection-id");
    const sessionHeader = header(req, "acp-session-id");
    const seen: { rpcMethod?: string } = {};
    const reply = (status: number, body = "", headers: Record<string, string> = {}) => {
      exchanges.push({
        method: req.method ?? "",
        ...(connectionId ? { connectionId } : {}),
        ...(sessionHeader ? { sessionId: sessionHeader } : {}),
        ...(seen.rpcMethod ? { rpcMethod: seen.rpcMethod } : {}),
        status,
      });
      res.writeHead(status, headers).end(body);
    };
    if (new URL(req.url ?? "/", "http://x").pathname !== "/acp") return reply(404, "not found");
    const connection = connectionId === undefined ? undefined : connections.get(connectionId);
    const sessionStream = (c: HttpConnection, sessionId: string) => {
      if (!c.sessions.has(sessionId) && serverOptions.lenientSessionStreams) c.sessions.set(sessionId, newSse());
      return c.sessions.get(sessionId);
    };
    if (req.method === "GET") {
      if (!(req.headers.accept ?? "").includes("text/event-stream"))
        return reply(406, "GET needs Accept: text/event-stream");
      if (connectionId === undefined) return reply(400, "missing Acp-Connection-Id");
      if (!connection) return reply(404, "unknown connection");
      const stream = sessionHeader === undefined ? connection.main : sessionStream(connection, sessionHeader);
      if (!stream) return reply(404, "unknown session");
      exchanges.push({
        method: "GET",
        connectionId,
        ...(sessionHeader ? { sessionId: sessionHeader } : {}),
        status: 200,
      });
      stream.attach(res);
      return;
    }
    if (req.method === "DELETE") {
      if (connectionId === undefined) return reply(400, "missing Acp-Connection-Id");
      if (!connection) return reply(404, "unknown connection");
      dropHttp(connection);
      return reply(202);
    }
    if (req.method !== "POST") return reply(405, "method not allowed");
    if (!(req.headers["content-type"] ?? "").startsWith("application/json"))
      return reply(415, "expected application/json");
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return reply(400, "invalid JSON");
    }
    if (Array.isArray(body)) return reply(501, "batches are not supported");
    if (typeof body !== "object" || body === null) return reply(400, "not a JSON-RPC message");
    const message = body as { id?: unknown; method?: string; params?: { sessionId?: unknown } };
    if (message.method !== undefined) seen.rpcMethod = message.method;
    if (connectionId === undefined) {
      if (message.method !== "initialize" || message.id === undefined) return reply(400, "missing Acp-Connection-Id");
      const created = openHttpConnection();
      const response = await new Promise<unknown>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), 30_000);
        created.initialized = (value) => {
          clearTimeout(timer);
          resolve(value);
        };
        created.inbound.set(JSON.stringify(message.id), { method: "initialize" });
        messages.push({ connectionId: created.id, transport: "http", direction: "in", stream: "post", message });
        created.agent.peer.receive(message);
      });
      created.initialized = undefined;
      if (response === undefined) return reply(504, "initialize timed out");
      return reply(200, JSON.stringify(response), {
        "Content-Type": "application/json",
        "Acp-Connection-Id": created.id,
      });
    }
    if (!connection) return reply(404, "unknown connection");
    if (sessionHeader !== undefined && !sessionStream(connection, sessionHeader)) return reply(404, "unknown session");
    if (sessionHeader === undefined && message.method !== undefined && SESSION_SCOPED.has(message.method))
      return reply(400, "missing Acp-Session-Id");
    if (message.method !== undefined && message.id !== undefined) {
      const sessionId = typeof message.params?.sessionId === "string" ? message.params.sessionId : undefined;
      connection.inbound.set(JSON.stringify(message.id), {
        method: message.method,
        ...(sessionId ? { sessionId } : {}),
      });
    }
    reply(202);
    messages.push({ connectionId: connection.id, transport: "http", direction: "in", stream: "post", message });
    connection.agent.peer.receive(message);
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  const wss = new WebSocketServer({ noServer: true });
  const upgradeIds = new WeakMap<IncomingMessage, string>();
  wss.on("headers", (headers, req) => {
    const id = randomUUID().replace(/-/g, "");
    upgradeIds.set(req, id);
    headers.push(`acp-connection-id: ${id}`);
  });
  server.on("upgrade", (req, socket, head) => {
    requests.push({ kind: "upgrade", method: req.method ?? "", headers: req.headers });
    if (new URL(req.url ?? "/", "http://x").pathname !== "/acp") return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const id = upgradeIds.get(req) ?? "?";
      sockets.add(ws);
      const drop = () => ws.terminate();
      const agent = new AgentConnection(
        world,
        { kind: "websocket", exit: drop, disconnect: drop, closeOutput: drop },
        (message) => {
          if (typeof message !== "string")
            messages.push({ connectionId: id, transport: "websocket", direction: "out", stream: "socket", message });
          if (ws.readyState === ws.OPEN) ws.send(typeof message === "string" ? message : JSON.stringify(message));
        },
      );
      ws.on("message", (data, isBinary) => {
        if (isBinary) return;
        let value: unknown;
        try {
          value = JSON.parse(String(data));
        } catch {
          return; // non-JSON frames are ignored
        }
        messages.push({ connectionId: id, transport: "websocket", direction: "in", stream: "socket", message: value });
        agent.peer.receive(value);
      });
      ws.on("close", () => {
        sockets.delete(ws);
        agent.dispose();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(serverOptions.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const dropConnections = () => {
    for (const ws of sockets) ws.terminate();
    for (const connection of [...connections.values()]) dropHttp(connection);
  };
  return {
    url: `http://127.0.0.1:${port}/acp`,
    wsUrl: `ws://127.0.0.1:${port}/acp`,
    world,
    messages,
    exchanges,
    requests,
    dropConnections,
    async close() {
      dropConnections();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
