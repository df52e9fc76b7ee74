/**
 * What the tab strip shows of a tab (`TabSummary`): its title (the agent's, else the first line of
 * the first prompt), what it is doing, and the worktree it works in.
 */
import { cleanSessionTitle } from "../../shared/thread/sessionTitle";
import type { TabSummary } from "../../shared/wire/protocol";
import { panelStatus } from "../../shared/wire/tabStatus";
import { english, type Translate } from "../../shared/l10n";
import { unstableCapabilitiesOf } from "../client/session/unstableSessions";
import type { ChatSession } from "./chatSession";

export function connectionAgent(session: ChatSession): string | undefined {
  const connection = session.store.state.connection;
  return connection.status === "none" ? undefined : connection.agent;
}

export function firstPromptLine(session: ChatSession): string | undefined {
  const first = session.store.state.thread.entries.find((entry) => entry.kind === "user");
  if (first?.kind !== "user") return undefined;
  // A prompt is Markdown: the tab shows its words, not its markup.
  return cleanSessionTitle(first.text.split("\n")[0] ?? "").slice(0, 80) || undefined;
}

export function summarise(key: string, session: ChatSession, t: Translate = english): TabSummary {
  const { connection, thread } = session.store.state;
  const agent = connection.status === "none" ? undefined : connection.agent;
  const status = panelStatus(session.store.state);
  return {
    key,
    ...(agent ? { agent } : {}),
    ...(session.sessionId ? { sessionId: session.sessionId } : {}),
    title: thread.title ?? firstPromptLine(session) ?? (agent ? t("New {0} session", agent) : t("New session")),
    status,
    ...(session.sessionId && session.agentClient && unstableCapabilitiesOf(session.agentClient.init).fork
      ? { canFork: true }
      : {}),
    ...(session.worktree ? { worktree: { branch: session.worktree.branch, path: session.worktree.path } } : {}),
  };
}
