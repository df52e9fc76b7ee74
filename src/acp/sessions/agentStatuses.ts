/**
 * `auth/status` and `session/status` (issue 18 §2), where agents advertise them: whether an agent
 * can start sessions without signing in (the header shows it), and whether a listed session is
 * in the agent's memory ("open") or only stored ("saved"; the list shows it). Both are
 * snapshots, asked for once per connection (auth) and per listing (sessions, bounded).
 */
import type { AgentClient } from "../client/connection/agentClient";
import { authStatus, sessionStatus, unstableCapabilitiesOf, type AuthState } from "../client/session/unstableSessions";

/** At most this many `session/status` requests per listing. */
export const STATUS_LOOKUPS = 30;

export class AgentStatuses {
  private readonly auth = new Map<string, AuthState>();
  private readonly asked = new WeakSet<AgentClient>();

  authOf(agent: string): AuthState | undefined {
    return this.auth.get(agent);
  }

  /** Asks a newly connected agent for `auth/status` (once per connection); `changed` when it answers. */
  refreshAuth(client: AgentClient, changed: () => void): void {
    if (this.asked.has(client) || !unstableCapabilitiesOf(client.init).authStatus) return;
    this.asked.add(client);
    authStatus(client.connection).then(
      (state) => {
        if (this.auth.get(client.name) === state) return;
        this.auth.set(client.name, state);
        changed();
      },
      () => undefined,
    );
  }

  /** `session/status` of listed sessions, through a live connection to their agent. */
  async sessionStatuses<T extends { agent: string; sessionId: string }>(
    items: readonly T[],
    clientOf: (agent: string) => AgentClient | undefined,
  ): Promise<Array<T & { agentStatus?: "open" | "saved" }>> {
    let budget = STATUS_LOOKUPS;
    return Promise.all(
      items.map(async (item) => {
        const client = clientOf(item.agent);
        if (!client || !unstableCapabilitiesOf(client.init).status || budget <= 0) return item;
        budget -= 1;
        const agentStatus = await sessionStatus(client.connection, item.sessionId).catch(() => undefined);
        return agentStatus ? { ...item, agentStatus } : item;
      }),
    );
  }
}
