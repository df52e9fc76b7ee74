/**
 * The status bar item: the active agent and what it is doing. A spinner while it works, a bell
 * while it waits for you (permission or form); clicking focuses the panel.
 */
import * as vscode from "vscode";
import type { PanelStore } from "../acp/sessions/panelStore";
import type { PanelState } from "../shared/wire/panelState";
import { panelStatus } from "../shared/wire/tabStatus";

export function describeForStatusBar(
  state: PanelState,
): { text: string; tooltip: string; waiting: boolean } | undefined {
  const { connection, thread } = state;
  if (connection.status === "none") return undefined;
  const agent = connection.agent;
  const title = thread.title ? ` — ${thread.title}` : "";
  const status = panelStatus(state);
  switch (status) {
    case "none":
      return undefined;
    case "starting":
      return {
        text: `$(loading~spin) ${agent}`,
        tooltip:
          connection.status === "starting" && connection.loadingSession !== undefined
            ? vscode.l10n.t("Loading the {0} session…", agent)
            : vscode.l10n.t("Starting {0}…", agent),
        waiting: false,
      };
    case "failed":
      return {
        text: `$(error) ${agent}`,
        tooltip: vscode.l10n.t("{0} failed: {1}", agent, connection.status === "failed" ? connection.message : ""),
        waiting: false,
      };
    case "waiting":
      return {
        text: `$(bell-dot) ${agent}`,
        tooltip: `${vscode.l10n.t("{0} is waiting for you ({1})", agent, thread.permissions.length + thread.forms.length)}${title}`,
        waiting: true,
      };
    case "running":
      return {
        text: `$(loading~spin) ${agent}`,
        tooltip: `${vscode.l10n.t("{0} is working", agent)}${title}`,
        waiting: false,
      };
    case "idle":
      return {
        text: `$(comment-discussion) ${agent}`,
        tooltip: `${vscode.l10n.t("{0} is ready", agent)}${title}`,
        waiting: false,
      };
  }
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
