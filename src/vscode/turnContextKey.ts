/** Keeps the `acpPanel.turnRunning` context key in step with the thread (Escape cancels a turn). */
import * as vscode from "vscode";
import type { PanelStore } from "../acp/panelStore";

export function trackTurnContextKey(store: PanelStore): vscode.Disposable {
  let running = false;
  const subscription = store.subscribe(() => {
    const now = store.state.thread.turn.phase === "running";
    if (now === running) return;
    running = now;
    void vscode.commands.executeCommand("setContext", "acpPanel.turnRunning", now);
  });
  return new vscode.Disposable(() => subscription.dispose());
}
