/**
 * One client connection to the fake agent: the ACP methods an agent answers, whatever carries
 * them (stdio in main.ts, HTTP/WebSocket in httpServer.ts). Sessions live in the shared World,
 * so a second connection (or a restarted process, through the store file) sees them too.
 */
import { slowInitialize, slowNewSession } from "./slowStart";
import {
  Peer,
  RpcError,
  Unanswered,
  internalError,
  type IncomingNotification,
  type IncomingRequest,
  type Outlet,
} from "./wire";
import {
  BROKEN_STORE_SESSION,
  bubConfigOptions,
  bubConfigValues,
  initializeResult,
  isBub,
  quirkConfigOptions,
  quirkSessionState,
} from "./profiles";
import { RunningTurn, type World } from "./world";
import type { StoredSession } from "./store";
import { runTurn } from "./turn";
import { requireTerminalLogin } from "./terminalLogin";
import { benchLog } from "./benchScenarios";
import { STEER_METHODS, handleSteer, scheduleTitle } from "./bubSteering";
import { rememberMcpServers } from "./vscodeToolScenarios";
import { SESSION_OPS_METHODS, archiveFilter, handleSessionOp, sessionOpsCapabilities } from "./sessionOps";
import { handleProviders, recordSystemPrompt, unstableInitialize } from "./unstableSurface";
import {
  codebuddyAuthenticate,
  codebuddyConfigOptions,
  codebuddySessionState,
  requireCodebuddyAuth,
} from "./codebuddy";

/** What a transport lets a scenario do to it. */
export interface TransportHost {
  readonly kind: "stdio" | "http" | "websocket";
  /** Exit the process (stdio) or drop the connection (network), after writing `stderr`. */
  exit(code: number, stderr: string): void;
  /** Drop the connection mid-stream. */
  disconnect(): void;
  /** Close the output but stay alive (stdio). */
  closeOutput(): void;
}

type Params = Record<string, unknown>;

export class AgentConnection {
  readonly peer: Peer;
  clientInfo: unknown;
  clientCapabilities: Params = {};
  /** FAKE_AGENT_BEHAVIOUR=never-initialize: `initialize` is never answered. */
  neverInitialize = false;
  /** This connection's running turns (a dropped connection aborts them). */
  readonly turns = new Set<RunningTurn>();

  constructor(
    readonly world: World,
    readonly host: TransportHost,
    outlet: Outlet,
  ) {
    this.peer = new Peer(outlet, {
      request: (request) => this.handleRequest(request),
      notification: (notification) => this.handleNotification(notification),
    });
  }

  /** The transport is gone: in-flight turns are cancelled (Bub cancels the connection's handlers). */
  dispose(): void {
    for (const turn of this.turns) turn.abort("disconnected");
    this.peer.rejectAll("connection closed");
  }

  private get options() {
    return this.world.options;
  }

  private async handleRequest(request: IncomingRequest): Promise<unknown> {
    const params = (request.params ?? {}) as Params;
    const profile = this.options.profile;
    switch (request.method) {
      case "initialize":
        if (this.neverInitialize) return new Promise(() => undefined);
        this.clientInfo = params.clientInfo;
        this.clientCapabilities = (params.clientCapabilities ?? {}) as Params;
        return slowInitialize(this.options.slowStartMs, () =>
          withLogout(
            this.options.logout,
            withSessionOps(
              this.options.sessionOps,
              unstableInitialize(initializeResult(this.options, params), this.options.unstable),
            ),
          ),
        );
      case "logout":
        if (!this.options.logout) throw methodNotFound(request.method);
        return {};
      case "authenticate":
        if (profile !== "codebuddy") throw methodNotFound(request.method);
        return codebuddyAuthenticate(this, params);
      case "session/new":
        requireCodebuddyAuth(this);
        requireTerminalLogin(this.options);
        return this.newSession(params);
      case "session/load":
        requireCodebuddyAuth(this);
        return this.reopen(params, true);
      case "session/resume":
        if (profile !== "bub" && !this.options.unstable) throw methodNotFound(request.method);
        return this.reopen(params, false);
      case "session/list":
        if (profile === "default" || profile === "codebuddy") throw methodNotFound(request.method);
        return this.list(params);
      case "session/close":
        if (profile !== "bub") throw methodNotFound(request.method);
        return this.end(params, "close");
      case "session/delete":
        if (!isBub(profile)) throw methodNotFound(request.method);
        return this.end(params, "delete");
      case "session/set_config_option":
        return this.setConfigOption(params);
      case "session/set_mode":
        return this.setMode(params);
      case "session/prompt":
        requireCodebuddyAuth(this);
        return this.prompt(params);
      default: {
        if (this.options.sessionOps && SESSION_OPS_METHODS.has(request.method))
          return handleSessionOp(this.world, request.method, params);
        // Bub's steering extension methods (§8); any other `_x/y` is -32601 with its name.
        if (request.method in STEER_METHODS && isBub(profile)) return handleSteer(this, request.method, params);
        const provided = this.options.unstable ? handleProviders(this.world, request.method, params) : undefined;
        if (provided) return provided;
        throw methodNotFound(request.method);
      }
    }
  }

  private handleNotification(notification: IncomingNotification): void {
    if (notification.method === "session/cancel") {
      const sessionId = (notification.params as Params | undefined)?.sessionId;
      if (typeof sessionId === "string") this.world.running.get(sessionId)?.cancel();
    }
  }

  private newSession(params: Params): object | Promise<object> {
    if (typeof params.cwd !== "string" || !Array.isArray(params.mcpServers)) {
      throw new RpcError(-32602, "Invalid params", { cwd: params.cwd, mcpServers: params.mcpServers });
    }
    const sessionId = this.world.nextSessionId();
    rememberMcpServers(this.world, sessionId, params.mcpServers);
    recordSystemPrompt(this.world, sessionId, params);
    const additional = Array.isArray(params.additionalDirectories)
      ? { additionalDirectories: params.additionalDirectories as string[] }
      : {};
    this.world.store.update(sessionId, () => ({
      sessionId,
      cwd: params.cwd as string,
      ...additional,
      listed: true,
      config: {},
      history: [],
      updatedAt: "",
    }));
    this.world.live.add(sessionId);
    switch (this.options.profile) {
      case "bub":
      case "bub-web":
        return { sessionId, configOptions: bubConfigOptions(this.options, {}) };
      case "quirks": {
        // Q1 (copilot): an update for the new session before the response that names it, another after.
        this.peer.notify("session/update", {
          sessionId,
          update: {
            sessionUpdate: "available_commands_update",
            availableCommands: [{ name: "early", description: "Sent before session/new returned" }],
          },
        });
        this.commandsLater(sessionId, 20, [
          { name: "init", description: "Initialise" },
          { name: "review", description: "Review changes", input: { hint: "files" } },
        ]);
        return { sessionId, ...quirkSessionState({}) };
      }
      case "codebuddy": {
        // Quirk 1: the session's config_option_update comes *before* the response that names the session.
        this.peer.notify("session/update", {
          sessionId,
          update: { sessionUpdate: "config_option_update", configOptions: codebuddyConfigOptions({}) },
        });
        // §14: initial notifications come after the response (setTimeout 0).
        this.commandsLater(sessionId, 0, [
          { name: "compact", description: "Compact the conversation" },
          { name: "init", description: "Create CODEBUDDY.md" },
        ]);
        return { sessionId, ...codebuddySessionState({}) };
      }
      case "default":
        return slowNewSession(
          this.options.slowStartMs,
          sessionId,
          (method, params) => this.peer.notify(method, params),
          { sessionId },
        );
    }
  }

  /** The session's `available_commands_update`, `ms` from now: after the response that names the session. */
  private commandsLater(sessionId: string, ms: number, availableCommands: object[]): void {
    setTimeout(
      () =>
        this.peer.notify("session/update", {
          sessionId,
          update: { sessionUpdate: "available_commands_update", availableCommands },
        }),
      ms,
    );
  }

  /** `session/load` (history replayed before the response) or `session/resume` (no replay). */
  private async reopen(params: Params, replay: boolean): Promise<object> {
    const sessionId = requireSession(params);
    if (typeof params.cwd !== "string") throw new RpcError(-32602, "Invalid params", { cwd: params.cwd });
    rememberMcpServers(this.world, sessionId, params.mcpServers);
    recordSystemPrompt(this.world, sessionId, params);
    if (this.world.closing.has(sessionId)) throw new RpcError(-32600, "Invalid request", { sessionId });
    if (replay && this.options.loadError === "gemini")
      throw internalError("No previous sessions found for this project.");
    if (sessionId === BROKEN_STORE_SESSION) throw internalError("store unavailable");
    const open = async () => {
      benchLog("load-request");
      // Bub adopts any id: an unknown one is created, and a closed one is listed again.
      const stored = this.world.store.update(sessionId, (existing) => ({
        ...(existing ?? { sessionId, config: {}, history: [], updatedAt: "" }),
        cwd: params.cwd as string,
        listed: true,
      }))!;
      this.world.live.add(sessionId);
      if (replay) {
        for (const update of stored.history) this.peer.notify("session/update", { sessionId, update });
        // Q15: agents that replay finish with their slash commands.
        if (this.options.profile === "quirks")
          this.peer.notify("session/update", {
            sessionId,
            update: {
              sessionUpdate: "available_commands_update",
              availableCommands: [{ name: "init", description: "Initialise" }],
            },
          });
        benchLog("load-replayed");
      }
      return this.sessionState(stored);
    };
    return isBub(this.options.profile) ? this.world.withPromptLock(open) : open();
  }

  private sessionState(stored: StoredSession): object {
    switch (this.options.profile) {
      case "bub":
      case "bub-web":
        return { configOptions: bubConfigOptions(this.options, stored.config) };
      case "quirks":
        return quirkSessionState(stored.config);
      case "codebuddy":
        return codebuddySessionState(stored.config);
      case "default":
        return {};
    }
  }

  private list(params: Params): object {
    const archived = this.options.sessionOps ? archiveFilter(params) : () => true;
    const sessions = this.world.store
      .list()
      .filter((session) => archived(session.archived === true))
      .map((session) => ({
        sessionId: session.sessionId,
        cwd: session.cwd,
        ...(session.additionalDirectories ? { additionalDirectories: session.additionalDirectories } : {}),
        ...(session.title ? { title: session.title } : {}),
        updatedAt: session.updatedAt,
        ...(this.options.sessionOps ? { archived: session.archived === true } : {}),
      }));
    const page = this.options.listPageSize;
    if (!page) return { sessions };
    let offset = 0;
    if (typeof params.cursor === "string") {
      const decoded = /^page:(\d+)$/.exec(Buffer.from(params.cursor, "base64url").toString());
      if (!decoded) throw new RpcError(-32602, "Invalid params", { cursor: params.cursor });
      offset = Number(decoded[1]);
    }
    const next = offset + page;
    return {
      sessions: sessions.slice(offset, next),
      ...(next < sessions.length ? { nextCursor: Buffer.from(`page:${next}`).toString("base64url") } : {}),
    };
  }

  /** close (drops from the list, keeps history) and delete (forgets it; idempotent). */
  private async end(params: Params, how: "close" | "delete"): Promise<object> {
    const sessionId = requireSession(params);
    if (this.world.closing.has(sessionId)) throw new RpcError(-32600, "Invalid request", { sessionId });
    this.world.closing.add(sessionId);
    try {
      this.world.running.get(sessionId)?.abort(how);
      await new Promise((resolve) => setTimeout(resolve, 30)); // long enough for a racing second call to see it
      this.world.live.delete(sessionId);
      if (how === "delete") this.world.store.update(sessionId, () => undefined);
      else this.world.store.update(sessionId, (existing) => existing && { ...existing, listed: false });
      return {};
    } finally {
      this.world.closing.delete(sessionId);
    }
  }

  private setConfigOption(params: Params): object {
    const sessionId = requireSession(params);
    const { configId, value } = params;
    const profile = this.options.profile;
    if (profile === "default") throw methodNotFound("session/set_config_option");
    if (profile === "codebuddy") {
      const stored = this.world.store.update(
        sessionId,
        (existing) => existing && { ...existing, config: { ...existing.config, [String(configId)]: String(value) } },
      );
      return { configOptions: codebuddyConfigOptions(stored?.config ?? {}) };
    }
    if (profile === "quirks") {
      const stored = this.world.store.update(
        sessionId,
        (existing) => existing && { ...existing, config: { ...existing.config, [String(configId)]: String(value) } },
      );
      return { configOptions: quirkConfigOptions(stored?.config ?? {}) };
    }
    const values = bubConfigValues(this.options);
    if (typeof configId !== "string" || !(configId in values))
      throw internalError(`unknown ACP config option: ${String(configId)}`);
    if (typeof value !== "string" || !values[configId]!.includes(value))
      throw internalError(`invalid value for ACP config option ${configId}: ${String(value)}`);
    const stored = this.world.store.update(sessionId, (existing) => ({
      ...(existing ?? { sessionId, cwd: "/", listed: true, history: [], updatedAt: "" }),
      config: { ...existing?.config, [configId]: value },
    }))!;
    return { configOptions: bubConfigOptions(this.options, stored.config) };
  }

  /** Q12 (codex): `set_mode` answers `{}` and reports the change as `config_option_update` only. */
  private setMode(params: Params): object {
    const sessionId = requireSession(params);
    if (this.options.profile === "codebuddy") {
      this.world.store.update(
        sessionId,
        (existing) => existing && { ...existing, config: { ...existing.config, mode: String(params.modeId) } },
      );
      this.peer.notify("session/update", {
        sessionId,
        update: { sessionUpdate: "current_mode_update", currentModeId: String(params.modeId) },
      });
      return {};
    }
    if (this.options.profile !== "quirks") throw methodNotFound("session/set_mode");
    const stored = this.world.store.update(
      sessionId,
      (existing) =>
        existing && { ...existing, config: { ...existing.config, mode: String(params.modeId), approval: "allow_all" } },
    );
    this.peer.notify("session/update", {
      sessionId,
      update: { sessionUpdate: "config_option_update", configOptions: quirkConfigOptions(stored?.config ?? {}) },
    });
    return {};
  }

  private async prompt(params: Params): Promise<object> {
    const sessionId = requireSession(params);
    if (this.world.closing.has(sessionId)) throw new RpcError(-32600, "Invalid request", { sessionId });
    if (!this.world.store.get(sessionId)) {
      if (!isBub(this.options.profile)) throw new RpcError(-32002, `Resource not found: ${sessionId}`, { sessionId });
      this.world.store.update(sessionId, () => ({
        sessionId,
        cwd: "/",
        listed: true,
        config: {},
        history: [],
        updatedAt: "",
      }));
    }
    if (!Array.isArray(params.prompt)) {
      // CodeBuddy iterates `params.prompt` as an array: anything else fails inside the agent (-32603).
      if (this.options.profile === "codebuddy") throw internalError("params.prompt is not iterable");
      throw new RpcError(-32602, "Invalid params: prompt must be an array of content blocks");
    }
    const blocks = params.prompt as Array<{ type?: string; text?: string }>;
    const promptText = blocks.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
    if (this.options.profile === "codebuddy") {
      // §14: a prompt during a running turn is dispatched into it and answered end_turn at once.
      const running = this.world.running.get(sessionId);
      if (running && !running.ended && running.enqueueSteer({ text: promptText, settle: () => undefined })) {
        return {
          stopReason: "end_turn",
          userMessageId: `user-msg-${Date.now()}`,
          _meta: { "codebuddy.ai/outcome": "SUCCESS" },
        };
      }
      return this.runPrompt(sessionId, promptText);
    }
    const prompted = this.world.withPromptLock(() => this.runPrompt(sessionId, promptText));
    // §7: a Lody client's first turn is titled afterwards, asynchronously (also after a failure).
    void prompted.finally(() => scheduleTitle(this, sessionId, promptText)).catch(() => undefined);
    return prompted;
  }

  private async runPrompt(sessionId: string, promptText: string): Promise<object> {
    const turn = new RunningTurn();
    this.world.running.set(sessionId, turn);
    this.turns.add(turn);
    try {
      const outcome = await Promise.race([
        runTurn(this, turn, sessionId, promptText),
        turn.whenAborted().then((reason) => ({ aborted: reason })),
      ]);
      if ("aborted" in outcome) {
        // Newer Bub SDKs answer a torn-down prompt -32800; a dropped connection gets nothing.
        if (outcome.aborted === "disconnected") throw new Unanswered();
        throw new RpcError(-32800, "Request cancelled", { sessionId });
      }
      return outcome;
    } finally {
      turn.end();
      this.turns.delete(turn);
      if (this.world.running.get(sessionId) === turn) this.world.running.delete(sessionId);
    }
  }
}

/** FAKE_AGENT_SESSION_OPS adds the unstable session capabilities to the profile's answer. */
function withSessionOps(on: boolean | undefined, result: object): object {
  if (!on) return result;
  const init = result as { agentCapabilities?: { sessionCapabilities?: object } };
  const caps = init.agentCapabilities ?? {};
  return {
    ...init,
    agentCapabilities: {
      ...caps,
      auth: sessionOpsCapabilities.auth,
      sessionCapabilities: { ...caps.sessionCapabilities, ...sessionOpsCapabilities.sessionCapabilities },
    },
  };
}

/** FAKE_AGENT_LOGOUT adds `auth.logout` to the agent's capabilities (kept beside any other `auth` field). */
function withLogout(on: boolean | undefined, result: object): object {
  if (!on) return result;
  const init = result as { agentCapabilities?: { auth?: object } };
  const caps = init.agentCapabilities ?? {};
  return { ...init, agentCapabilities: { ...caps, auth: { ...caps.auth, logout: {} } } };
}

function requireSession(params: Params): string {
  if (typeof params.sessionId !== "string" || params.sessionId === "")
    throw new RpcError(-32602, "Invalid params", { field: "sessionId" });
  return params.sessionId;
}

function methodNotFound(method: string): RpcError {
  return new RpcError(-32601, "Method not found", { method });
}
