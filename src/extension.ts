/**
 * Composition root: builds the adapters, the services and the view provider, and registers
 * them. Nothing else lives here.
 */
import * as vscode from "vscode";
import { ChatSession } from "./acp/chatSession";
import { systemClock } from "./acp/ports";
import { ChatViewProvider } from "./vscode/chatViewProvider";
import { registerCommands } from "./vscode/commands";
import { commandHandlers } from "./vscode/commandHandlers";
import { createStatusBar } from "./vscode/statusBar";
import { PermissionRuleStore } from "./vscode/permissionRules";
import { AgentSecrets } from "./vscode/agentSecrets";
import { OutputLogger } from "./vscode/outputLogger";
import { SettingsAgentCatalog } from "./vscode/settingsAgentCatalog";
import { trackContextKeys } from "./vscode/contextKeys";
import { workspaceCwd } from "./vscode/workspaceCwd";
import { loginShellPath, mergePaths } from "./acp/shellEnvironment";
import { EditorFiles } from "./vscode/editorFiles";
import { AgentChangeWatcher } from "./vscode/agentChangeWatcher";
import { EditorNavigation } from "./vscode/editorNavigation";
import { FollowAgent } from "./vscode/followAgent";
import { TerminalMirror } from "./vscode/terminalMirror";
import { authQuickPick, consentDialogs, hiddenPanelNotifier, urlConsent } from "./vscode/userPrompts";
import { runTerminalLogin } from "./vscode/terminalLogin";

/** Set by activate(): stopping agents is async, and deactivate() must wait for it. */
let shutdown: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const logger = new OutputLogger();
  let shellPath: string | undefined;
  const pathValue = async () => (shellPath ??= mergePaths(process.env.PATH, await loginShellPath()));
  const catalog = new SettingsAgentCatalog(logger, () => shellPath ?? process.env.PATH);
  const terminals = new TerminalMirror();
  const rules = new PermissionRuleStore(context.globalState);
  const secrets = new AgentSecrets(context.secrets);
  const navigation = new EditorNavigation();
  // The notifier needs the view, which needs the session: break the cycle with a late binding.
  const panel: { view?: ChatViewProvider } = {};
  const session = new ChatSession({
    catalog,
    workspace: workspaceCwd,
    logger,
    clock: systemClock,
    pathValue,
    resolveEnv: (env) => secrets.resolveEnv(env),
    auth: { ...authQuickPick, runTerminalLogin: runTerminalLogin },
    ports: {
      files: new EditorFiles(),
      consent: consentDialogs,
      urls: urlConsent,
      permissionRules: rules,
      permissionNotifier: hiddenPanelNotifier(() => panel.view?.isVisible ?? false, () => panel.view?.reveal()),
      terminalEvents: terminals.events,
    },
  });
  session.refreshAgents();
  const follow = new FollowAgent(session.store, navigation);
  const view = new ChatViewProvider(context.extensionUri, session, logger, () => logger.channel.show(true), navigation, follow);
  panel.view = view;

  context.subscriptions.push(
    logger,
    view,
    terminals,
    navigation,
    new AgentChangeWatcher(session),
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, view),
    trackContextKeys(session.store),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("acpPanel")) session.refreshAgents();
    }),
    registerCommands(commandHandlers({ session, view, logger, catalog, rules, secrets })),
    createStatusBar(session.store),
    vscode.workspace.onDidGrantWorkspaceTrust(() => session.refreshAgents()),
  );
  shutdown = () => session.dispose();
}

/** Agents run in their own process groups, so they must be stopped explicitly, never orphaned. */
export function deactivate(): Promise<void> | undefined {
  return shutdown?.();
}
