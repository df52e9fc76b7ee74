/**
 * The session list, in place of the chat: every session the agents and the local index know and
 * every kept conversation (`sessions/list`, asked for with `sessions/refresh` when the view
 * opens). The search box searches the conversations' full text (`history/search`): matches come
 * first, best first, each with a snippet; rows whose title, agent or folder match follow. Each
 * row shows agent, date, state, changed files and cost where known; a filter picks one agent. Open switches to (or restores) the session's tab; Delete asks the host, which
 * confirms with the user; Close closes the session's tab; Rename asks the host for a title (the
 * agent stores it where it can, else it is kept locally); Archive/Unarchive where the agent offers
 * it, with "Show archived" to list archived sessions. Escape goes back to the chat. Each row's "…"
 * button (also right-click, Shift+F10) opens a menu of the same actions (SessionRowActions.tsx).
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useHistoryResults, useHostActions, useSessionList, useTabs } from "../host/hooks";
import { noTabs } from "../host/hostValueStore";
import { shortenPath } from "../ui/displayPaths";
import { type SessionRow, relativeTime, searchSessions, sessionRows, sessionStatusLabel } from "./sessionRows";
import { filterHistory, historyAgents } from "../../src/shared/wire/historyFilter";
import { Codicon } from "../ui/Codicon";
import { IconButton } from "../ui/IconButton";
import { SessionRowMenu, isMenuKey, useRowActions } from "./SessionRowActions";
import { t } from "../l10n";

export function SessionList({ onClose }: { onClose: () => void }) {
  const list = useSessionList();
  const tabsState = useTabs();
  const results = useHistoryResults();
  const { refreshSessions, searchHistory } = useHostActions();
  const [query, setQuery] = useState("");
  const [agent, setAgent] = useState("");
  const [showArchived, setShowArchived] = useState(false);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    refreshSessions();
    search.current?.focus();
  }, [refreshSessions]);

  const rows = useMemo(
    () => sessionRows(list?.sessions ?? [], tabsState === noTabs ? undefined : tabsState.tabs),
    [list, tabsState],
  );
  useEffect(() => {
    if (query.trim() !== "") searchHistory(query.trim());
  }, [query, searchHistory, list]);

  const agents = useMemo(() => historyAgents(rows), [rows]);
  const archivedCount = useMemo(() => rows.filter((row) => row.archived === true).length, [rows]);
  const hits = results?.query === query.trim() ? results.hits : undefined;
  const shown = useMemo(
    () => searchSessions(filterHistory(rows, { agent, showArchived }), query, hits),
    [rows, showArchived, agent, query, hits],
  );
  const now = Date.now();

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    if (event.target === search.current && query !== "") setQuery("");
    else onClose();
  };

  return (
    <main className="panel-main session-view" id="session-list-view" aria-label={t("Sessions")} onKeyDown={onKeyDown}>
      <div className="session-toolbar">
        <IconButton
          icon="arrow-left"
          label={t("Back to the chat")}
          title={t("Back to the chat (Escape)")}
          onClick={onClose}
        />
        <h2 className="session-heading">{t("Sessions")}</h2>
        <IconButton icon="refresh" label={t("Refresh sessions")} title={t("Refresh")} onClick={refreshSessions} />
      </div>
      <div className="session-search">
        <Codicon name="search" />
        <input
          ref={search}
          type="search"
          aria-label={t("Search sessions")}
          placeholder={t("Search titles, messages, replies and tool output")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {agents.length > 1 || agent !== "" ? (
        <label className="session-filter">
          {t("Agent filter")}
          <select value={agent} onChange={(event) => setAgent(event.target.value)}>
            <option value="">{t("All agents")}</option>
            {agents.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {archivedCount > 0 || showArchived ? (
        <label className="session-filter">
          <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          {t("Show archived ({0})", archivedCount)}
        </label>
      ) : null}
      <div className="session-scroll">
        {list === undefined ? (
          <p className="session-empty">
            <Codicon name="loading" spin /> {t("Loading sessions…")}
          </p>
        ) : rows.length === 0 ? (
          <p className="session-empty">{t("No sessions yet.")}</p>
        ) : shown.length === 0 ? (
          <p className="session-empty">{t("No session matches “{0}”.", query)}</p>
        ) : null}
        <ul className="session-list" role="list" aria-label={t("Session list")}>
          {shown.map((row) => (
            <SessionListRow key={row.id} row={row} now={now} onOpened={onClose} />
          ))}
        </ul>
      </div>
    </main>
  );
}

function SessionListRow({ row, now, onOpened }: { row: SessionRow; now: number; onOpened: () => void }) {
  const actions = useRowActions(row, onOpened);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const updated = relativeTime(row.updatedAt, now);
  const status = sessionStatusLabel(row.status);
  return (
    <li
      className={`session-row session-${row.status}${row.archived ? " session-archived" : ""}`}
      onContextMenu={(event) => {
        // Handled here: the workbench's own webview menu stays away (it skips a defaultPrevented event).
        event.preventDefault();
        setMenuOpen(true);
      }}
      onKeyDown={(event) => {
        if (!isMenuKey(event)) return;
        event.preventDefault();
        setMenuOpen(true);
      }}
    >
      <div className="session-main">
        <span className="session-title truncate" title={row.title}>
          {row.title}
        </span>
        {row.archived ? (
          <span className="session-archived-badge">
            <Codicon name="archive" /> {t("archived")}
          </span>
        ) : null}
        <span className={`session-status session-status-${row.status} state-label`}>
          {row.status === "running" || row.status === "starting" ? (
            <Codicon name="loading" spin />
          ) : row.status === "waiting" ? (
            <Codicon name="bell-dot" />
          ) : null}
          {status}
        </span>
        <SessionRowMenu title={row.title} actions={actions} open={menuOpen} setOpen={setMenuOpen} button={menuButton} />
      </div>
      <div className="session-meta">
        <span className="session-agent">{row.agent}</span>
        {row.cwd ? (
          <span className="session-cwd" title={row.cwd}>
            {shortenPath(row.cwd)}
          </span>
        ) : null}
        {updated ? (
          <time dateTime={row.updatedAt} title={row.updatedAt}>
            {updated}
          </time>
        ) : null}
        {row.changedFiles !== undefined ? (
          <span className="session-changes">{t("{0} files changed", row.changedFiles)}</span>
        ) : null}
        {row.cost ? (
          <span className="session-cost">
            {row.cost.amount.toFixed(2)} {row.cost.currency}
          </span>
        ) : null}
        {row.agentStatus ? (
          <span
            className="session-agent-status"
            title={t("session/status: whether the agent holds the session in memory")}
          >
            {row.agentStatus === "open" ? t("open in the agent") : t("saved")}
          </span>
        ) : null}
      </div>
      {row.snippet ? (
        <p className="session-snippet">
          {row.snippet.map((part, at) => (part.match ? <mark key={at}>{part.text}</mark> : part.text))}
        </p>
      ) : null}
      <div className="session-actions">
        {actions.map((action) => (
          <button key={action.key} type="button" className="text-button" onClick={action.run}>
            <Codicon name={action.icon} />
            {action.text}
            <span className="visually-hidden"> {row.title}</span>
          </button>
        ))}
      </div>
    </li>
  );
}
