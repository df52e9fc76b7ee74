/**
 * The chat panel: header (tabs, title, agent, config), then either the session list or the chat
 * of the active tab: its transcript (or the welcome view while no agent is started), status line,
 * plan, files changed, queued messages and composer. The transcript and the composer's draft are
 * keyed by the active tab, so each tab keeps its own draft and scroll position.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { initialPanelState } from "../../src/shared/wire/panelState";
import { focusComposer } from "../requests/composerPresence";
import { draftKeyFor, pruneDrafts } from "../composer/draftBook";
import { usePanel, useTabs } from "../host/hooks";
import { useCheckpointUi } from "../review/checkpointHooks";
import { type PanelServices, PanelServicesProvider } from "./panelServices";
import { Composer } from "../composer/Composer";
import { FilesChanged } from "../review/FilesChanged";
import { Header } from "./Header";
import { LazyTranscript } from "../transcript/LazyTranscript";
import { PlanView } from "../plan/PlanView";
import { IdPlansView } from "../plan/IdPlansView";
import { QueuedMessages } from "../composer/QueuedMessages";
import { SessionList } from "../tabs/SessionList";
import { StatusLine } from "./StatusLine";
import { WelcomeView } from "../welcome/WelcomeView";

export function App({ services }: { services: PanelServices }) {
  return (
    <PanelServicesProvider services={services}>
      <Panel />
    </PanelServicesProvider>
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
  // A tab made active that was not there when the list opened (a fork, Reopen Closed Tab) is where
  // the user goes next: its chat, not the list. The host sends such a tab first and activates it in
  // a later `tabs/state`. Another tab becoming active (one closed from the list) keeps the list.
  const tabsAtOpen = useRef<ReadonlySet<string>>(new Set());
  const tabKeys = tabs.map((tab) => tab.key).join("\u0000");
  useEffect(() => {
    if (sessionsOpen) tabsAtOpen.current = new Set(tabKeys.split("\u0000"));
    // Only when the list opens: the keys then are the ones it knew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionsOpen]);
  useEffect(() => {
    if (sessionsOpen && activeKey !== undefined && !tabsAtOpen.current.has(activeKey)) setSessionsOpen(false);
  }, [sessionsOpen, activeKey]);
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
          <Composer draftKey={tabKey} />
        </main>
      )}
    </div>
  );
}
