/**
 * The history's filters, shared by the panel's list (webview/tabs/sessionRows.ts) and *Open Session…* /
 * *Delete Session…* (src/vscode/historyQuickPick.ts), so both hide and narrow the same rows:
 * archived sessions only when asked for, and one agent or all of them. Also the row's state in one
 * word, the four the issue names (running / waiting for you / ended / archived) and the rest.
 */
import type { SessionListItem } from "./protocol";

export interface HistoryFilter {
  /** Empty: every agent. */
  readonly agent: string;
  readonly showArchived: boolean;
}

export const noHistoryFilter: HistoryFilter = { agent: "", showArchived: false };

export function filterHistory<T extends Pick<SessionListItem, "agent" | "archived">>(
  rows: readonly T[],
  filter: HistoryFilter,
): T[] {
  return rows.filter(
    (row) => (filter.showArchived || row.archived !== true) && (filter.agent === "" || row.agent === filter.agent),
  );
}

/** The agents the rows name, sorted (the agent filter's choices). */
export function historyAgents(rows: readonly Pick<SessionListItem, "agent">[]): string[] {
  return [...new Set(rows.map((row) => row.agent))].sort();
}

export type HistoryState = "running" | "waiting" | "archived" | "ended" | "failed" | "open";

/** A live state wins over archived (an archived session reopened in a tab is running); a closed one "ended". */
export function historyState(item: Pick<SessionListItem, "status" | "archived">): HistoryState {
  if (item.status === "running" || item.status === "starting") return "running";
  if (item.status === "waiting") return "waiting";
  if (item.archived) return "archived";
  if (item.status === "closed") return "ended";
  if (item.status === "failed") return "failed";
  return "open";
}
