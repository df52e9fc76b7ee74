/**
 * The agents' own session lists (`session/list`, following cursors) merged over the local index:
 * one call per agent with a live connection. Where the agent can archive, archived sessions are
 * asked for too (`archived: "include"`; the panel's list filters them), and a title the user gave
 * (Rename, kept locally for agents that cannot store it) wins over the agent's.
 *
 * A tab restored after a reload may still be starting its agent when the list is opened: its
 * `initialize` result does not exist yet. The list waits for it (`LIST_WAIT_FOR_AGENT_MS` at
 * most, all agents at once) and leaves out an agent that has not answered by then, or failed:
 * the local index still lists its sessions, and the list never hangs on one agent.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClient } from "../client/connection/agentClient";
import type { Clock } from "../ports";
import { capabilitiesOf } from "../client/connection/agentCapabilities";
import type { SessionRecord } from "./sessionIndex";
import type { SessionListItem } from "../../shared/wire/protocol";
import { english, type Translate } from "../../shared/l10n";
import { unstableCapabilitiesOf } from "../client/session/unstableSessions";
import { cleanSessionTitle } from "../../shared/thread/sessionTitle";
import type { UnusedSessions } from "./unusedSessions";

const PAGE_LIMIT = 50;
export const LIST_WAIT_FOR_AGENT_MS = 5_000;

/** A live agent whose `initialize` was answered. */
export interface ReadyAgent {
  readonly client: AgentClient;
  readonly init: acp.InitializeResponse;
}

/** The live clients that answered `initialize`, one per agent, waiting for those still starting (bounded). */
export async function readyAgents(
  clients: Iterable<AgentClient | undefined>,
  clock: Clock,
  waitMs = LIST_WAIT_FOR_AGENT_MS,
): Promise<ReadyAgent[]> {
  const live = [...new Set(clients)].filter((client): client is AgentClient => !!client && !client.isStopping);
  const pending = live.filter((client) => !client.initResult);
  if (pending.length > 0) {
    let timer: { cancel(): void } | undefined;
    const bound = new Promise<void>((resolve) => (timer = clock.schedule(waitMs, resolve, { background: true })));
    await Promise.race([Promise.all(pending.map((client) => client.handshake)), bound]);
    timer?.cancel();
  }
  const ready = new Map<string, ReadyAgent>();
  for (const client of live) {
    const init = client.initResult;
    if (init && !client.isStopping && !ready.has(client.name)) ready.set(client.name, { client, init });
  }
  return [...ready.values()];
}

export async function mergeAgentLists(
  items: Map<string, SessionListItem>,
  agents: readonly ReadyAgent[],
  records: readonly SessionRecord[],
  t: Translate = english,
  unused?: Pick<UnusedSessions, "has">,
): Promise<void> {
  for (const { client, init } of agents) {
    if (!capabilitiesOf(init).list) continue;
    let cursor: string | undefined;
    const archive = unstableCapabilitiesOf(init).archive ? { archived: "include" } : {};
    for (let page = 0; page < PAGE_LIMIT; page++) {
      const response = await client.connection
        .listSessions({ ...(cursor ? { cursor } : {}), ...archive })
        .catch(() => undefined);
      if (!response) break;
      for (const info of response.sessions) {
        const key = `${client.name}\u0000${info.sessionId}`;
        const known = items.get(key);
        const byUser =
          records.find((r) => r.agent === client.name && r.sessionId === info.sessionId)?.titleByUser === true;
        const agentTitle = info.title ? cleanSessionTitle(info.title) || undefined : undefined;
        // One the panel opened and nobody wrote in, listed by an agent that lists empty sessions too.
        if (!known && !agentTitle && unused?.has(client.name, info.sessionId)) continue;
        const title = (byUser ? known?.title : undefined) ?? agentTitle ?? known?.title ?? t("Untitled session");
        const updatedAt = info.updatedAt ?? known?.updatedAt;
        const archived = (info as { archived?: unknown }).archived;
        items.set(key, {
          agent: client.name,
          sessionId: info.sessionId,
          cwd: info.cwd,
          title,
          status: "closed",
          ...(updatedAt ? { updatedAt } : {}),
          ...(typeof archived === "boolean" ? { archived } : {}),
        });
      }
      cursor = response.nextCursor ?? undefined;
      if (!cursor) break;
    }
  }
}
