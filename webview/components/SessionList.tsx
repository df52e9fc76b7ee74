/**
 * The session list, in place of the chat: every session the agents and the local index know
 * (`sessions/list`, asked for with `sessions/refresh` when the view opens), searchable by title,
 * agent and folder. Open switches to (or restores) the session's tab; Delete asks the host, which
 * confirms with the user; Close closes the session's tab. Escape goes back to the chat.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useHostActions, useSessionList, useTabs } from "../hooks";
import { noTabs } from "../hostValueStore";
import { shortenPath } from "../displayPaths";
import { type SessionRow, filterSessions, relativeTime, sessionRows, sessionStatusLabel } from "../sessionRows";
import { Codicon } from "./Codicon";

export function SessionList({ onClose }: { onClose: () => void }) {
  const list = useSessionList();
  const tabsState = useTabs();
  const { refreshSessions } = useHostActions();
  const [query, setQuery] = useState("");
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    refreshSessions();
    search.current?.focus();
  }, [refreshSessions]);

  const rows = useMemo(() => sessionRows(list?.sessions ?? [], tabsState === noTabs ? undefined : tabsState.tabs), [list, tabsState]);
  const shown = useMemo(() => filterSessions(rows, query), [rows, query]);
  const now = Date.now();

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    if (event.target === search.current && query !== "") setQuery("");
    else onClose();
  };

  return (
    <main className="panel-main session-view" id="session-list-view" aria-label="Sessions" onKeyDown={onKeyDown}>
      <div className="session-toolbar">
        <button type="button" className="icon-button" aria-label="Back to the chat" title="Back to the chat (Escape)" onClick={onClose}>
          <Codicon name="arrow-left" />
        </button>
        <h2 className="session-heading">Sessions</h2>
        <button type="button" className="icon-button" aria-label="Refresh sessions" title="Refresh" onClick={refreshSessions}>
          <Codicon name="refresh" />
        </button>
      </div>
      <div className="session-search">
        <Codicon name="search" />
        <input
          ref={search}
          type="search"
          aria-label="Search sessions"
          placeholder="Search by title, agent or folder"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="session-scroll">
        {list === undefined ? <p className="session-empty"><Codicon name="loading" spin /> Loading sessions…</p>
          : rows.length === 0 ? <p className="session-empty">No sessions yet.</p>
          : shown.length === 0 ? <p className="session-empty">No session matches “{query}”.</p>
          : null}
        <ul className="session-list" role="list" aria-label="Session list">
          {shown.map((row) => <SessionListRow key={row.id} row={row} now={now} onOpened={onClose} />)}
        </ul>
      </div>
    </main>
  );
}

function SessionListRow({ row, now, onOpened }: { row: SessionRow; now: number; onOpened: () => void }) {
  const { openSession, deleteSession, closeTab, openInEditor } = useHostActions();
  const updated = relativeTime(row.updatedAt, now);
  const status = sessionStatusLabel(row.status);
  const tabKey = row.tabKey;
  return (
    <li className={`session-row session-${row.status}`}>
      <div className="session-main">
        <span className="session-title" title={row.title}>{row.title}</span>
        <span className={`session-status session-status-${row.status}`}>
          {row.status === "running" || row.status === "starting" ? <Codicon name="loading" spin /> : row.status === "waiting" ? <Codicon name="bell-dot" /> : null}
          {status}
        </span>
      </div>
      <div className="session-meta">
        <span className="session-agent">{row.agent}</span>
        {row.cwd ? <span className="session-cwd" title={row.cwd}>{shortenPath(row.cwd)}</span> : null}
        {updated ? <time dateTime={row.updatedAt} title={row.updatedAt}>{updated}</time> : null}
      </div>
      <div className="session-actions">
        <button type="button" className="text-button" onClick={() => { openSession(row.agent, row.sessionId); onOpened(); }}>
          <Codicon name={tabKey ? "go-to-file" : "folder-opened"} />Open<span className="visually-hidden"> {row.title}</span>
        </button>
        {tabKey && row.inEditor ? (
          <button type="button" className="text-button" onClick={() => openInEditor(tabKey)}>
            <Codicon name="window" />Show in editor<span className="visually-hidden"> {row.title}</span>
          </button>
        ) : null}
        {tabKey ? (
          <button type="button" className="text-button" onClick={() => closeTab(tabKey)}>
            <Codicon name="close" />Close<span className="visually-hidden"> {row.title}</span>
          </button>
        ) : null}
        <button type="button" className="text-button" onClick={() => deleteSession(row.agent, row.sessionId)}>
          <Codicon name="trash" />Delete<span className="visually-hidden"> {row.title}</span>
        </button>
      </div>
    </li>
  );
}
