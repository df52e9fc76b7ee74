/**
 * Composition root: builds the adapters, the services, the view provider and the command
 * handlers. It is its own bundle (dist/host.js), loaded on first need by lazyHost.ts, so that
 * activation (src/extension.ts) stays cheap. Nothing else lives here.
 */
import { createHash, randomBytes } from "node:crypto";
import { basename, join } from "node:path";
import * as vscode from "vscode";
import { agentIdOf } from "../acp/agents/agentIdentity";
import { PathGrants } from "../acp/client/callbacks/pathGrants";
import { systemClock } from "../acp/ports";
import { SessionIndex } from "../acp/sessions/sessionIndex";
import { WindowTabs } from "../acp/sessions/windowTabs";
import { SessionManager } from "../acp/sessions/sessionManager";
import { conversationJournal } from "./conversationJournal";
import { displayUrl } from "../acp/agents/networkPolicy";
import { loginShellPath, mergePaths } from "../acp/platform/shellEnvironment";
import { bindActiveSession } from "./activeSession";
import { AgentChangeWatcher } from "./agentChangeWatcher";
import { createPanelWorktrees, trackWorktreeTabs, worktreeCheckpoints } from "./worktreeHost";
import { AgentSecrets } from "./agentSecrets";
import { ChatViewProvider } from "./chatViewProvider";
import { EditorSessionPanels } from "./editorSessionPanels";
import { EditorPlacements } from "../acp/sessions/editorPlacements";
import type { HostMessage } from "../shared/wire/protocol";
import { commandHandlers } from "./commandHandlers";
import type { CommandHandlers } from "./commands";
import { trackCanFork, trackContextKeys, trackReviewDiff } from "./contextKeys";
import { WorkspaceCheckpoints } from "../acp/checkpoints/workspaceCheckpoints";
import { gitResolver } from "../acp/checkpoints/gitExecutable";
import { TerminalCommandLog } from "./terminalAttachments";
import { editorRestoreIo } from "./checkpointRestoreIo";
import { EditorFiles } from "./editorFiles";
import { EditorNavigation } from "./editorNavigation";
import { FollowAgent } from "./followAgent";
import { OutputLogger } from "./outputLogger";
import { PermissionRuleStore } from "./permissionRules";
import { ReviewComments } from "./reviewComments";
import { ReviewHunks } from "./reviewHunks";
import { restoreTabs, rememberTabs } from "./tabPersistence";
import { SettingsAgentCatalog } from "./settingsAgentCatalog";
import { createStatusBarItem, trackStatusBar } from "./statusBar";
import { confirmTerminalLogin, runTerminalLogin } from "./terminalLogin";
import { TerminalMirror } from "./terminalMirror";
import { authQuickPick, consentDialogs, hiddenPanelNotifier, urlConsent } from "./userPrompts";
import { workspaceCwd } from "./workspaceCwd";
import { createVscodeIntelligence } from "./vscodeIntelligence";
import { sessionHistory as buildSessionHistory } from "./historyHost";
import { remoteSettingsHint, type RemoteSettingsHint } from "../acp/agents/remoteAgentSettings";
import { installOffer } from "../acp/agents/installedPresets";
import { presetInstaller } from "./presetInstaller";
import { showAgentNotice } from "./agentNotices";
import { PathLinkCheck } from "../acp/context/pathLinkCheck";
import { statForPathLink } from "./pathLinkStat";
import { onDidChangeSettings, settings } from "./settings";

/** What the extension entry forwards to once the host is loaded. */
export interface Host {
  readonly view: vscode.WebviewViewProvider;
  /** Editor tabs showing sessions (*Open Session in Editor*), restored after a reload. */
  readonly editors: EditorSessionPanels;
  readonly commands: CommandHandlers;
  /** Stops the agents: they run in their own process groups and must never be orphaned. */
  shutdown(): Promise<void>;
}

/** Builds everything; what it owns is disposed with `context.subscriptions`. */
export function startHost(context: vscode.ExtensionContext): Host {
  const logger = new OutputLogger();
  let shellPath: string | undefined;
  const pathValue = async () => (shellPath ??= mergePaths(process.env.PATH, await loginShellPath()));
  const catalog = new SettingsAgentCatalog(
    logger,
    () => shellPath ?? process.env.PATH,
    context.globalStorageUri.fsPath,
  );
  const terminals = new TerminalMirror();
  const navigation = new EditorNavigation();
  const pathGrants = new PathGrants();
  const rules = new PermissionRuleStore(
    context.globalState,
    (name) => {
      const definition = catalog.definition(name);
      return definition && agentIdOf(definition);
    },
    pathGrants,
  );
  void rules.migrate().catch((error: unknown) => logger.warn(`Could not migrate permission rules: ${String(error)}`));
  const secrets = new AgentSecrets(context.secrets);
  // The notifier needs the view, which needs the manager: break the cycle with a late binding.
  const panel: { view?: ChatViewProvider } = {};
  const editorFiles = new EditorFiles();
  const intelligence = createVscodeIntelligence();
  context.subscriptions.push(intelligence);
  // Resolved once, by an absolute path outside every workspace folder (gitExecutable.ts); the
  // checkpoints and Source Control's "Add … Diff to Prompt" share it.
  const git = gitResolver(
    () => process.env.PATH,
    () => workspaceCwd.roots(),
  );
  const terminalCommands = new TerminalCommandLog();
  context.subscriptions.push(terminalCommands);
  const checkpoints = new WorkspaceCheckpoints({
    git,
    storage: context.globalStorageUri.fsPath,
    folders: () => workspaceCwd.roots(),
  });
  const worktrees = createPanelWorktrees(context, git, logger);
  // The journal of every conversation (src/acp/journal/): `conversationArchive` is what history,
  // search and export read; `journal.tabs` writes each tab's conversation.
  const journal = conversationJournal(
    context,
    systemClock,
    logger,
    () => workspaceCwd.cwd(),
    (message, ...args) => vscode.l10n.t(message, ...args),
  );
  const conversationArchive = journal.archive;
  // Each window's open tabs, per workspace in global storage: not in `storageUri`, which VS Code
  // gives a second window of the same workspace a folder of its own ("…-1"), nor the same one again
  // after a reload for sure. None without a workspace (workspace state only, as before).
  const workspaceIdentity =
    vscode.workspace.workspaceFile?.toString() ??
    vscode.workspace.workspaceFolders?.map((folder) => folder.uri.toString()).join("\n");
  const windowTabs = workspaceIdentity
    ? new WindowTabs({
        dir: join(
          context.globalStorageUri.fsPath,
          "window-tabs",
          createHash("sha256").update(workspaceIdentity).digest("hex").slice(0, 16),
        ),
        id: `${process.pid.toString(36)}-${randomBytes(4).toString("hex")}`,
        pid: process.pid,
        now: () => systemClock.now(),
      })
    : undefined;
  const sessionIndex = new SessionIndex({
    read: () => context.globalState.get("acpPanel.sessionIndex", []),
    write: (records) => void context.globalState.update("acpPanel.sessionIndex", records),
  });
  const manager = new SessionManager(
    {
      checkpoints,
      worktreeCheckpoints: worktreeCheckpoints(context, git),
      worktreeOf: (cwd) => worktrees.worktreeAt(cwd),
      checkpointsEnabled: settings.checkpointsEnabled,
      confirmUndo: async (question, action) =>
        (await vscode.window.showWarningMessage(question, { modal: true }, action)) === action,
      restoreIo: editorRestoreIo(editorFiles),
      checkpointBudgetBytes: () => settings.checkpointsMaxStorageMB() * 1024 * 1024,
      catalog,
      workspace: workspaceCwd,
      logger,
      clock: systemClock,
      pathValue,
      storageDirectory: context.globalStorageUri.fsPath,
      resolveEnv: (env) => secrets.resolveEnv(env),
      resolveHeaders: (headers) => secrets.resolveHeaders(headers),
      translate: (message, ...args) => vscode.l10n.t(message, ...args),
      agentNotice: showAgentNotice,
      autoRetry: settings.autoRetry,
      returnToComposer: (text) => panel.view?.post({ type: "composer/insert", text }),
      auth: { ...authQuickPick, confirmTerminalLogin, runTerminalLogin },
      ports: {
        files: editorFiles,
        consent: consentDialogs,
        pathGrants,
        urls: urlConsent,
        permissionRules: rules,
        permissionNotifier: hiddenPanelNotifier(
          () => panel.view?.isVisible ?? false,
          () => void panel.view?.focusRequest(),
        ),
        terminalEvents: terminals.events,
        vscodeTools: {
          intelligence,
          bridgeScript: vscode.Uri.joinPath(context.extensionUri, "dist", "mcpBridge.js").fsPath,
          enabled: settings.vscodeTools,
        },
      },
    },
    sessionIndex,
    journal.tabs,
  );
  const sessionHistory = buildSessionHistory(context, conversationArchive, manager, logger, (message, ...args) =>
    vscode.l10n.t(message, ...args),
  );
  const follow = new FollowAgent(navigation, workspaceCwd.roots);
  const placements = new EditorPlacements();
  // Once per window, whichever asks first: the panel opening, or an editor tab restored after a reload.
  let restoring: Promise<boolean> | undefined;
  // After the one-time migration into the journal: a restored tab reads its conversation from it.
  const restore = () =>
    (restoring ??= journal.ready.then(() => restoreTabs(manager, context.workspaceState, windowTabs)));
  const installAgent = presetInstaller({
    catalog,
    storage: context.globalStorageUri.fsPath,
    pathValue,
    logger,
    refresh: () => refreshAgents(),
  });
  const shared = {
    installAgent,
    pathLinks: new PathLinkCheck(workspaceCwd.roots, statForPathLink),
    navigation,
    follow,
    manager,
    history: sessionHistory,
    logger,
    showLogs: () => logger.channel.show(true),
    catalog: (): HostMessage => ({
      type: "agents/catalog",
      agents: catalog.all().map((agent) => ({
        name: agent.name,
        // An installed preset's program lives deep in the storage: its name says enough.
        command:
          [agent.managed ? basename(agent.command) : agent.command, ...agent.args].join(" ") ||
          displayUrl(agent.url ?? ""),
        preset: agent.preset === true,
        installed: catalog.isInstalled(agent),
        ...(agent.managed ? { managed: true } : {}),
        ...optionalField("install", installOffer(agent)),
      })),
      problems: [...catalog.problems()],
      ...remoteHintField(
        remoteSettingsHint(vscode.env.remoteName, catalog.all().filter((agent) => !agent.preset).length),
      ),
    }),
  };
  const editors = new EditorSessionPanels(context.extensionUri, manager, logger, placements, shared, restore);
  const view = new ChatViewProvider(context.extensionUri, manager, logger, placements, {
    ...shared,
    restore,
    openInEditor: (key) => editors.open(key),
  });
  panel.view = view;
  /** Every tab's agent picker and the first-run catalog, after settings or PATH changed. */
  const refreshAgents = () => {
    for (const { key } of manager.summaries()) manager.tab(key)?.refreshAgents();
    view.post(view.catalogMessage());
  };
  const statusItem = createStatusBarItem();
  const reviewComments = new ReviewComments(() => manager.active, navigation);
  const reviewHunks = new ReviewHunks(() => manager.active, navigation);

  context.subscriptions.push(
    logger,
    view,
    editors,
    terminals,
    navigation,
    reviewComments,
    statusItem,
    bindActiveSession(manager, (session) => {
      const bindings = [
        trackStatusBar(statusItem, session.store),
        trackContextKeys(session.store),
        follow.track(session.store),
        new AgentChangeWatcher(session, editorFiles),
      ];
      return { dispose: () => bindings.forEach((binding) => binding.dispose()) };
    }),
    rememberTabs(manager, context.workspaceState, windowTabs),
    trackWorktreeTabs(manager, worktrees),
    trackCanFork(manager),
    trackReviewDiff(reviewHunks),
    onDidChangeSettings(refreshAgents),
    vscode.workspace.onDidGrantWorkspaceTrust(() => refreshAgents()),
    vscode.workspace.onDidChangeWorkspaceFolders(() =>
      view.post({ type: "workspace/roots", roots: workspaceCwd.roots() }),
    ),
  );
  // Presets count as installed when found on the login shell's PATH too (VS Code started from a
  // desktop icon has a minimal PATH): once it is known, every tab's picker and the catalog learn it.
  void pathValue().then(refreshAgents, (error: unknown) =>
    logger.warn(`Could not read the login shell's PATH: ${String(error)}`),
  );
  return {
    view,
    editors,
    commands: commandHandlers({
      manager,
      view,
      editors,
      logger,
      catalog,
      rules,
      secrets,
      checkpoints,
      reviewComments,
      reviewHunks,
      storage: context.globalStorageUri,
      conversationArchive,
      history: sessionHistory,
      git,
      terminals: terminalCommands,
      worktrees,
      navigation,
    }),
    shutdown: () => {
      // First: a reloaded window's new extension host waits for this release to claim its tabs.
      windowTabs?.release();
      return manager.dispose();
    },
  };
}

function optionalField<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function remoteHintField(hint: RemoteSettingsHint | undefined): { remote?: RemoteSettingsHint } {
  return hint ? { remote: hint } : {};
}
