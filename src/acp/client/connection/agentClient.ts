/**
 * One connected agent: its transport, the ACP connection, the `initialize` result, and the
 * routing of its updates to sessions. Several sessions may share one agent; several agents run
 * side by side, each with its own AgentClient, isolated from one another.
 *
 * Quirk: agents send updates for a session before the response that names it (Copilot sends
 * `available_commands_update` before `session/new` returns; `session/load` replays history before
 * its response). Updates for a session nobody has attached yet are buffered, bounded, and
 * delivered when it attaches.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { AgentConnection, CLIENT_INFO, PROTOCOL_VERSION, type ClientIdentity } from "./connection";
import type { ClientCallbacks } from "./clientCallbacks";
import type { AgentDefinition } from "../../agents/agentDefinition";
import type { FailureReport } from "./agentErrors";
import type { Logger } from "../../ports";
import type { AgentTransport } from "./transports/agentTransport";
import { logJson } from "./logJson";

export interface SessionSink {
  update(update: unknown): void;
  extNotification(method: string, params: unknown): void;
}

const INITIALIZE_TIMEOUT_MS = 30_000;
const EARLY_BUFFER_LIMIT = 10_000;
const EARLY_SESSIONS_LIMIT = 64;

export interface AgentClientOptions {
  /** How long `initialize` may take before the start fails (default 30 s; tests shorten it). */
  readonly initializeTimeoutMs?: number;
}

export class AgentStartError extends Error {
  constructor(readonly report: FailureReport) {
    super(report.message);
  }
}

export class AgentClient {
  readonly connection: AgentConnection;
  /** Resolves once the agent is gone (crash, exit, lost connection), with what to tell the user. */
  readonly ended: Promise<FailureReport>;
  private initResponse: acp.InitializeResponse | undefined;
  /**
   * Settles with the `initialize` result once it is answered, or `undefined` if the handshake
   * fails or the agent ends first: for readers that may come while the agent is still starting.
   */
  readonly handshake: Promise<acp.InitializeResponse | undefined>;
  private settleHandshake: (init: acp.InitializeResponse | undefined) => void = () => undefined;
  private readonly sinks = new Map<string, SessionSink>();
  /** Every session id attached on this connection: the router refuses those no tab owns any more. */
  private readonly everAttached = new Set<string>();
  private readonly early = new Map<string, Array<[method: string | undefined, payload: unknown]>>();
  private stopping = false;
  private retired = false;
  private signingIn: Promise<unknown> | undefined;
  private shutdownPromise: Promise<void> | undefined;

  constructor(
    readonly definition: AgentDefinition,
    readonly transport: AgentTransport,
    callbacks: ClientCallbacks,
    private readonly logger: Logger,
    private readonly options: AgentClientOptions = {},
  ) {
    this.connection = new AgentConnection(
      transport.stream,
      {
        sessionUpdate: (sessionId, update) => this.route(sessionId, undefined, update),
        extNotification: (method, params) => {
          const sessionId = (params as { sessionId?: unknown } | undefined)?.sessionId;
          if (typeof sessionId === "string") this.route(sessionId, method, params);
          else logger.info(`${definition.name}: ${method} (no session) ignored`);
        },
        // A short plain chunk is logged as it came (see ConnectionEvents.traffic): the hot path of a stream.
        traffic: (direction, message, wireText) =>
          logger.traffic(direction, definition.name, (maxChars) =>
            wireText !== undefined && wireText.length <= maxChars ? wireText : logJson(message, maxChars),
          ),
      },
      callbacks,
    );
    this.ended = Promise.race([
      transport.ended,
      // stdout closes before the exit event: give the process a moment to report its exit code.
      this.connection.closed
        .then(() => raceTimeout(transport.ended, 500))
        .then(
          (report) =>
            report ?? {
              message: "The agent closed its connection but did not exit; it was stopped.",
              details: transport.description,
            },
        ),
    ]).then((report) => this.explainClose(report));
    this.handshake = new Promise((resolve) => (this.settleHandshake = resolve));
    void this.ended.then(() => this.settleHandshake(undefined));
    // A lost connection may leave the process running (it closed stdout, or we dropped it after
    // an oversized message): stop it, so nothing is orphaned.
    void this.ended.then(() => {
      this.connection.close();
      void this.shutdown();
    });
  }

  get name(): string {
    return this.definition.name;
  }

  /** The `initialize` result; throws before it is answered (see `initResult` and `handshake`). */
  get init(): acp.InitializeResponse {
    if (!this.initResponse) throw new Error("initialize() has not completed");
    return this.initResponse;
  }

  /** The `initialize` result, or `undefined` while the agent has not answered it. */
  get initResult(): acp.InitializeResponse | undefined {
    return this.initResponse;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** True once no new tab may join this process (agentProcesses.ts); the tabs on it keep it. */
  get isRetired(): boolean {
    return this.retired;
  }

  /** A terminal sign-in needs a fresh process: the next tab (or Restart) starts one. */
  retire(): void {
    this.retired = true;
  }

  /**
   * Authentication once per process: while one tab signs in, the others that need it wait for the
   * same outcome instead of asking the user again.
   */
  signInOnce<T>(run: () => Promise<T>): Promise<T> {
    const pending = this.signingIn as Promise<T> | undefined;
    if (pending) return pending;
    const signing = run();
    this.signingIn = signing;
    const done = () => {
      if (this.signingIn === signing) this.signingIn = undefined;
    };
    signing.then(done, done);
    return signing;
  }

  /** Handshake: advertises our capabilities and checks the protocol version. */
  async initialize(): Promise<acp.InitializeResponse> {
    try {
      const result = await this.handshakeOnce();
      this.settleHandshake(result);
      return result;
    } catch (error) {
      this.settleHandshake(undefined);
      throw error;
    }
  }

  private async handshakeOnce(): Promise<acp.InitializeResponse> {
    const custom = this.definition.clientInfo;
    const clientInfo: ClientIdentity = custom
      ? {
          name: custom.name,
          version: custom.version ?? CLIENT_INFO.version,
          ...(custom.title === undefined ? {} : { title: custom.title }),
        }
      : CLIENT_INFO;
    const timeoutMs = this.options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS;
    const result = await new Promise<acp.InitializeResponse>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new AgentStartError({
              message: `The agent did not answer \`initialize\` within ${timeoutMs / 1000} s.`,
              details: `${this.transport.description}\nCheck that this command speaks ACP on stdio (some agents need a flag such as --acp).`,
            }),
          ),
        timeoutMs,
      );
      const settle = (action: () => void) => {
        clearTimeout(timer);
        action();
      };
      void this.ended.then((report) => settle(() => reject(new AgentStartError(report))));
      this.connection.initialize(clientInfo).then(
        (response) => settle(() => resolve(response)),
        (error: unknown) => settle(() => reject(error)),
      );
    });
    if (result.protocolVersion !== PROTOCOL_VERSION) {
      throw new AgentStartError({
        message: `The agent speaks ACP protocol version ${String(result.protocolVersion)}; ACP Panel speaks version ${PROTOCOL_VERSION}.`,
        details: "Update the agent or ACP Panel so both speak the same version.",
      });
    }
    this.initResponse = result;
    return result;
  }

  /**
   * Delivers this session's updates to `sink`, starting with any that arrived before it attached.
   * Attach before calling `session/load`: its replay arrives before its response.
   */
  attach(sessionId: string, sink: SessionSink): { dispose(): void } {
    this.everAttached.add(sessionId);
    this.sinks.set(sessionId, sink);
    const buffered = this.early.get(sessionId);
    this.early.delete(sessionId);
    for (const [method, payload] of buffered ?? []) this.deliver(sink, method, payload);
    return { dispose: () => this.sinks.get(sessionId) === sink && this.sinks.delete(sessionId) };
  }

  /** Whether a session (or child) with this id was ever attached on this connection. */
  hasAttached(sessionId: string): boolean {
    return this.everAttached.has(sessionId);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.connection.close();
    await this.shutdown();
  }

  /** Stops the transport once, however many callers ask. */
  private shutdown(): Promise<void> {
    this.shutdownPromise ??= this.transport.stop();
    return this.shutdownPromise;
  }

  /** The SDK closes the connection on a line over its size limit; say so rather than "exited". */
  private explainClose(report: FailureReport): FailureReport {
    const reason = this.connection.closeReason;
    if (!(reason instanceof Error) || reason.name !== "MessageTooLargeError") return report;
    const limit = (reason as Error & { maxMessageBytes?: unknown }).maxMessageBytes;
    const size = typeof limit === "number" ? `${limit / (1024 * 1024)} MiB` : "size";
    return {
      message: `The agent sent a message larger than the ${size} limit, so the connection was closed.`,
      details: [reason.message, report.message, report.details].filter(Boolean).join("\n"),
    };
  }

  private route(sessionId: string, method: string | undefined, payload: unknown): void {
    const sink = this.sinks.get(sessionId);
    if (sink) {
      this.deliver(sink, method, payload);
      return;
    }
    let buffer = this.early.get(sessionId);
    if (!buffer) {
      if (this.early.size >= EARLY_SESSIONS_LIMIT) {
        this.logger.warn(
          `${this.name}: dropped an update for unknown session ${sessionId} (too many unknown sessions)`,
        );
        return;
      }
      buffer = [];
      this.early.set(sessionId, buffer);
    }
    if (buffer.length < EARLY_BUFFER_LIMIT) buffer.push([method, payload]);
  }

  private deliver(sink: SessionSink, method: string | undefined, payload: unknown): void {
    try {
      if (method === undefined) sink.update(payload);
      else sink.extNotification(method, payload);
    } catch (error) {
      // A bad update must never break the stream for the updates behind it.
      this.logger.error(
        `${this.name}: failed to apply ${method ?? "session/update"}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }
}

function timeout(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function raceTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, timeout(ms).then(() => undefined)]);
}
