/**
 * The session methods of ACP's unstable surface (SDK `/unstable` entry, schema 0.13): fork,
 * set_title, archive/unarchive, session/status and auth/status. The stable entry this client is
 * built on has no types for them, so they go through the connection's untyped request and every
 * answer is validated here. Each is sent only when the agent advertises it:
 *   sessionCapabilities.fork / .title / .archive / .status, and authCapabilities.status.
 */
import type * as unstable from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import type { AgentConnection } from "../connection/connection";

export interface UnstableSessionCapabilities {
  readonly fork: boolean;
  readonly title: boolean;
  readonly archive: boolean;
  readonly status: boolean;
  readonly authStatus: boolean;
}

const present = (value: unknown): boolean => value !== undefined && value !== null;

export function unstableCapabilitiesOf(init: { agentCapabilities?: unknown }): UnstableSessionCapabilities {
  const caps = (init.agentCapabilities ?? {}) as unstable.AgentCapabilities;
  const session = caps.sessionCapabilities ?? {};
  return {
    fork: present(session.fork),
    title: present(session.title),
    archive: present(session.archive) && present(session.list),
    status: present(session.status),
    authStatus: present(caps.auth?.status),
  };
}

const forkResponse = z.looseObject({
  sessionId: z.string().min(1),
  configOptions: z.unknown().optional(),
  modes: z.unknown().optional(),
});
const titleResponse = z.looseObject({ title: z.string() });
const statusResponse = z.looseObject({ status: z.string() });
const authStatusResponse = z.looseObject({ state: z.string(), accounts: z.array(z.looseObject({})).optional() });

/** `session/fork`: a new session continuing `params.sessionId`'s history (nothing is replayed). */
export async function forkSession(
  connection: AgentConnection,
  params: unstable.ForkSessionRequest,
): Promise<z.infer<typeof forkResponse>> {
  return forkResponse.parse(await connection.extRequest("session/fork", params));
}

/** `session/set_title`: the title the agent stored (it may normalise it). */
export async function setSessionTitle(connection: AgentConnection, sessionId: string, title: string): Promise<string> {
  return titleResponse.parse(
    await connection.extRequest("session/set_title", { sessionId, title } satisfies unstable.SetSessionTitleRequest),
  ).title;
}

export async function setSessionArchived(
  connection: AgentConnection,
  sessionId: string,
  archived: boolean,
): Promise<void> {
  await connection.extRequest(archived ? "session/archive" : "session/unarchive", {
    sessionId,
  } satisfies unstable.ArchiveSessionRequest);
}

/** `session/status`: "open" (in the agent's memory) or "saved"; anything else counts as "saved". */
export async function sessionStatus(connection: AgentConnection, sessionId: string): Promise<"open" | "saved"> {
  const { status } = statusResponse.parse(
    await connection.extRequest("session/status", { sessionId } satisfies unstable.SessionStatusRequest),
  );
  return status === "open" ? "open" : "saved";
}

export type AuthState = "authenticated" | "unauthenticated" | "not_required" | "unknown";

/** `auth/status`: whether sessions can start without signing in; unknown values count as "unknown". */
export async function authStatus(connection: AgentConnection): Promise<AuthState> {
  const { state } = authStatusResponse.parse(
    await connection.extRequest("auth/status", {} satisfies unstable.AuthStatusRequest),
  );
  return state === "authenticated" || state === "unauthenticated" || state === "not_required" ? state : "unknown";
}
