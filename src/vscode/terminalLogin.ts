/**
 * Terminal authentication: runs the agent's own command with the auth method's args and env in
 * an interactive VS Code terminal, and reports whether it exited 0.
 */
import * as vscode from "vscode";
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentDefinition } from "../acp/agents/agentDefinition";

export function runTerminalLogin(
  definition: AgentDefinition,
  authMethod: acp.AuthMethod & { type: "terminal" },
): Promise<boolean> {
  const method = authMethod as acp.AuthMethodTerminal;
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t("Sign in: {0}", definition.name),
    shellPath: definition.command,
    shellArgs: [...definition.args, ...(method.args ?? [])],
    env: { ...definition.env, ...(method.env ?? {}) },
  });
  terminal.show();
  return new Promise((resolve) => {
    const listener = vscode.window.onDidCloseTerminal((closed) => {
      if (closed !== terminal) return;
      listener.dispose();
      resolve(closed.exitStatus?.code === 0);
    });
  });
}
