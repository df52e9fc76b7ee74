/**
 * The agents' own session lists (`session/list`, following cursors) merged over the local index:
 * one call per agent with a live connection. Where the agent can archive, archived sessions are
 * asked for too (`archived: "include"`; the panel's list filters them), and a title the user gave
 * (Rename, kept locally for agents that cannot store it) wins over the agent's.
 */
import type { AgentClient } from "../client/agentClient";
import { capabilitiesOf } from "../client/agentCapabilities";
import type { SessionRecord } from "./sessionIndex";
import type { SessionListItem } from "../../shared/protocol";
import { english, type Translate } from "../../shared/l10n";
import { unstableCapabilitiesOf } from "../client/unstableSessions";
import { cleanSessionTitle } from "../../shared/sessionTitle";

const PAGE_LIMIT = 50;

export async function mergeAgentLists(
  items: Map<string, SessionListItem>,
  clients: Iterable<AgentClient | undefined>,
  records: readonly SessionRecord[],
  t: Translate = english,
): Promise<void> {
  const listed = new Set<string>();
  for (const client of clients) {
    if (!client || listed.has(client.name) || !capabilitiesOf(client.init).list) continue;
    listed.add(client.name);
    let cursor: string | undefined;
    const archive = unstableCapabilitiesOf(client.init).archive ? { archived: "include" } : {};
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
