/**
 * What each palette command does. Each handler is wiring: the decisions live in src/acp
 * (sessionCommands.ts, configChoices.ts, sessionOps.ts, registryAdd.ts), the work in the
 * ChatSession, the view provider or an adapter.
 */
import * as vscode from "vscode";
import { addAgentFromRegistry } from "../acp/agents/registryAdd";
import type { GitExecutable } from "../acp/checkpoints/gitExecutable";
import type { WorkspaceCheckpoints } from "../acp/checkpoints/workspaceCheckpoints";
import type { SessionHistory } from "../acp/history/sessionHistory";
import type { JournalArchive } from "../acp/journal/journalArchive";
import type { ChatSession } from "../acp/sessions/chatSession";
import { pickConfig, pickMode } from "../acp/sessions/configChoices";
import {
  clearCheckpoints,
  newSession,
  openTabInEditor,
  rebuildHistoryIndex,
  sessionMarkdown,
  tabKeyOf,
  withSession,
} from "../acp/sessions/sessionCommands";
import type { SessionManager } from "../acp/sessions/sessionManager";
import type { SessionOps } from "../acp/sessions/sessionOps";
import type { PanelWorktrees } from "../acp/worktrees/panelWorktrees";
import type { Translate } from "../shared/l10n";
import { attachCommands } from "./attachCommands";
import type { ChatViewProvider } from "./chatViewProvider";
import type { CommandHandlers } from "./commands";
import { exportConversations } from "./conversationExportCommand";
import type { EditorSessionPanels } from "./editorSessionPanels";
import { pickFromHistory } from "./historyQuickPick";
import type { VscodeHostPorts } from "./hostPorts";
import type { ReviewComments } from "./reviewComments";
import type { ReviewHunks } from "./reviewHunks";
import type { TerminalCommandLog } from "./terminalAttachments";
import { worktreeCommands } from "./worktreeHost";

export interface CommandContext {
  readonly ports: VscodeHostPorts;
  readonly manager: SessionManager;
  readonly view: ChatViewProvider;
  readonly editors: EditorSessionPanels;
  /** Fork, rename, sign out, close, reopen and delete, with the user's answers. */
  readonly ops: SessionOps;
  readonly translate: Translate;
  readonly reviewComments: ReviewComments;
  readonly reviewHunks: ReviewHunks;
  /** The extension's global storage (binary agents from the registry are installed there). */
  readonly storage: string;
  /** The workspace's checkpoints, for "Clear Checkpoints". */
  readonly checkpoints: WorkspaceCheckpoints;
  /** Every conversation of this machine (the journal), for export. */
  readonly conversationArchive: JournalArchive;
  /** Every conversation, searchable (Open Session…, Delete Session…, Rebuild History Index). */
  readonly history: SessionHistory;
  /** git by its absolute path (the checkpoints' resolver), for Source Control's diffs. */
  readonly git: () => Promise<GitExecutable>;
  /** Each terminal's last command and output, for "Add Terminal Command to Prompt". */
  readonly terminals: TerminalCommandLog;
  /** The panel's git worktrees (New Session in Worktree…, Apply to Workspace, Manage Worktrees…). */
  readonly worktrees: PanelWorktrees;
}

const FOCUS = "workbench.view.extension.acpPanel";

export function commandHandlers(context: CommandContext): CommandHandlers {
  const { manager, view, ops, ports, translate: t } = context;
  const { dialogs, logger } = ports;
  /** Commands act on the tab shown in the panel. */
  const active = (): ChatSession | undefined => manager.active;
  const showPanel = async () => void (await vscode.commands.executeCommand(FOCUS));
  const focus = async () => {
    await showPanel();
    view.post({ type: "composer/focus" });
  };
  const onSession = (action: (session: ChatSession) => Promise<void>) => withSession(active(), action, dialogs, t);
  const pickSession = (title: string) => pickFromHistory(context.history, { title, search: true });
  return {
    ...attachCommands({ view, focus, git: context.git, terminals: context.terminals }),
    ...worktreeCommands(manager, context.worktrees, ports.navigation),
    "acpPanel.focus": focus,
    "acpPanel.newSession": () => newSession(manager, ports.catalog, dialogs, t, showPanel),
    "acpPanel.openSession": async () => {
      const picked = await pickSession(t("ACP: Open Session"));
      if (!picked) return;
      await showPanel();
      await manager.openSession(picked.agent, picked.sessionId);
    },
    /** The given tab (a tab's context menu passes its `data-vscode-context`), else the active one, else a new session. */
    "acpPanel.openSessionInEditor": (arg?: unknown) =>
      openTabInEditor(manager, arg, (key) => context.editors.open(key)),
    "acpPanel.closeSession": async () => {
      const key = manager.activeTabKey;
      if (key) await ops.closeTab(key);
    },
    "acpPanel.reopenClosedTab": () => ops.reopenTab(),
    "acpPanel.deleteSession": async () => {
      const picked = await pickSession(t("ACP: Delete Session"));
      if (picked) await ops.deleteListed(context.history, picked);
    },
    // From the palette: the active tab; from the tab strip's menu: the tab given.
    "acpPanel.forkSession": (tab?: unknown) =>
      ops.fork({ list: () => context.history.list(), post: (message) => view.post(message) }, tabKeyOf(tab)),
    "acpPanel.renameSession": (tab?: unknown) => ops.renameTab(tabKeyOf(tab)),
    "acpPanel.signOut": () => ops.signOut(),
    "acpPanel.cancelTurn": () => active()?.cancel(),
    "acpPanel.restartAgent": () => active()?.restart(),
    "acpPanel.selectModel": () => onSession((s) => pickConfig(s, "model", t("Model"), dialogs, t)),
    "acpPanel.selectReasoningEffort": () =>
      onSession((s) => pickConfig(s, "thought_level", t("Reasoning effort"), dialogs, t)),
    "acpPanel.selectMode": () => onSession((s) => pickMode(s, dialogs, t)),
    "acpPanel.exportSession": async () => {
      const session = active();
      if (!session) return;
      const content = sessionMarkdown(session.store.state);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: "markdown", content }));
    },
    "acpPanel.exportConversations": () => exportConversations(context.conversationArchive, active()),
    "acpPanel.showLogs": () => ports.panel.showLogs(),
    "acpPanel.clearCheckpoints": () => clearCheckpoints(context.checkpoints, dialogs, t),
    "acpPanel.rebuildHistoryIndex": () => rebuildHistoryIndex(context.history.service, dialogs, t),
    "acpPanel.showTraffic": () => logger.showTraffic(),
    "acpPanel.managePermissionRules": () => ports.permissionRules.manage(ports.catalog.names()),
    "acpPanel.setAgentSecret": () => ports.secrets.promptAndStore(),
    "acpPanel.addAgentFromRegistry": () =>
      addAgentFromRegistry({
        dialogs,
        settings: ports.settings,
        host: ports.panel,
        translate: t,
        storage: context.storage,
      }),
    // From the comment widget (a CommentReply), its title bar (a thread) or the palette (nothing).
    "acpPanel.addReviewComment": (reply?: unknown) => context.reviewComments.add(reply),
    "acpPanel.sendReviewComments": (arg?: unknown) => context.reviewComments.send(arg),
    "acpPanel.deleteReviewComment": (comment?: unknown) => context.reviewComments.remove(comment),
    "acpPanel.keepReviewHunk": () => context.reviewHunks.keepHunk(),
  };
}
