/**
 * The status bar item: the active agent and what it is doing. A spinner while it works, a bell
 * while it waits for you (permission or form); clicking focuses the panel.
 */
import * as vscode from "vscode";
import type { PanelStore } from "../acp/sessions/panelStore";
import type { PanelState } from "../shared/panelState";
import { isAwaitingUser, threadPhase } from "../shared/threadPhase";

export function describeForStatusBar(state: PanelState): { text: string; tooltip: string; waiting: boolean } | undefined {
  const { connection, thread } = state;
  if (connection.status === "none") return undefined;
  const agent = connection.agent;
  const title = thread.title ? ` — ${thread.title}` : "";
  const waiting = thread.permissions.length + thread.forms.length;
  if (connection.status === "starting") return { text: `$(loading~spin) ${agent}`, tooltip: connection.loadingSession === undefined ? `Starting ${agent}…` : `Loading the ${agent} session…`, waiting: false };
  if (connection.status === "failed") return { text: `$(error) ${agent}`, tooltip: `${agent} failed: ${connection.message}`, waiting: false };
  const phase = threadPhase(thread);
  if (isAwaitingUser(phase)) return { text: `$(bell-dot) ${agent}`, tooltip: `${agent} is waiting for you (${waiting})${title}`, waiting: true };
  if (phase !== "idle") return { text: `$(loading~spin) ${agent}`, tooltip: `${agent} is working${title}`, waiting: false };
  return { text: `$(comment-discussion) ${agent}`, tooltip: `${agent} is ready${title}`, waiting: false };
}

export function createStatusBarItem(): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem("acpPanel.status", vscode.StatusBarAlignment.Left, 100);
  item.name = "ACP Panel";
  item.command = "acpPanel.focus";
  return item;
}

/** Keeps `item` describing `store`'s session until disposed. */
export function trackStatusBar(item: vscode.StatusBarItem, store: PanelStore): { dispose(): void } {
  let last = "";
  const render = () => {
    const view = describeForStatusBar(store.state);
    const key = JSON.stringify(view);
    if (key === last) return;
    last = key;
    if (!view) {
      item.hide();
      return;
    }
    item.text = view.text;
    item.tooltip = view.tooltip;
    item.backgroundColor = view.waiting ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
    item.show();
  };
  render();
  return store.subscribe(render);
}
