/**
 * One client connection to the fake agent: the ACP methods an agent answers, whatever carries
 * them (stdio in main.ts, HTTP/WebSocket in httpServer.ts). Sessions live in the shared World,
 * so a second connection (or a restarted process, through the store file) sees them too.
 * This file dispatches; the sessions' methods are in sessionLifecycle.ts (new, load, resume, list,
 * close, delete), sessionSettings.ts (config options, modes) and prompting.ts (session/prompt).
 */
import { slowInitialize } from "./slowStart";
import { Peer, methodNotFound, type IncomingNotification, type IncomingRequest, type Outlet } from "./wire";
import { initializeResult, isBub } from "./profiles";
import type { RunningTurn, World } from "./world";
import { STEER_METHODS, handleSteer } from "./bubSteering";
import { SESSION_OPS_METHODS, handleSessionOp, sessionOpsCapabilities } from "./sessionOps";
import { handleProviders, unstableInitialize } from "./unstableSurface";
import { codebuddyAuthenticate, requireCodebuddyAuth } from "./codebuddy";
import { requireTerminalLogin } from "./terminalLogin";
import { endSession, listSessions, newSession, reopenSession } from "./sessionLifecycle";
import { setConfigOption, setMode } from "./sessionSettings";
import { answerPrompt } from "./prompting";

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
        return newSession(this, params);
      case "session/load":
        requireCodebuddyAuth(this);
        return reopenSession(this, params, true);
      case "session/resume":
        if (profile !== "bub" && !this.options.unstable) throw methodNotFound(request.method);
        return reopenSession(this, params, false);
      case "session/list":
        if (profile === "default" || profile === "codebuddy") throw methodNotFound(request.method);
        return listSessions(this, params);
      case "session/close":
        if (profile !== "bub") throw methodNotFound(request.method);
        return endSession(this, params, "close");
      case "session/delete":
        if (!isBub(profile)) throw methodNotFound(request.method);
        return endSession(this, params, "delete");
      case "session/set_config_option":
        return setConfigOption(this, params);
      case "session/set_mode":
        return setMode(this, params);
      case "session/prompt":
        requireCodebuddyAuth(this);
        return answerPrompt(this, params);
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
