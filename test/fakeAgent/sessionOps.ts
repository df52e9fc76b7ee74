/**
 * FAKE_AGENT_SESSION_OPS=1: the unstable session methods (issue 18 §2), on any profile that lists
 * sessions (use with `bub`): `sessionCapabilities.{fork,title,archive,status}` and
 * `auth.status`. Like claude-agent-acp, `session/fork` copies the source's stored history into a
 * new session and replays nothing; it needs the source in the store (FAKE_AGENT_STATE shares it
 * between processes). `set_title` trims (the client shows what comes back); `session/status` says
 * "open" for sessions live in this process; `auth/status` says "authenticated".
 */
import { RpcError } from "./wire";
import type { World } from "./world";

type Params = Record<string, unknown>;

export const SESSION_OPS_METHODS = new Set([
  "session/fork",
  "session/set_title",
  "session/archive",
  "session/unarchive",
  "session/status",
  "auth/status",
]);

export const sessionOpsCapabilities = {
  sessionCapabilities: { fork: {}, title: {}, archive: {}, status: {} },
  auth: { status: {} },
};

function requireId(params: Params): string {
  if (typeof params.sessionId !== "string" || params.sessionId === "")
    throw new RpcError(-32602, "Invalid params", { field: "sessionId" });
  return params.sessionId;
}

function known(world: World, sessionId: string) {
  const stored = world.store.get(sessionId);
  if (!stored) throw new RpcError(-32002, `Resource not found: ${sessionId}`, { sessionId });
  return stored;
}

export function handleSessionOp(world: World, method: string, params: Params): object {
  if (method === "auth/status")
    return { state: "authenticated", accounts: [{ id: "fake", label: "fake@example.com", active: true }] };
  const sessionId = requireId(params);
  switch (method) {
    case "session/fork": {
      if (typeof params.cwd !== "string") throw new RpcError(-32602, "Invalid params", { cwd: params.cwd });
      const source = known(world, sessionId);
      const forked = world.nextSessionId();
      world.store.update(forked, () => ({
        ...source,
        sessionId: forked,
        cwd: params.cwd as string,
        listed: true,
        archived: false,
        history: [...source.history],
        ...(source.title ? { title: `${source.title} (fork)` } : {}),
      }));
      world.live.add(forked);
      return { sessionId: forked };
    }
    case "session/set_title": {
      const title = typeof params.title === "string" ? params.title.trim() : "";
      if (title === "") throw new RpcError(-32602, "Invalid params", { title: params.title });
      known(world, sessionId);
      world.store.update(sessionId, (existing) => existing && { ...existing, title });
      return { title };
    }
    case "session/archive":
    case "session/unarchive":
      known(world, sessionId);
      world.running.get(sessionId)?.abort("close");
      if (method === "session/archive") world.live.delete(sessionId);
      world.store.update(sessionId, (existing) => existing && { ...existing, archived: method === "session/archive" });
      return {};
    default:
      known(world, sessionId);
      return { status: world.live.has(sessionId) ? "open" : "saved" };
  }
}

/** `session/list`'s `archived` filter: "exclude" (default), "include" or "only". */
export function archiveFilter(params: Params): (archived: boolean) => boolean {
  const filter = params.archived ?? "exclude";
  if (filter === "include") return () => true;
  if (filter === "only") return (archived) => archived;
  if (filter === "exclude") return (archived) => !archived;
  throw new RpcError(-32602, "Invalid params", { archived: filter });
}
