/**
 * Runs `bind` for the active tab's ChatSession, and again whenever another tab becomes active:
 * the status bar, context keys, follow-agent and the change watcher always track the tab shown.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/sessions/chatSession";
import type { SessionManager } from "../acp/sessions/sessionManager";

export function bindActiveSession(
  manager: SessionManager,
  bind: (session: ChatSession) => { dispose(): void },
): vscode.Disposable {
  let current: { session: ChatSession; binding: { dispose(): void } } | undefined;
  const rebind = () => {
    const active = manager.active;
    if (current?.session === active) return;
    current?.binding.dispose();
    current = active ? { session: active, binding: bind(active) } : undefined;
  };
  rebind();
  const subscription = manager.onDidChange(rebind);
  return new vscode.Disposable(() => {
    subscription.dispose();
    current?.binding.dispose();
  });
}
