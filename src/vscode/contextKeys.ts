/**
 * Context keys for `when` clauses: acpPanel.turnRunning (Escape cancels), hasAgent, hasSession,
 * canFork (the active tab's agent offers session/fork), canSignOut (it offers logout), reviewDiffActive (the active tab is a review
 * diff: checkpoint ↔ file, where "Keep This Change" shows); and
 * for the walkthrough's completion events: sentPrompt, answeredPermission, reviewedChange (only ever
 * set true, so one tab's fresh session does not clear what another tab did).
 */
import * as vscode from "vscode";
import type { PanelStore } from "../acp/sessions/panelStore";
import type { SessionManager } from "../acp/sessions/sessionManager";
import { noWalkthroughProgress, walkthroughProgress } from "../shared/thread/walkthroughProgress";
import type { ReviewHunks } from "./reviewHunks";

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

/**
 * `acpPanel.canFork`: the active tab's agent can fork its session (the palette offers Fork Session
 * only then); `acpPanel.canSignOut`: it advertises `agentCapabilities.auth.logout` (Sign Out of Agent);
 * `acpPanel.activeInWorktree`: the active tab works in a git worktree (the palette offers its actions).
 */
export function trackCanFork(manager: SessionManager): vscode.Disposable {
  const current = new Map<string, boolean>();
  const set = (key: string, value: boolean) => {
    if (value === current.get(key)) return;
    current.set(key, value);
    void vscode.commands.executeCommand("setContext", key, value);
  };
  const update = () => {
    const key = manager.activeTabKey;
    set("acpPanel.canFork", key !== undefined && manager.actions.canFork(key));
    set("acpPanel.canSignOut", key !== undefined && manager.actions.canSignOut(key));
    set("acpPanel.activeInWorktree", manager.active?.worktree !== undefined);
  };
  update();
  const subscription = manager.onDidChange(update);
  return new vscode.Disposable(() => subscription.dispose());
}

/** `acpPanel.reviewDiffActive`: the active editor tab is a review diff (its left side is a turn's checkpoint). */
export function trackReviewDiff(hunks: ReviewHunks): vscode.Disposable {
  let current: boolean | undefined;
  const set = (key: string, value: boolean) => {
    if (value === current) return;
    current = value;
    void vscode.commands.executeCommand("setContext", key, value);
  };
  const update = () => set("acpPanel.reviewDiffActive", hunks.reviewedPath() !== undefined);
  update();
  return vscode.Disposable.from(
    vscode.window.tabGroups.onDidChangeTabs(update),
    vscode.window.tabGroups.onDidChangeTabGroups(update),
  );
}
