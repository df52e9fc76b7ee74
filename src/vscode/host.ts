/**
 * Composition root: builds the ports (hostPorts.ts, one adapter each), the services over them, the
 * view provider and the command handlers. It is its own bundle (dist/host.js), loaded on first need
 * by lazyHost.ts, so that activation (src/extension.ts) stays cheap. Nothing else lives here.
 */
import * as vscode from "vscode";
import { PathGrants } from "../acp/client/callbacks/pathGrants";
import { SessionIndex } from "../acp/sessions/sessionIndex";
import { SessionManager } from "../acp/sessions/sessionManager";
import { conversationJournal } from "./conversationJournal";
import { loginShellPath, mergePaths } from "../acp/platform/shellEnvironment";
import { bindActiveSession } from "./activeSession";
import { AgentChangeWatcher } from "./agentChangeWatcher";
import { createPanelWorktrees, trackWorktreeTabs, worktreeCheckpoints } from "./worktreeHost";
import { ChatViewProvider } from "./chatViewProvider";
import { EditorSessionPanels } from "./editorSessionPanels";
import { EditorPlacements } from "../acp/sessions/editorPlacements";
import { commandHandlers } from "./commandHandlers";
import type { CommandHandlers } from "./commands";
import { trackCanFork, trackContextKeys, trackReviewDiff } from "./contextKeys";
import { WorkspaceCheckpoints } from "../acp/checkpoints/workspaceCheckpoints";
import { gitResolver } from "../acp/checkpoints/gitExecutable";
import { TerminalCommandLog } from "./terminalAttachments";
import { FollowAgent } from "../acp/sessions/followAgent";
import { ReviewComments } from "./reviewComments";
import { ReviewHunks } from "./reviewHunks";
import { restoreTabs, rememberTabs, windowTabsOf } from "./tabPersistence";
import { createStatusBarItem, trackStatusBar } from "./statusBar";
import { sessionHistory as buildSessionHistory } from "./historyHost";
import { presetInstaller } from "./presetInstaller";
import { showAgentNotice } from "./agentNotices";
import { PathLinkCheck } from "../acp/context/pathLinkCheck";
import { agentCatalogMessage } from "../acp/sessions/agentCatalogMessage";
import { SessionOps } from "../acp/sessions/sessionOps";
import type { Translate } from "../shared/l10n";
import { hostPorts } from "./hostPorts";

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
  const translate: Translate = (message, ...args) => vscode.l10n.t(message, ...args);
  let shellPath: string | undefined;
  const pathValue = async () => (shellPath ??= mergePaths(process.env.PATH, await loginShellPath()));
  const pathGrants = new PathGrants();
  // The notifier needs the view, which needs the manager, which needs the ports: a late binding.
  const panel: { view?: ChatViewProvider } = {};
  const ports = hostPorts(context, { pathValue: () => shellPath ?? process.env.PATH, pathGrants, panel });
  const { logger, catalog, workspace, dialogs, navigation } = ports;
  void ports.permissionRules
    .migrate()
    .catch((error: unknown) => logger.warn(`Could not migrate permission rules: ${String(error)}`));
  // Resolved once, by an absolute path outside every workspace folder (gitExecutable.ts); the
  // checkpoints and Source Control's "Add … Diff to Prompt" share it.
  const git = gitResolver(
    () => process.env.PATH,
    () => workspace.roots(),
  );
  const terminalCommands = new TerminalCommandLog();
  context.subscriptions.push(terminalCommands);
  const storage = context.globalStorageUri.fsPath;
  const checkpoints = new WorkspaceCheckpoints({ git, storage, folders: () => workspace.roots() });
  const worktrees = createPanelWorktrees(context, git, logger);
  // The journal of every conversation (src/acp/journal/): its archive is what history, search and
  // export read; `journal.tabs` writes each tab's conversation.
  const journal = conversationJournal(context, ports.clock, logger, () => workspace.cwd(), translate);
  const windowTabs = windowTabsOf(context);
  const sessionIndex = new SessionIndex({
    read: () => context.globalState.get("acpPanel.sessionIndex", []),
    write: (records) => void context.globalState.update("acpPanel.sessionIndex", records),
  });
  const manager = new SessionManager(
    {
      checkpoints,
      worktreeCheckpoints: worktreeCheckpoints(context, git),
      worktreeOf: (cwd) => worktrees.worktreeAt(cwd),
      checkpointsEnabled: ports.settings.checkpointsEnabled,
      confirmUndo: async (question, action) => (await dialogs.confirm(question, undefined, action)) === action,
      restoreIo: ports.restoreIo,
      checkpointBudgetBytes: () => ports.settings.checkpointsMaxStorageMB() * 1024 * 1024,
      catalog,
      workspace,
      logger,
      clock: ports.clock,
      pathValue,
      storageDirectory: storage,
      resolveEnv: (env) => ports.secrets.resolveEnv(env),
      resolveHeaders: (headers) => ports.secrets.resolveHeaders(headers),
      translate,
      agentNotice: showAgentNotice,
      autoRetry: ports.settings.autoRetry,
      autoRestart: ports.settings.autoRestart,
      returnToComposer: (text) => panel.view?.post({ type: "composer/insert", text }),
      auth: ports.auth,
      ports: {
        files: ports.files,
        consent: ports.consent,
        pathGrants,
        urls: ports.urls,
        permissionRules: ports.permissionRules,
        permissionNotifier: ports.permissionNotifier,
        terminalEvents: ports.terminalEvents,
        vscodeTools: ports.vscodeTools,
      },
    },
    sessionIndex,
    journal.tabs,
  );
  const history = buildSessionHistory(context, journal.archive, manager, logger, translate);
  const follow = new FollowAgent(navigation, () => workspace.roots());
  const placements = new EditorPlacements();
  const ops = new SessionOps(manager, dialogs, translate);
  // Once per window, whichever asks first: the panel opening, or an editor tab restored after a reload.
  let restoring: Promise<boolean> | undefined;
  // After the one-time migration into the journal: a restored tab reads its conversation from it.
  const restore = () =>
    (restoring ??= journal.ready.then(() => restoreTabs(manager, context.workspaceState, windowTabs)));
  const installAgent = presetInstaller({ catalog, storage, pathValue, logger, refresh: () => refreshAgents() });
  const shared = {
    installAgent,
    pathLinks: new PathLinkCheck(() => workspace.roots(), ports.statPath),
    navigation,
    dialogs,
    host: ports.panel,
    translate,
    ops,
    workspace,
    follow,
    manager,
    history,
    logger,
    catalog: () => agentCatalogMessage(catalog, workspace.remoteName?.()),
  };
  const editors = new EditorSessionPanels(context.extensionUri, manager, logger, placements, shared, restore);
  const view = new ChatViewProvider(context.extensionUri, placements, {
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
    view,
    editors,
    reviewComments,
    statusItem,
    bindActiveSession(manager, (session) => {
      const bindings = [
        trackStatusBar(statusItem, session.store),
        trackContextKeys(session.store),
        follow.track(session.store),
        new AgentChangeWatcher(session, ports.files, ports.fileEvents),
      ];
      return { dispose: () => bindings.forEach((binding) => binding.dispose()) };
    }),
    rememberTabs(manager, context.workspaceState, windowTabs),
    trackWorktreeTabs(manager, worktrees),
    trackCanFork(manager),
    trackReviewDiff(reviewHunks),
    ports.settings.onDidChange(refreshAgents),
    vscode.workspace.onDidGrantWorkspaceTrust(() => refreshAgents()),
    vscode.workspace.onDidChangeWorkspaceFolders(() =>
      view.post({ type: "workspace/roots", roots: workspace.roots() }),
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
      ports,
      manager,
      view,
      editors,
      ops,
      translate,
      checkpoints,
      reviewComments,
      reviewHunks,
      storage,
      conversationArchive: journal.archive,
      history,
      git,
      terminals: terminalCommands,
      worktrees,
    }),
    shutdown: () => {
      // First: a reloaded window's new extension host waits for this release to claim its tabs.
      windowTabs?.release();
      return manager.dispose();
    },
  };
}
