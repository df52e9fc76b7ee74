/**
 * Composition root: builds the adapters, the services and the view provider, and registers
 * them. Nothing else lives here.
 */
import * as vscode from "vscode";
import { systemClock } from "./acp/ports";
import { SessionIndex } from "./acp/sessionIndex";
import { SessionManager } from "./acp/sessionManager";
import { loginShellPath, mergePaths } from "./acp/shellEnvironment";
import { bindActiveSession } from "./vscode/activeSession";
import { AgentChangeWatcher } from "./vscode/agentChangeWatcher";
import { AgentSecrets } from "./vscode/agentSecrets";
import { ChatViewProvider } from "./vscode/chatViewProvider";
import { commandHandlers } from "./vscode/commandHandlers";
import { registerCommands } from "./vscode/commands";
import { trackContextKeys } from "./vscode/contextKeys";
import { EditorFiles } from "./vscode/editorFiles";
import { EditorNavigation } from "./vscode/editorNavigation";
import { FollowAgent } from "./vscode/followAgent";
import { OutputLogger } from "./vscode/outputLogger";
import { PermissionRuleStore } from "./vscode/permissionRules";
import { restoreTabs, rememberTabs } from "./vscode/tabPersistence";
import { SettingsAgentCatalog } from "./vscode/settingsAgentCatalog";
import { createStatusBarItem, trackStatusBar } from "./vscode/statusBar";
import { runTerminalLogin } from "./vscode/terminalLogin";
import { TerminalMirror } from "./vscode/terminalMirror";
import { authQuickPick, consentDialogs, hiddenPanelNotifier, urlConsent } from "./vscode/userPrompts";
import { workspaceCwd } from "./vscode/workspaceCwd";

/** Set by activate(): stopping agents is async, and deactivate() must wait for it. */
let shutdown: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const logger = new OutputLogger();
  let shellPath: string | undefined;
  const pathValue = async () => (shellPath ??= mergePaths(process.env.PATH, await loginShellPath()));
  const catalog = new SettingsAgentCatalog(logger, () => shellPath ?? process.env.PATH);
  const terminals = new TerminalMirror();
  const navigation = new EditorNavigation();
  const rules = new PermissionRuleStore(context.globalState);
  const secrets = new AgentSecrets(context.secrets);
  // The notifier needs the view, which needs the manager: break the cycle with a late binding.
  const panel: { view?: ChatViewProvider } = {};
  const manager = new SessionManager({
    catalog,
    workspace: workspaceCwd,
    logger,
    clock: systemClock,
    pathValue,
    resolveEnv: (env) => secrets.resolveEnv(env),
    returnToComposer: (text) => panel.view?.post({ type: "composer/insert", text }),
    auth: { ...authQuickPick, runTerminalLogin },
    ports: {
      files: new EditorFiles(),
      consent: consentDialogs,
      urls: urlConsent,
      permissionRules: rules,
      permissionNotifier: hiddenPanelNotifier(() => panel.view?.isVisible ?? false, () => panel.view?.reveal()),
      terminalEvents: terminals.events,
    },
  }, new SessionIndex({
    read: () => context.globalState.get("acpPanel.sessionIndex", []),
    write: (records) => void context.globalState.update("acpPanel.sessionIndex", records),
  }));
  const follow = new FollowAgent(navigation);
  const view = new ChatViewProvider(context.extensionUri, manager, logger, {
    navigation,
    follow,
    showLogs: () => logger.channel.show(true),
    restore: () => restoreTabs(manager, context.workspaceState),
    catalog: () => ({
      type: "agents/catalog",
      agents: catalog.all().map((agent) => ({ name: agent.name, command: [agent.command, ...agent.args].join(" ") || (agent.url ?? ""), preset: agent.preset === true, installed: catalog.isInstalled(agent) })),
      problems: [...catalog.problems()],
    }),
  });
  panel.view = view;
  const statusItem = createStatusBarItem();

  context.subscriptions.push(
    logger,
    view,
    terminals,
    navigation,
    statusItem,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, view),
    bindActiveSession(manager, (session) => {
      const bindings = [trackStatusBar(statusItem, session.store), trackContextKeys(session.store), follow.track(session.store), new AgentChangeWatcher(session)];
      return { dispose: () => bindings.forEach((binding) => binding.dispose()) };
    }),
    rememberTabs(manager, context.workspaceState),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration("acpPanel")) return;
      manager.active?.refreshAgents();
      view.post(view.catalogMessage());
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => manager.active?.refreshAgents()),
    registerCommands(commandHandlers({ manager, view, logger, catalog, rules, secrets, storage: context.globalStorageUri })),
  );
  shutdown = () => manager.dispose();
}

/** Agents run in their own process groups, so they must be stopped explicitly, never orphaned. */
export function deactivate(): Promise<void> | undefined {
  return shutdown?.();
}
