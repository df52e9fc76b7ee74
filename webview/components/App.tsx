/**
 * The chat panel: header (tabs, title, agent, config), then either the session list or the chat
 * of the active tab: its transcript (or the welcome view while no agent is started), status line,
 * plan, files changed, queued messages and composer. The transcript and composer are keyed by the
 * active tab, so each tab keeps its own draft and scroll position.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { initialPanelState } from "../../src/shared/panelState";
import { focusComposer } from "../composerPresence";
import { draftKeyFor, pruneDrafts } from "../draftBook";
import { type PanelServices, PanelContext, useCheckpointUi, usePanel, useTabs } from "../hooks";
import { Composer } from "./Composer";
import { FilesChanged } from "./FilesChanged";
import { Header } from "./Header";
import { LazyTranscript } from "./LazyTranscript";
import { PlanView } from "./PlanView";
import { IdPlansView } from "./IdPlansView";
import { QueuedMessages } from "./QueuedMessages";
import { SessionList } from "./SessionList";
import { StatusLine } from "./StatusLine";
import { WelcomeView } from "./WelcomeView";

export function App({ services }: { services: PanelServices }) {
  return (
    <PanelContext value={services}>
      <Panel />
    </PanelContext>
  );
}

function Panel() {
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const { tabs, activeKey } = useTabs();
  const tabKey = draftKeyFor(activeKey);
  // Until the host's first snapshot the state is a placeholder: showing the welcome view (or "No
  // agent configured") then would flash it at every start-up before the tab's agent starts.
  const synced = usePanel((state) => state !== initialPanelState);
  const noAgent = usePanel((state) => state.connection.status === "none");
  const toggleSessions = useCallback(() => setSessionsOpen((open) => !open), []);
  const closeSessions = useCallback(() => {
    setSessionsOpen(false);
    // Back in the chat, the prompt box is where the user continues (it mounts on the next frame).
    requestAnimationFrame(() => focusComposer());
  }, []);

  useEffect(() => pruneDrafts(tabs.map((tab) => tab.key)), [tabs]);
  // A tab that appears and is made active (a fork, Reopen Closed Tab) is where the user goes next:
  // its chat, not the list. Another tab becoming active (one closed from the list) keeps the list.
  const knownTabs = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const before = knownTabs.current;
    knownTabs.current = new Set(tabs.map((tab) => tab.key));
    if (activeKey !== undefined && before.size > 0 && !before.has(activeKey)) setSessionsOpen(false);
  }, [tabs, activeKey]);
  // A restore card or a message edit belongs to the tab it was opened in.
  const checkpoints = useCheckpointUi();
  useEffect(() => checkpoints.reset(), [checkpoints, activeKey]);

  return (
    <div className="panel">
      <Header sessionsOpen={sessionsOpen} onToggleSessions={toggleSessions} />
      {sessionsOpen ? (
        <SessionList onClose={closeSessions} />
      ) : (
        <main className="panel-main">
          {!synced ? (
            <div className="panel-placeholder" />
          ) : noAgent ? (
            <WelcomeView />
          ) : (
            <LazyTranscript key={`log:${tabKey}`} scrollKey={tabKey} />
          )}
          <StatusLine />
          <PlanView />
          <IdPlansView />
          <FilesChanged />
          <QueuedMessages />
          <Composer key={`composer:${tabKey}`} draftKey={tabKey} />
        </main>
      )}
    </div>
  );
}
