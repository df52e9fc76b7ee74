/**
 * Composition root: builds the adapters, the services and the view provider, and registers
 * them. Nothing else lives here.
 */
import * as vscode from "vscode";
import { ChatSession } from "./acp/chatSession";
import { systemClock } from "./acp/ports";
import { ChatViewProvider } from "./vscode/chatViewProvider";
import { registerCommands } from "./vscode/commands";
import { OutputLogger } from "./vscode/outputLogger";
import { SettingsAgentCatalog } from "./vscode/settingsAgentCatalog";
import { trackTurnContextKey } from "./vscode/turnContextKey";
import { workspaceCwd } from "./vscode/workspaceCwd";
import { loginShellPath, mergePaths } from "./acp/shellEnvironment";

/** Set by activate(): stopping agents is async, and deactivate() must wait for it. */
let shutdown: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const logger = new OutputLogger();
  let shellPath: string | undefined;
  const pathValue = async () => (shellPath ??= mergePaths(process.env.PATH, await loginShellPath()));
  const catalog = new SettingsAgentCatalog(logger, () => shellPath ?? process.env.PATH);
  const session = new ChatSession({ catalog, workspace: workspaceCwd, logger, clock: systemClock, pathValue });
  session.refreshAgents();
  const view = new ChatViewProvider(context.extensionUri, session, logger, () => logger.channel.show(true));

  context.subscriptions.push(
    logger,
    view,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, view),
    trackTurnContextKey(session.store),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("acpPanel")) session.refreshAgents();
    }),
    registerCommands({
      "acpPanel.newSession": async () => {
        await vscode.commands.executeCommand("workbench.view.extension.acpPanel");
        await session.start();
      },
      "acpPanel.cancelTurn": () => session.cancel(),
      "acpPanel.showLogs": () => logger.channel.show(true),
    }),
  );
  shutdown = () => session.dispose();
}

/** Agents run in their own process groups, so they must be stopped explicitly, never orphaned. */
export function deactivate(): Promise<void> | undefined {
  return shutdown?.();
}
