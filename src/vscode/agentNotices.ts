/**
 * An agent's `notice` updates, by severity (ACP: "a toast, not history"): every notice is a row in
 * the panel's timeline (a banner, kept like the rest of the conversation); a warning or an error
 * from the agent is also a VS Code toast, so it is seen with the panel hidden. Info stays a banner.
 */
import * as vscode from "vscode";
import type { AgentNotice } from "../acp/client/session/sessionContext";

export function showAgentNotice(agent: string, notice: AgentNotice): void {
  const text = notice.description
    ? vscode.l10n.t("{0}: {1} ({2})", agent, notice.title, notice.description)
    : vscode.l10n.t("{0}: {1}", agent, notice.title);
  if (notice.severity === "error") void vscode.window.showErrorMessage(text);
  else void vscode.window.showWarningMessage(text);
}
