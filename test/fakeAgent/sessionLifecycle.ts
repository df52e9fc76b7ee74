/**
 * The fake agent's session lifecycle, per profile: session/new (with each profile's early or late
 * notifications), session/load and session/resume, session/list (paged when asked), and
 * session/close and session/delete.
 */
import { RpcError, internalError } from "./wire";
import { BROKEN_STORE_SESSION, bubConfigOptions, isBub, quirkSessionState } from "./profiles";
import type { StoredSession } from "./store";
import { slowNewSession } from "./slowStart";
import { benchLog } from "./benchScenarios";
import { rememberMcpServers } from "./vscodeToolScenarios";
import { archiveFilter } from "./sessionOps";
import { recordSystemPrompt } from "./unstableSurface";
import { codebuddyConfigOptions, codebuddySessionState } from "./codebuddy";
import type { AgentConnection } from "./agent";

type Params = Record<string, unknown>;

export function newSession(connection: AgentConnection, params: Params): object | Promise<object> {
  if (typeof params.cwd !== "string" || !Array.isArray(params.mcpServers)) {
    throw new RpcError(-32602, "Invalid params", { cwd: params.cwd, mcpServers: params.mcpServers });
  }
  const sessionId = connection.world.nextSessionId();
  rememberMcpServers(connection.world, sessionId, params.mcpServers);
  recordSystemPrompt(connection.world, sessionId, params);
  const additional = Array.isArray(params.additionalDirectories)
    ? { additionalDirectories: params.additionalDirectories as string[] }
    : {};
  connection.world.store.update(sessionId, () => ({
    sessionId,
    cwd: params.cwd as string,
    ...additional,
    listed: true,
    config: {},
    history: [],
    updatedAt: "",
  }));
  connection.world.live.add(sessionId);
  switch (connection.world.options.profile) {
    case "bub":
    case "bub-web":
      return { sessionId, configOptions: bubConfigOptions(connection.world.options, {}) };
    case "quirks": {
      // Q1 (copilot): an update for the new session before the response that names it, another after.
      connection.peer.notify("session/update", {
        sessionId,
        update: {
          sessionUpdate: "available_commands_update",
          availableCommands: [{ name: "early", description: "Sent before session/new returned" }],
        },
      });
      commandsLater(connection, sessionId, 20, [
        { name: "init", description: "Initialise" },
        { name: "review", description: "Review changes", input: { hint: "files" } },
      ]);
      return { sessionId, ...quirkSessionState({}) };
    }
    case "codebuddy": {
      // Quirk 1: the session's config_option_update comes *before* the response that names the session.
      connection.peer.notify("session/update", {
        sessionId,
        update: { sessionUpdate: "config_option_update", configOptions: codebuddyConfigOptions({}) },
      });
      // §14: initial notifications come after the response (setTimeout 0).
      commandsLater(connection, sessionId, 0, [
        { name: "compact", description: "Compact the conversation" },
        { name: "init", description: "Create CODEBUDDY.md" },
      ]);
      return { sessionId, ...codebuddySessionState({}) };
    }
    case "default":
      return slowNewSession(
        connection.world.options.slowStartMs,
        sessionId,
        (method, params) => connection.peer.notify(method, params),
        { sessionId },
      );
  }
}

/** The session's `available_commands_update`, `ms` from now: after the response that names the session. */
function commandsLater(connection: AgentConnection, sessionId: string, ms: number, availableCommands: object[]): void {
  setTimeout(
    () =>
      connection.peer.notify("session/update", {
        sessionId,
        update: { sessionUpdate: "available_commands_update", availableCommands },
      }),
    ms,
  );
}

/** `session/load` (history replayed before the response) or `session/resume` (no replay). */
export async function reopenSession(connection: AgentConnection, params: Params, replay: boolean): Promise<object> {
  const sessionId = requireSession(params);
  if (typeof params.cwd !== "string") throw new RpcError(-32602, "Invalid params", { cwd: params.cwd });
  rememberMcpServers(connection.world, sessionId, params.mcpServers);
  recordSystemPrompt(connection.world, sessionId, params);
  if (connection.world.closing.has(sessionId)) throw new RpcError(-32600, "Invalid request", { sessionId });
  if (replay && connection.world.options.loadError === "gemini")
    throw internalError("No previous sessions found for this project.");
  if (sessionId === BROKEN_STORE_SESSION) throw internalError("store unavailable");
  const open = async () => {
    benchLog("load-request");
    // Bub adopts any id: an unknown one is created, and a closed one is listed again.
    const stored = connection.world.store.update(sessionId, (existing) => ({
      ...(existing ?? { sessionId, config: {}, history: [], updatedAt: "" }),
      cwd: params.cwd as string,
      listed: true,
    }))!;
    connection.world.live.add(sessionId);
    if (replay) {
      for (const update of stored.history) connection.peer.notify("session/update", { sessionId, update });
      // Q15: agents that replay finish with their slash commands.
      if (connection.world.options.profile === "quirks")
        connection.peer.notify("session/update", {
          sessionId,
          update: {
            sessionUpdate: "available_commands_update",
            availableCommands: [{ name: "init", description: "Initialise" }],
          },
        });
      benchLog("load-replayed");
    }
    return sessionState(connection, stored);
  };
  return isBub(connection.world.options.profile) ? connection.world.withPromptLock(open) : open();
}

function sessionState(connection: AgentConnection, stored: StoredSession): object {
  switch (connection.world.options.profile) {
    case "bub":
    case "bub-web":
      return { configOptions: bubConfigOptions(connection.world.options, stored.config) };
    case "quirks":
      return quirkSessionState(stored.config);
    case "codebuddy":
      return codebuddySessionState(stored.config);
    case "default":
      return {};
  }
}

export function listSessions(connection: AgentConnection, params: Params): object {
  const archived = connection.world.options.sessionOps ? archiveFilter(params) : () => true;
  const sessions = connection.world.store
    .list()
    .filter((session) => archived(session.archived === true))
    .map((session) => ({
      sessionId: session.sessionId,
      cwd: session.cwd,
      ...(session.additionalDirectories ? { additionalDirectories: session.additionalDirectories } : {}),
      ...(session.title ? { title: session.title } : {}),
      updatedAt: session.updatedAt,
      ...(connection.world.options.sessionOps ? { archived: session.archived === true } : {}),
    }));
  const page = connection.world.options.listPageSize;
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
export async function endSession(
  connection: AgentConnection,
  params: Params,
  how: "close" | "delete",
): Promise<object> {
  const sessionId = requireSession(params);
  const world = connection.world;
  if (world.closing.has(sessionId)) {
    world.racedEnds.get(sessionId)?.();
    throw new RpcError(-32600, "Invalid request", { sessionId });
  }
  world.closing.add(sessionId);
  try {
    world.running.get(sessionId)?.abort(how);
    // The work takes a moment; with FAKE_AGENT_SLOW_END it lasts until a racing call has been refused.
    await new Promise<void>((resolve) => {
      const held = world.options.slowEndSession === sessionId;
      const timer = setTimeout(resolve, held ? 10_000 : 30);
      if (held)
        world.racedEnds.set(sessionId, () => {
          clearTimeout(timer);
          resolve();
        });
    });
    world.racedEnds.delete(sessionId);
    world.live.delete(sessionId);
    if (how === "delete") world.store.update(sessionId, () => undefined);
    else world.store.update(sessionId, (existing) => existing && { ...existing, listed: false });
    return {};
  } finally {
    world.closing.delete(sessionId);
  }
}

/** The request's `sessionId`, or -32602. */
export function requireSession(params: Params): string {
  if (typeof params.sessionId !== "string" || params.sessionId === "")
    throw new RpcError(-32602, "Invalid params", { field: "sessionId" });
  return params.sessionId;
}
