/**
 * The fake agent over Bub's Streamable HTTP transport (docs/reference/bub-and-lody.md §10), the
 * request handler httpServer.ts serves (the protocol is drawn there): one AgentConnection per
 * HTTP connection, opened by a POST of `initialize`, its messages routed to the connection's
 * SSE stream or to a session's.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { AgentConnection, type TransportHost } from "./agent";
import type { World } from "./world";
import { SseStream } from "./sseStream";
import type { ServerLog } from "./serverLog";
import { readBody } from "../support/fakeServers";

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

/**
 * The HTTP side of one server: `handle` answers a request, `dropAll` drops every connection as a
 * network failure would.
 */
export function streamableHttp(
  world: World,
  log: ServerLog,
  options: { readonly keepaliveMs?: number; readonly lenientSessionStreams?: boolean },
) {
  const { messages, exchanges, requests } = log;
  const connections = new Map<string, HttpConnection>();
  const keepaliveMs = options.keepaliveMs ?? 15_000;

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
      if (!c.sessions.has(sessionId) && options.lenientSessionStreams) c.sessions.set(sessionId, newSse());
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
      body = JSON.parse((await readBody(req)).toString("utf8"));
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

  return {
    handle,
    dropAll: () => {
      for (const connection of [...connections.values()]) dropHttp(connection);
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}
