/**
 * The history the palette and the panel show: the session list the agents and the local index
 * give (sessions/sessionManager.ts), with every kept conversation of every agent added (the
 * closed ones too, whatever the agent lists), its changed-file count and cost where known; and
 * full-text search over them, each hit named by agent and session with its snippet.
 */
import type { ConversationSummary } from "../journal/conversationArchive";
import { conversationKey } from "../journal/journalArchive";
import type { SessionListItem } from "../../shared/wire/protocol";
import type { HistoryService } from "./historyService";
import type { SnippetPart } from "./conversationText";
import { english, type Translate } from "../../shared/l10n";

export interface SessionSource {
  listSessions(): Promise<SessionListItem[]>;
  deleteSession(agent: string, sessionId: string): Promise<void>;
}

export interface SessionSearchHit {
  readonly agent: string;
  readonly sessionId: string;
  readonly rank: number;
  readonly snippet: readonly SnippetPart[];
}

export class SessionHistory {
  constructor(
    private readonly sessions: SessionSource,
    readonly service: HistoryService,
    private readonly t: Translate = english,
  ) {}

  /** Every session and kept conversation, newest first. */
  async list(): Promise<SessionListItem[]> {
    const [items, summaries] = await Promise.all([this.sessions.listSessions(), this.service.summaries()]);
    return mergeHistory(items, summaries, this.t);
  }

  /** Ranked hits, best first, for the sessions whose conversation matches `query`. */
  async search(query: string): Promise<SessionSearchHit[]> {
    const [hits, summaries] = await Promise.all([this.service.search(query), this.service.summaries()]);
    const byKey = new Map(summaries.map((s) => [s.key, s]));
    return hits.flatMap((hit) => {
      const summary = byKey.get(hit.key);
      return summary
        ? [{ agent: summary.agent, sessionId: summary.sessionId, rank: hit.rank, snippet: hit.snippet }]
        : [];
    });
  }

  /**
   * Delete Session…: on the agent's side, in the local index, and its conversation with its index
   * entries. The conversation is only set aside: the answer brings it back (Undo, within a day;
   * the agent's own copy stays deleted), true when there was one to bring back.
   */
  async delete(agent: string, sessionId: string): Promise<() => Promise<boolean>> {
    const key = conversationKey(agent, sessionId);
    await this.sessions.deleteSession(agent, sessionId);
    const summaries = await this.service.summaries();
    for (const summary of summaries.filter((s) => s.agent === agent && s.sessionId === sessionId))
      await this.service.remove(summary.key);
    return () => this.service.bringBack(key);
  }
}

export function mergeHistory(
  items: readonly SessionListItem[],
  summaries: readonly ConversationSummary[],
  t: Translate = english,
): SessionListItem[] {
  const merged = new Map(items.map((item) => [`${item.agent}\u0000${item.sessionId}`, item]));
  for (const summary of summaries) {
    const id = `${summary.agent}\u0000${summary.sessionId}`;
    const known = merged.get(id);
    const extra = {
      ...(summary.changedFiles !== undefined ? { changedFiles: summary.changedFiles } : {}),
      ...(summary.cost ? { cost: summary.cost } : {}),
    };
    if (known) {
      merged.set(id, {
        ...extra,
        ...known,
        ...(known.archived === undefined && summary.archived ? { archived: true } : {}),
      });
      continue;
    }
    merged.set(id, {
      agent: summary.agent,
      sessionId: summary.sessionId,
      cwd: summary.cwd ?? "",
      title: summary.title ?? t("Untitled session"),
      updatedAt: new Date(summary.updatedAt).toISOString(),
      status: "closed",
      ...(summary.archived ? { archived: true } : {}),
      ...extra,
    });
  }
  return [...merged.values()].sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? ""));
}
