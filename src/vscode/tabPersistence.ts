/**
 * Restoring the panel after a window reload or a restart: the open tabs (agent + session id)
 * are kept in workspace state and reopened (loaded or resumed) the next time the panel opens.
 * Drafts are UI state, kept by the webview per tab.
 */
import type * as vscode from "vscode";
import type { OpenTabRecord, SessionManager } from "../acp/sessions/sessionManager";

const KEY = "acpPanel.openTabs";

interface Saved {
  readonly tabs: OpenTabRecord[];
  readonly active?: number;
}

export function rememberTabs(manager: SessionManager, state: vscode.Memento): { dispose(): void } {
  let last = "";
  return manager.onDidChange(() => {
    const saved: Saved = manager.openTabs();
    const key = JSON.stringify(saved);
    if (key === last) return;
    last = key;
    void state.update(KEY, saved);
  });
}

/** Reopens the saved tabs; true when at least one was restored. */
export async function restoreTabs(manager: SessionManager, state: vscode.Memento): Promise<boolean> {
  const saved = state.get<Saved>(KEY);
  if (!saved?.tabs.length) return false;
  const opened = await Promise.all(
    saved.tabs.map(async (tab) => {
      const session = await manager.openSession(tab.agent, tab.sessionId);
      if (tab.queued?.length) session.restoreQueue(tab.queued);
      return session;
    }),
  );
  const active = saved.active === undefined ? undefined : opened[saved.active];
  const key = manager.summaries().find((summary) => manager.tab(summary.key) === active)?.key;
  if (key) manager.activate(key);
  return true;
}
