/**
 * Who the fake agent pretends to be. A profile fixes the `initialize` answer and the session
 * features; the prompt's first word still picks the turn scenario.
 *
 *   default   the walking-skeleton agent (no load, embedded context, no config options)
 *   bub       `bub acp` over stdio (docs/reference/bub-and-lody.md §1–§3): Lody detection, sessionCapabilities
 *             {delete,close,list,resume}, loadSession, `_meta.steering`, model + reasoning_effort
 *   bub-web   Bub over HTTP/WebSocket: sessionCapabilities {delete,list} only
 *   quirks    real third-party agent habits (Q1, Q12, Q15): early updates, modes with URL ids,
 *             replay followed by available_commands_update (Q10, no exit on EOF: FAKE_AGENT_EOF)
 *   codebuddy `codebuddy --acp` (docs/reference/bub-and-lody.md §14, catalogue group G): authMethods and -32000 until
 *             `authenticate` (FAKE_AGENT_AUTH=required), config_option_update before the session/new
 *             response and commands after it, vendor update kinds, refusal for errors, a second
 *             prompt folded into the running turn, team member lanes (see codebuddy.ts)
 */
import type { StoredSession } from "./store";
import { TERMINAL_LOGIN_METHOD } from "./terminalLogin";

export type Profile = "default" | "bub" | "bub-web" | "quirks" | "codebuddy";

export interface FakeAgentOptions {
  readonly profile: Profile;
  /** FAKE_AGENT_STATE: the JSON file sessions persist in. */
  readonly statePath?: string;
  /** FAKE_AGENT_NO_MODELS: Bub reports no models, so only `reasoning_effort` is offered. */
  readonly noModels?: boolean;
  /** FAKE_AGENT_PROTOCOL_VERSION: answer this version instead of echoing the client's. */
  readonly protocolVersion?: number;
  /** FAKE_AGENT_LIST_PAGE: page size of `session/list`, with an opaque `nextCursor`. */
  readonly listPageSize?: number;
  /** FAKE_AGENT_SEED=bub: start with the catalogue's sessions (scenarios 7 and 8). */
  readonly seed?: "bub";
  /** FAKE_AGENT_LOAD_ERROR=gemini: `session/load` fails like gemini-cli 0.61 (Q15). */
  readonly loadError?: "gemini";
  /** FAKE_AGENT_NAME: agentInfo.name (default profile). */
  readonly name?: string;
  /** FAKE_AGENT_AUTH=required (codebuddy): sessions fail -32000 until `authenticate {methodId:"external"}`. */
  readonly authRequired?: boolean;
  /** FAKE_AGENT_AUTH=terminal + FAKE_AGENT_LOGIN_REPORT (default profile): one terminal auth method (terminalLogin.ts). */
  readonly terminalLoginReport?: string;
  /** FAKE_AGENT_SLOW_START=<ms>: slow `initialize` and `session/new`, config options before the result (slowStart.ts). */
  readonly slowStartMs?: number;
  /** FAKE_AGENT_MCP_ACP=1 (default profile): advertise `mcpCapabilities.acp` (MCP-over-ACP, unstable). */
  readonly mcpOverAcp?: boolean;
  /** FAKE_AGENT_SESSION_OPS=1: fork, set_title, archive, session/status and auth/status (sessionOps.ts). */
  readonly sessionOps?: boolean;
  /** FAKE_AGENT_LOGOUT=1: advertise `agentCapabilities.auth.logout` and answer `logout` with `{}`. */
  readonly logout?: boolean;
  /** FAKE_AGENT_UNSTABLE=append|override (default profile): the unstable surface (unstableSurface.ts). */
  readonly unstable?: "append" | "override";
  /**
   * FAKE_AGENT_SLOW_END=<sessionId>: a close or delete of that session lasts until a racing request
   * names the same session (and is refused), at most 10 s: a test of the race needs no timing luck.
   */
  readonly slowEndSession?: string;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv): FakeAgentOptions {
  const profile = env.FAKE_AGENT_PROFILE ?? "default";
  if (!["default", "bub", "bub-web", "quirks", "codebuddy"].includes(profile))
    throw new Error(`unknown FAKE_AGENT_PROFILE ${profile}`);
  return {
    profile: profile as Profile,
    ...(env.FAKE_AGENT_STATE ? { statePath: env.FAKE_AGENT_STATE } : {}),
    ...(env.FAKE_AGENT_NO_MODELS ? { noModels: true } : {}),
    ...(env.FAKE_AGENT_PROTOCOL_VERSION ? { protocolVersion: Number(env.FAKE_AGENT_PROTOCOL_VERSION) } : {}),
    ...(env.FAKE_AGENT_LIST_PAGE ? { listPageSize: Number(env.FAKE_AGENT_LIST_PAGE) } : {}),
    ...(env.FAKE_AGENT_SEED === "bub" ? { seed: "bub" as const } : {}),
    ...(env.FAKE_AGENT_LOAD_ERROR === "gemini" ? { loadError: "gemini" as const } : {}),
    ...(env.FAKE_AGENT_NAME ? { name: env.FAKE_AGENT_NAME } : {}),
    ...(env.FAKE_AGENT_AUTH === "required" ? { authRequired: true } : {}),
    ...(env.FAKE_AGENT_AUTH === "terminal" && env.FAKE_AGENT_LOGIN_REPORT
      ? { terminalLoginReport: env.FAKE_AGENT_LOGIN_REPORT }
      : {}),
    ...(env.FAKE_AGENT_SLOW_START ? { slowStartMs: Number(env.FAKE_AGENT_SLOW_START) } : {}),
    ...(env.FAKE_AGENT_MCP_ACP ? { mcpOverAcp: true } : {}),
    ...(env.FAKE_AGENT_SESSION_OPS ? { sessionOps: true } : {}),
    ...(env.FAKE_AGENT_LOGOUT ? { logout: true } : {}),
    ...(env.FAKE_AGENT_UNSTABLE === "append" || env.FAKE_AGENT_UNSTABLE === "override"
      ? { unstable: env.FAKE_AGENT_UNSTABLE }
      : {}),
    ...(env.FAKE_AGENT_SLOW_END ? { slowEndSession: env.FAKE_AGENT_SLOW_END } : {}),
  };
}

export const isBub = (profile: Profile) => profile === "bub" || profile === "bub-web";

/** Bub's `is_lody_client` (§1): name starts with "lody", or title is exactly "lody" (case-folded). */
export function isLodyClient(clientInfo: unknown): boolean {
  const info = (clientInfo ?? {}) as { name?: unknown; title?: unknown };
  const name = typeof info.name === "string" ? info.name.trim().toLowerCase() : "";
  const title = typeof info.title === "string" ? info.title.trim().toLowerCase() : "";
  return name.startsWith("lody") || title === "lody";
}

export function initializeResult(
  options: FakeAgentOptions,
  request: { protocolVersion?: unknown; clientInfo?: unknown },
): object {
  const protocolVersion =
    options.protocolVersion ?? (typeof request.protocolVersion === "number" ? request.protocolVersion : 1);
  switch (options.profile) {
    case "default":
      return {
        protocolVersion: options.protocolVersion ?? 1,
        agentCapabilities: {
          loadSession: false,
          promptCapabilities: { image: false, audio: false, embeddedContext: true },
          ...(options.mcpOverAcp ? { mcpCapabilities: { acp: true } } : {}),
        },
        agentInfo: { name: options.name ?? "fake-agent", title: "Fake Agent", version: "1.0.0" },
        authMethods: options.terminalLoginReport ? [TERMINAL_LOGIN_METHOD] : [],
      };
    case "bub":
    case "bub-web": {
      const lody = isLodyClient(request.clientInfo)
        ? {
            _meta: {
              lody: {
                steering: { version: 1, transport: "request", upstreamTurn: "same", configPolicy: "active" },
                subagentEvents: { version: 1 },
                sessionTitle: { version: 1 },
              },
            },
          }
        : {};
      const sessionCapabilities =
        options.profile === "bub" ? { delete: {}, close: {}, list: {}, resume: {} } : { delete: {}, list: {} };
      return {
        protocolVersion,
        agentInfo: { name: "bub", title: "Bub", version: "0.4.2" },
        agentCapabilities: {
          loadSession: true,
          mcpCapabilities: { http: true, sse: true },
          sessionCapabilities,
          ...lody,
        },
        _meta: { steering: { supported: true } },
      };
    }
    case "quirks":
      return {
        protocolVersion,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, embeddedContext: true },
          sessionCapabilities: { list: {} },
        },
        agentInfo: { name: "quirky-agent", version: "0.61.0" },
        authMethods: [],
      };
    case "codebuddy":
      // CodeBuddy 2.117.0: no agentInfo, no sessionCapabilities, four login methods even with an API key.
      return {
        protocolVersion,
        agentCapabilities: {
          promptCapabilities: { image: true, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
          loadSession: true,
          delegateToolsSupport: true,
        },
        authMethods: [
          { id: "iOA", name: "Login with iOA", description: null },
          { id: "external", name: "Login with Google/Github", description: null },
          { id: "internal", name: "Login with WeChat", description: null },
          { id: "selfhosted", name: "Login with Enterprise Domain", description: null },
        ],
      };
  }
}

const REASONING_VALUES: Array<[string, string]> = [
  ["auto", "Auto"],
  ["none", "None"],
  ["minimal", "Minimal"],
  ["low", "Low"],
  ["medium", "Medium"],
  ["high", "High"],
  ["xhigh", "Extra high"],
  ["max", "Max"],
  ["ultra", "Ultra"],
];
const MODELS = [
  { value: "openai:gpt-5", name: "GPT-5", description: "OpenAI model" },
  { value: "anthropic:claude-sonnet-4-5", name: "Claude Sonnet" },
];

/** Bub's config options for a session's stored values (§2); `model` is omitted without models. */
export function bubConfigOptions(options: FakeAgentOptions, config: Record<string, string>): object[] {
  const model = {
    type: "select",
    id: "model",
    name: "Model",
    category: "model",
    currentValue: MODELS.some((m) => m.value === config.model) ? config.model : MODELS[0]!.value,
    options: MODELS,
  };
  const effort = {
    type: "select",
    id: "reasoning_effort",
    name: "Reasoning effort",
    description: "How much reasoning effort the model should use",
    category: "thought_level",
    currentValue: config.reasoning_effort ?? "auto",
    options: REASONING_VALUES.map(([value, name]) => ({ value, name })),
  };
  return options.noModels ? [effort] : [model, effort];
}

/** The option values Bub accepts, by config id. */
export function bubConfigValues(options: FakeAgentOptions): Record<string, string[]> {
  return {
    ...(options.noModels ? {} : { model: MODELS.map((m) => m.value) }),
    reasoning_effort: REASONING_VALUES.map(([value]) => value),
  };
}

/** Q12: modes whose ids are URLs, a `permissions` category, and an option of an unknown type. */
export function quirkSessionState(config: Record<string, string>): object {
  const base = "https://agentclientprotocol.com/protocol/session-modes";
  return {
    modes: {
      currentModeId: config.mode ?? `${base}#agent`,
      availableModes: [
        { id: `${base}#agent`, name: "Agent" },
        { id: `${base}#plan`, name: "Plan" },
      ],
    },
    configOptions: quirkConfigOptions(config),
  };
}

export function quirkConfigOptions(config: Record<string, string>): object[] {
  return [
    {
      type: "select",
      id: "approval",
      name: "Approval",
      category: "permissions",
      currentValue: config.approval ?? "ask",
      options: [
        { value: "ask", name: "Ask" },
        { value: "allow_all", name: "Allow all" },
      ],
    },
    {
      type: "select",
      id: "model",
      name: "Model",
      category: "model",
      currentValue: config.model ?? "fast",
      options: [
        { group: "small", name: "Small", options: [{ value: "fast", name: "Fast" }] },
        { group: "large", name: "Large", options: [{ value: "deep", name: "Deep" }] },
      ],
    },
    { type: "slider", id: "temperature", name: "Temperature", currentValue: 0.2 },
  ];
}

/** The catalogue's stored sessions: three for `session/list` (7), `zed-session` for load (8). */
export function bubSeed(): StoredSession[] {
  return [
    {
      sessionId: "titled-session",
      cwd: "/home/dev/proj",
      title: "Fix login redirect",
      listed: true,
      config: {},
      updatedAt: "2026-08-21T10:15:30.123456+00:00",
      history: [],
    },
    {
      sessionId: "zed-session",
      cwd: "/home/dev/other",
      additionalDirectories: ["/home/dev/lib"],
      listed: true,
      config: { reasoning_effort: "high" },
      updatedAt: "2026-08-20T09:00:00.000001+00:00",
      history: [
        { sessionUpdate: "user_message_chunk", content: { type: "text", text: "HELLO" } },
        { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Hi" } },
        {
          sessionUpdate: "tool_call",
          toolCallId: "call-1",
          title: "printf ok",
          kind: "execute",
          status: "in_progress",
          rawInput: { command: "printf ok" },
        },
        {
          sessionUpdate: "tool_call_update",
          toolCallId: "call-1",
          title: "printf ok",
          status: "completed",
          rawOutput: "ok",
          content: [{ type: "content", content: { type: "text", text: "ok" } }],
        },
        {
          sessionUpdate: "tool_call",
          toolCallId: "tool-0",
          title: "Context compacting",
          kind: "other",
          status: "in_progress",
          rawInput: { name: "phase-1", summary: "done" },
          _meta: { contextCompaction: true },
        },
        {
          sessionUpdate: "tool_call_update",
          toolCallId: "tool-0",
          title: "Context compacted",
          status: "completed",
          rawOutput: "anchor added: phase-1",
          _meta: { contextCompaction: true },
        },
      ],
    },
    {
      sessionId: "untitled-session",
      cwd: "/home/dev/proj",
      listed: true,
      config: {},
      updatedAt: "2026-08-19T08:00:00.500000+00:00",
      history: [],
    },
    {
      sessionId: "empty-session",
      cwd: "/home/dev/proj",
      listed: false,
      config: {},
      updatedAt: "2026-08-18T08:00:00.000000+00:00",
      history: [],
    },
  ];
}

/** Session ids whose store access fails (`-32603 {"details":"store unavailable"}`). */
export const BROKEN_STORE_SESSION = "broken-store";
