/**
 * The one file that talks to `@agentclientprotocol/sdk`. Everything above it sees typed calls,
 * a synchronous stream of raw `session/update`s, and raw extension notifications.
 *
 * Quirks handled here:
 * - The SDK validates `session/update` against a closed union and silently drops unknown
 *   variants (vendor ones such as CodeBuddy's `tool_call_pending`, unstable ones), before any
 *   handler, `"*"` included. So updates are taken from a tap on the raw message stream instead,
 *   in arrival order, and the SDK gets no `session/update` handler at all.
 * - The tap runs before the SDK dispatches anything, so an update is always folded before a
 *   request that follows it on the wire (a permission may still name a tool call never seen).
 *   Over stdio the tap is the framing itself (nodeNdJsonStream.ts): updates are decoded once and
 *   never pass through the SDK's Web streams; requests and responses still do, in wire order.
 * - Extension notifications (`_lody/…`, `_session/steering_applied`) are also taken raw.
 * - Unknown agent→client requests (e.g. `_codebuddy.ai/question`) are answered -32601 at once.
 * - MCP-over-ACP (unstable): `mcp/message` requests go to the SDK's McpOverAcpProvider, which
 *   routes them by `serverId` to the servers registered with `serveMcpOverAcp`; an unknown id is
 *   answered -33001.
 */
import * as acp from "@agentclientprotocol/sdk";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import { McpOverAcpProvider, type McpMessageParams, type McpOutcome } from "@agentclientprotocol/sdk/unstable";
import { TERMINAL_OUTPUT_META, type ClientCallbacks } from "./clientCallbacks";
import type { RoutableStream } from "./transports/nodeNdJsonStream";

export interface ConnectionEvents {
  /** Called synchronously for each `session/update`, with the params as they came. */
  sessionUpdate(sessionId: string, update: unknown): void;
  /** Called synchronously for each `_`-prefixed notification. */
  extNotification(method: string, params: unknown): void;
  /**
   * Every message in both directions, for the traffic log. `wireText` is the line it came as, when
   * the transport kept it and the message is a plain text chunk (no field of it can hold a
   * credential by position), so the log can show it without walking the message again.
   */
  traffic(direction: "in" | "out", message: AnyMessage, wireText?: string): void;
}

/**
 * An agent's message stream, whatever carries it (stdio, HTTP, WebSocket). A stream that frames
 * its own bytes (stdio, transports/nodeNdJsonStream.ts) lets the connection route each message
 * as it is parsed; the others are tapped through a Web stream.
 */
export type MessageStream = acp.Stream | RoutableStream;

export interface ClientIdentity {
  readonly name: string;
  readonly title?: string;
  readonly version: string;
}

export const CLIENT_INFO: ClientIdentity = { name: "acp-panel", title: "ACP Panel", version: "0.1.0" };

export class AgentConnection {
  private readonly connection: acp.ClientConnection;
  private readonly mcp = new McpOverAcpProvider();

  constructor(
    stream: MessageStream,
    events: ConnectionEvents,
    private readonly callbacks: ClientCallbacks,
  ) {
    this.connection = registerCallbacks(acp.client({ name: CLIENT_INFO.name }), callbacks, this.mcp).connect(
      tap(stream, events),
    );
  }

  /**
   * Serves an MCP server to the agent over this connection (MCP-over-ACP); returns the entry for
   * `mcpServers`. Only for agents that advertise `mcpCapabilities.acp`.
   */
  serveMcpOverAcp(
    name: string,
    handler: (method: string, params: Record<string, unknown> | undefined) => Promise<McpOutcome>,
  ): { type: "acp"; name: string; serverId: string } {
    return this.mcp.registerServer(this.connection.agent, {
      name,
      handler: (operation) => handler(operation.method, operation.params),
    }).declaration;
  }

  /** Resolves when the stream ends or close() is called; never rejects. */
  get closed(): Promise<void> {
    return this.connection.closed;
  }

  get isClosed(): boolean {
    return this.connection.signal.aborted;
  }

  /** Why the connection closed (an Error such as the SDK's MessageTooLargeError), once closed. */
  get closeReason(): unknown {
    const reason: unknown = this.connection.signal.reason;
    return this.connection.signal.aborted ? reason : undefined;
  }

  /** The capabilities advertised: exactly what `callbacks` implements, plus display features. */
  clientCapabilities(): acp.ClientCapabilities {
    const { fs, terminal, elicitation, subagentEvents } = this.callbacks;
    return {
      ...(fs ? { fs: { readTextFile: true, writeTextFile: true } } : {}),
      ...(terminal ? { terminal: true } : {}),
      ...(elicitation ? { elicitation: { form: {} } } : {}),
      session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
      // Display features: id-addressed plans and standard subagents (unstable); under `_meta`, agents'
      // own shell output (toolTerminals.ts) and Lody's subagent events.
      ...({ plan: {}, subagents: {} } as object),
      _meta: { ...TERMINAL_OUTPUT_META, ...(subagentEvents ? { lody: { subagentEvents: { version: 1 } } } : {}) },
    };
  }

  initialize(clientInfo: ClientIdentity = CLIENT_INFO): Promise<acp.InitializeResponse> {
    return this.connection.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: this.clientCapabilities(),
      clientInfo: { ...clientInfo },
    });
  }

  authenticate(methodId: string): Promise<acp.AuthenticateResponse> {
    return this.connection.agent.request(acp.methods.agent.authenticate, { methodId });
  }

  /** `logout`; only when the agent advertises `agentCapabilities.auth.logout` (capabilitiesOf). */
  logout(): Promise<acp.LogoutResponse> {
    return this.connection.agent.request(acp.methods.agent.logout, {});
  }

  newSession(params: acp.NewSessionRequest): Promise<acp.NewSessionResponse> {
    return this.connection.agent.request(acp.methods.agent.session.new, params);
  }

  loadSession(params: acp.LoadSessionRequest): Promise<acp.LoadSessionResponse> {
    return this.connection.agent.request(acp.methods.agent.session.load, params);
  }

  /** `null` when the agent answers so: the SDK maps a `null` result to `{}` for `session/load` only. */
  resumeSession(params: acp.ResumeSessionRequest): Promise<acp.ResumeSessionResponse | null> {
    return this.connection.agent.request(acp.methods.agent.session.resume, params);
  }

  listSessions(params: acp.ListSessionsRequest): Promise<acp.ListSessionsResponse> {
    return this.connection.agent.request(acp.methods.agent.session.list, params);
  }

  closeSession(sessionId: string): Promise<acp.CloseSessionResponse> {
    return this.connection.agent.request(acp.methods.agent.session.close, { sessionId });
  }

  deleteSession(sessionId: string): Promise<acp.DeleteSessionResponse> {
    return this.connection.agent.request(acp.methods.agent.session.delete, { sessionId });
  }

  setConfigOption(params: acp.SetSessionConfigOptionRequest): Promise<acp.SetSessionConfigOptionResponse> {
    return this.connection.agent.request(acp.methods.agent.session.setConfigOption, params);
  }

  setMode(sessionId: string, modeId: string): Promise<acp.SetSessionModeResponse> {
    return this.connection.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId });
  }

  /**
   * `prompt` is always an array of content blocks, never a string or chat messages. Aborting
   * `withdraw` makes the SDK send `$/cancel_request` for it (the panel stopped waiting).
   */
  prompt(sessionId: string, prompt: acp.ContentBlock[], withdraw?: AbortSignal): Promise<acp.PromptResponse> {
    return this.connection.agent.request(
      acp.methods.agent.session.prompt,
      { sessionId, prompt },
      ...(withdraw ? [{ cancellationSignal: withdraw }] : []),
    );
  }

  cancel(sessionId: string): Promise<void> {
    return this.connection.agent.notify(acp.methods.agent.session.cancel, { sessionId });
  }

  /** A vendor request (`_lody/session/steer`, `_session/steering`…); the result is untyped. */
  extRequest(method: string, params: unknown): Promise<unknown> {
    return this.connection.agent.request(method, params);
  }

  close(): void {
    this.connection.close();
  }
}

export const PROTOCOL_VERSION = acp.PROTOCOL_VERSION;
export const RequestError = acp.RequestError;
/** Our error code for a client-side cap an agent hit (open terminals, unanswered permission requests). */
export const LIMIT_REACHED = -32004;

function registerCallbacks(app: acp.ClientApp, callbacks: ClientCallbacks, mcp: McpOverAcpProvider): acp.ClientApp {
  const m = acp.methods.client;
  app.onRequest(m.session.requestPermission, ({ params, signal }) =>
    callbacks.requestPermission
      ? callbacks.requestPermission(params, signal)
      : { outcome: { outcome: "cancelled" as const } },
  );
  const { fs, terminal, elicitation } = callbacks;
  if (fs) {
    app.onRequest(m.fs.readTextFile, ({ params, signal }) => fs.readTextFile(params, signal));
    app.onRequest(m.fs.writeTextFile, ({ params, signal }) => fs.writeTextFile(params, signal));
  }
  if (terminal) {
    app.onRequest(m.terminal.create, ({ params }) => terminal.create(params));
    app.onRequest(m.terminal.output, ({ params }) => terminal.output(params));
    app.onRequest(m.terminal.waitForExit, ({ params, signal }) => terminal.waitForExit(params, signal));
    app.onRequest(m.terminal.kill, ({ params }) => terminal.kill(params));
    app.onRequest(m.terminal.release, ({ params }) => terminal.release(params));
  }
  if (elicitation) {
    app.onRequest(m.elicitation.create, ({ params, signal }) => elicitation.create(params, signal));
    app.onNotification(m.elicitation.complete, ({ params }) => elicitation.complete(params));
  }
  app.onRequest("mcp/message", parseMcpMessage, ({ params, signal, agent }) =>
    mcp.handleRequest({ params, signal, agent }),
  );
  // Anything else (unregistered built-ins, `_codebuddy.ai/*`…): refuse at once, never leave it pending.
  app.onRequest("*", ({ method }) => {
    throw acp.RequestError.methodNotFound(method);
  });
  return app;
}

/** The `mcp/message` envelope (the inner MCP params are checked by the provider and the server). */
function parseMcpMessage(params: unknown): McpMessageParams {
  const value = (params ?? {}) as Partial<McpMessageParams>;
  const object = (field: unknown) =>
    field === undefined || field === null || (typeof field === "object" && !Array.isArray(field));
  if (
    typeof value.serverId !== "string" ||
    typeof value.requestId !== "string" ||
    typeof value.method !== "string" ||
    !object(value.params) ||
    !object(value._meta)
  ) {
    throw acp.RequestError.invalidParams(
      { serverId: value.serverId, requestId: value.requestId },
      "mcp/message needs serverId, requestId and method",
    );
  }
  return value as McpMessageParams;
}

/** How long incoming messages may be processed before the event loop gets a turn. */
const YIELD_AFTER_MS = 8;

/**
 * Takes what the SDK must not see (see the file comment): `session/update` and `_` notifications
 * go to `events` here; true when taken. Every incoming message is logged first.
 */
function routeIncoming(message: AnyMessage, events: ConnectionEvents, text?: string): boolean {
  events.traffic("in", message, text !== undefined && isPlainChunk(message) ? text : undefined);
  if (!("method" in message) || "id" in message) return false;
  if (message.method === acp.methods.client.session.update) {
    const params = message.params as { sessionId?: unknown; update?: unknown } | undefined;
    if (typeof params?.sessionId === "string") events.sessionUpdate(params.sessionId, params.update);
    return true;
  }
  if (message.method.startsWith("_")) {
    events.extNotification(message.method, message.params);
    return true;
  }
  return false;
}

const CHUNK_KINDS = new Set(["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"]);

/** `{jsonrpc, method: "session/update", params: {sessionId, update: {sessionUpdate: …_chunk, content: {type: "text", text}, messageId?}}}` and nothing else. */
function isPlainChunk(message: AnyMessage): boolean {
  if (
    !onlyKeys(message, ["jsonrpc", "method", "params"]) ||
    !("method" in message) ||
    message.method !== acp.methods.client.session.update
  )
    return false;
  const params = message.params as
    { update?: { sessionUpdate?: unknown; content?: { type?: unknown; text?: unknown } } } | undefined;
  const update = params?.update;
  const content = update?.content;
  return (
    onlyKeys(params, ["sessionId", "update"]) &&
    onlyKeys(update, ["sessionUpdate", "content", "messageId"]) &&
    CHUNK_KINDS.has(update?.sessionUpdate as string) &&
    onlyKeys(content, ["type", "text"]) &&
    content?.type === "text" &&
    typeof content.text === "string"
  );
}

function onlyKeys(value: unknown, allowed: readonly string[]): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

function tap(stream: MessageStream, events: ConnectionEvents): acp.Stream {
  const outgoing = new TransformStream<AnyMessage, AnyMessage>({
    transform(message, controller) {
      events.traffic("out", message);
      controller.enqueue(message);
    },
  });
  void outgoing.readable.pipeTo(stream.writable).catch(() => undefined);
  if ("routeIncoming" in stream) {
    // The stream frames its own input (stdio): it routes each message synchronously as it is
    // parsed, and yields to the event loop itself.
    stream.routeIncoming((message, text) => routeIncoming(message, events, text));
    return { readable: stream.readable, writable: outgoing.writable };
  }
  // A flood arrives as one large read; Web Streams then hand every message over in microtasks,
  // which would starve timers and the rest of the extension host. Yield a macrotask every slice.
  let sliceStart = performance.now();
  const incoming = new TransformStream<AnyMessage, AnyMessage>({
    async transform(message, controller) {
      if (performance.now() - sliceStart > YIELD_AFTER_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      if (!routeIncoming(message, events)) controller.enqueue(message);
    },
  });
  return { readable: stream.readable.pipeThrough(incoming), writable: outgoing.writable };
}
