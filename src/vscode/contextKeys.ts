/** Context keys for `when` clauses: acpPanel.turnRunning (Escape cancels), hasAgent, hasSession. */
import * as vscode from "vscode";
import type { PanelStore } from "../acp/panelStore";

export function trackContextKeys(store: PanelStore): { dispose(): void } {
  const current = new Map<string, boolean>();
  const set = (key: string, value: boolean) => {
    if (current.get(key) === value) return;
    current.set(key, value);
    void vscode.commands.executeCommand("setContext", key, value);
  };
  const update = () => {
    const { connection, thread } = store.state;
    set("acpPanel.turnRunning", thread.turn.phase === "running");
    set("acpPanel.hasAgent", connection.status !== "none");
    set("acpPanel.hasSession", connection.status === "ready");
  };
  update();
  return store.subscribe(update);
}
