/**
 * Context keys for `when` clauses: acpPanel.turnRunning (Escape cancels), hasAgent, hasSession; and
 * for the walkthrough's completion events: sentPrompt, answeredPermission, reviewedChange (only ever
 * set true, so one tab's fresh session does not clear what another tab did).
 */
import * as vscode from "vscode";
import type { PanelStore } from "../acp/sessions/panelStore";
import { noWalkthroughProgress, walkthroughProgress } from "../shared/walkthroughProgress";

export function trackContextKeys(store: PanelStore): { dispose(): void } {
  const current = new Map<string, boolean>();
  const set = (key: string, value: boolean) => {
    if (current.get(key) === value) return;
    current.set(key, value);
    void vscode.commands.executeCommand("setContext", key, value);
  };
  let progress = noWalkthroughProgress;
  const update = () => {
    const { connection, thread } = store.state;
    set("acpPanel.turnRunning", thread.turn.phase === "running");
    set("acpPanel.hasAgent", connection.status !== "none");
    set("acpPanel.hasSession", connection.status === "ready");
    progress = walkthroughProgress(progress, thread);
    if (progress.sentPrompt) set("acpPanel.sentPrompt", true);
    if (progress.answeredPermission) set("acpPanel.answeredPermission", true);
    if (progress.reviewedChange) set("acpPanel.reviewedChange", true);
  };
  update();
  return store.subscribe(update);
}
