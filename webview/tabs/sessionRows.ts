/**
 * The session list's rows, derived: each row's live status from the tab strip (the list is
 * fetched on demand, the tabs stream), the search filter, and how paths and times are shown.
 */
import type { HostMessage, SessionListItem, TabSummary } from "../../src/shared/wire/protocol";
import { t } from "../l10n";

export interface SessionRow extends SessionListItem {
  /** Stable React key. */
  readonly id: string;
  /** Its tab is also shown in an editor tab. */
  readonly inEditor?: boolean;
  /** Where the full-text search matched its conversation (`match` parts are the matched words). */
  readonly snippet?: HistoryHits[number]["snippet"];
}

type HistoryHits = Extract<HostMessage, { type: "history/results" }>["hits"];

/**
 * The rows a search shows: the conversations whose text matched (`hits`, best first, with their
 * snippet), then the other rows whose title, agent or folder match. `hits` undefined: the host
 * has not answered this query yet, so the title filter alone stands meanwhile.
 */
export function searchSessions(
  rows: readonly SessionRow[],
  query: string,
  hits: HistoryHits | undefined,
): SessionRow[] {
  if (query.trim() === "" || hits === undefined) return filterSessions(rows, query);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = hits.flatMap((hit) => {
    const row = byId.get(`${hit.agent}\u0000${hit.sessionId}`);
    return row ? [{ ...row, snippet: hit.snippet }] : [];
  });
  const foundIds = new Set(found.map((row) => row.id));
  return [...found, ...filterSessions(rows, query).filter((row) => !foundIds.has(row.id))];
}

/**
 * Overlays the open tabs on the fetched list: a session's tab may have opened, closed or changed
 * status since. `tabs` undefined: the host has not sent the tab strip, so the list stands as sent.
 */
export function sessionRows(
  sessions: readonly SessionListItem[],
  tabs: readonly TabSummary[] | undefined,
): SessionRow[] {
  return sessions.map((item) => {
    const id = `${item.agent}\u0000${item.sessionId}`;
    if (tabs === undefined) return { ...item, id };
    const tab = tabs.find((t) => t.sessionId === item.sessionId && t.agent === item.agent);
    if (tab)
      return {
        ...item,
        id,
        status: tab.status,
        tabKey: tab.key,
        title: tab.title || item.title,
        ...(tab.inEditor ? { inEditor: true } : {}),
      };
    if (item.tabKey !== undefined && !tabs.some((t) => t.key === item.tabKey)) {
      const { tabKey: _closed, ...rest } = item;
      return { ...rest, id, status: "closed" };
    }
    return { ...item, id };
  });
}

/** Case-insensitive match of every word against title, agent and folder. */
export function filterSessions(rows: readonly SessionRow[], query: string): SessionRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = `${row.title}\n${row.agent}\n${row.cwd}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

const statusLabels: Record<SessionListItem["status"], string> = {
  starting: t("starting"),
  running: t("running"),
  waiting: t("waiting for you"),
  idle: t("idle"),
  failed: t("failed"),
  none: t("not started"),
  closed: t("ended"),
};

export function sessionStatusLabel(status: SessionListItem["status"]): string {
  return statusLabels[status];
}

const units: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/** "5 minutes ago", "yesterday", "just now"; undefined when the time is missing or unreadable. */
export function relativeTime(iso: string | undefined, now: number): string | undefined {
  if (iso === undefined) return undefined;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return undefined;
  const elapsed = now - at;
  if (Math.abs(elapsed) < 60_000) return t("just now");
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  for (const [unit, size] of units) {
    if (Math.abs(elapsed) >= size) return format.format(-Math.round(elapsed / size), unit);
  }
  return t("just now");
}
