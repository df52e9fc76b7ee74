/**
 * What each palette command does. Each handler is small: the work lives in the ChatSession, the
 * view provider or an adapter.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/sessions/chatSession";
import type { SessionManager } from "../acp/sessions/sessionManager";
import { confirmDelete, offerUndoDelete } from "./panelMessages";
import type { ConfigOption } from "../shared/thread/sessionUpdate";
import { threadToMarkdown } from "../shared/thread/threadMarkdown";
import type { CommandHandlers } from "./commands";
import type { ChatViewProvider } from "./chatViewProvider";
import type { EditorSessionPanels } from "./editorSessionPanels";
import type { OutputLogger } from "./outputLogger";
import type { PermissionRuleStore } from "./permissionRules";
import type { SettingsAgentCatalog } from "./settingsAgentCatalog";
import type { AgentSecrets } from "./agentSecrets";
import type { ReviewComments } from "./reviewComments";
import type { ReviewHunks } from "./reviewHunks";
import { addAgentFromRegistry } from "./registryCommand";
import { forkTab, renameTab, signOutTab } from "./sessionOpsCommands";
import { closeTab, reopenTab } from "./tabCloseCommands";
import { exportConversations } from "./conversationExportCommand";
import type { JournalArchive } from "../acp/journal/journalArchive";
import type { WorkspaceCheckpoints } from "../acp/checkpoints/workspaceCheckpoints";
import { attachmentFromSelection, attachmentsFromUris } from "./promptAttachments";
import type { SessionHistory } from "../acp/history/sessionHistory";
import { pickFromHistory } from "./historyQuickPick";
import { attachCommands } from "./attachCommands";
import type { GitExecutable } from "../acp/checkpoints/gitExecutable";
import type { TerminalCommandLog } from "./terminalAttachments";
import type { PanelWorktrees } from "../acp/worktrees/panelWorktrees";
import type { EditorNavigation } from "./editorNavigation";
import { worktreeCommands } from "./worktreeHost";

export interface CommandContext {
  readonly manager: SessionManager;
  readonly view: ChatViewProvider;
  readonly editors: EditorSessionPanels;
  readonly logger: OutputLogger;
  readonly catalog: SettingsAgentCatalog;
  readonly rules: PermissionRuleStore;
  readonly secrets: AgentSecrets;
  readonly reviewComments: ReviewComments;
  readonly reviewHunks: ReviewHunks;
  /** The extension's global storage (binary agents from the registry are installed there). */
  readonly storage: vscode.Uri;
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
  /** Opens diffs (a worktree's branch diff). */
  readonly navigation: EditorNavigation;
}

async function rebuildHistoryIndex(history: SessionHistory): Promise<void> {
  const done = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Rebuilding the history index…") },
    () => history.service.rebuild(),
  );
  void vscode.window.showInformationMessage(
    done.engine === "fts5"
      ? vscode.l10n.t("History index rebuilt: {0} conversations.", done.conversations)
      : vscode.l10n.t(
          "History search scans the {0} conversations directly: this VS Code has no SQLite full-text search (1.101 or later has).",
          done.conversations,
        ),
  );
}

const FOCUS = "workbench.view.extension.acpPanel";

/**
 * Clears every checkpoint of the workspace after asking; the files themselves are not touched.
 * Undoable: for a day the checkpoints are only set aside, and "Undo" brings them all back.
 */
async function clearCheckpoints(checkpoints: WorkspaceCheckpoints): Promise<void> {
  const clear = vscode.l10n.t("Clear Checkpoints");
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t("Remove every checkpoint of this workspace?"),
    {
      modal: true,
      detail: vscode.l10n.t(
        "Your files are not changed. Messages lose their Restore checkpoint button. For a day the checkpoints can still be brought back (Undo); then their space is freed.",
      ),
    },
    clear,
  );
  if (answer !== clear) return;
  const dropped = await checkpoints.clear();
  const undo = vscode.l10n.t("Undo");
  const next = await vscode.window.showInformationMessage(
    vscode.l10n.t("Removed {0} checkpoints. Undo brings them back (for a day).", dropped.length),
    undo,
  );
  if (next !== undo) return;
  const back = (await Promise.all(dropped.map((checkpoint) => checkpoints.bringBack(checkpoint.id)))).filter(Boolean);
  void vscode.window.showInformationMessage(vscode.l10n.t("Brought back {0} checkpoints.", back.length));
}

export function commandHandlers(context: CommandContext): CommandHandlers {
  const { manager, view, logger } = context;
  /** Commands act on the tab shown in the panel. */
  const active = (): ChatSession | undefined => manager.active;
  const focus = async () => {
    await vscode.commands.executeCommand(FOCUS);
    view.post({ type: "composer/focus" });
  };
  return {
    ...attachCommands({ view, focus, git: context.git, terminals: context.terminals }),
    ...worktreeCommands(manager, context.worktrees, context.navigation),
    "acpPanel.focus": focus,
    "acpPanel.newSession": async () => {
      const agents = context.catalog.names();
      const agent =
        agents.length > 1
          ? await vscode.window.showQuickPick(agents, {
              title: vscode.l10n.t("ACP: New Session"),
              placeHolder: vscode.l10n.t("Pick an agent"),
            })
          : agents[0];
      if (!agent) {
        if (agents.length === 0)
          void vscode.window.showWarningMessage(
            vscode.l10n.t('No ACP agent is configured. Add one under "acpPanel.agents" in your user settings.'),
          );
        return;
      }
      await vscode.commands.executeCommand(FOCUS);
      await manager.newTab(agent);
    },
    "acpPanel.openSession": async () => {
      const picked = await pickFromHistory(context.history, {
        title: vscode.l10n.t("ACP: Open Session"),
        search: true,
      });
      if (!picked) return;
      await vscode.commands.executeCommand(FOCUS);
      await manager.openSession(picked.agent, picked.sessionId);
    },
    /** The given tab (a tab's context menu passes its `data-vscode-context`), else the active one, else a new session. */
    "acpPanel.openSessionInEditor": async (arg?: unknown) => {
      const key =
        typeof arg === "string"
          ? arg
          : typeof arg === "object" && arg !== null && "tabKey" in arg
            ? arg.tabKey
            : undefined;
      const target = typeof key === "string" && manager.tab(key) ? key : manager.activeTabKey;
      if (target) return context.editors.open(target);
      await manager.newTab();
      if (manager.activeTabKey) await context.editors.open(manager.activeTabKey);
    },
    "acpPanel.closeSession": async () => {
      const key = manager.activeTabKey;
      if (key) await closeTab(manager, key);
    },
    "acpPanel.reopenClosedTab": () => reopenTab(manager),
    "acpPanel.deleteSession": async () => {
      const picked = await pickFromHistory(context.history, {
        title: vscode.l10n.t("ACP: Delete Session"),
        search: true,
      });
      if (!picked || !(await confirmDelete(picked.agent))) return;
      // The agent's copy, the local index, the kept conversation and its entries in the history index.
      const undo = await context.history.delete(picked.agent, picked.sessionId);
      void offerUndoDelete(picked.title, undo);
    },
    // From the palette: the active tab; from the tab strip's menu: the tab given.
    "acpPanel.forkSession": (tab?: unknown) =>
      forkTab(
        manager,
        { list: () => context.history.list(), post: (message) => context.view.post(message) },
        tabKeyOf(tab),
      ),
    "acpPanel.renameSession": (tab?: unknown) => renameTab(manager, tabKeyOf(tab)),
    "acpPanel.signOut": () => signOutTab(manager),
    "acpPanel.cancelTurn": () => active()?.cancel(),
    "acpPanel.restartAgent": () => active()?.restart(),
    "acpPanel.selectModel": () => withSession(active(), (s) => pickConfig(s, "model", vscode.l10n.t("Model"))),
    "acpPanel.selectReasoningEffort": () =>
      withSession(active(), (s) => pickConfig(s, "thought_level", vscode.l10n.t("Reasoning effort"))),
    "acpPanel.selectMode": () => withSession(active(), pickMode),
    "acpPanel.addSelectionToPrompt": async () => {
      const attachment = attachmentFromSelection(vscode.window.activeTextEditor);
      if (!attachment)
        return void vscode.window.showInformationMessage(vscode.l10n.t("Select some text in an editor first."));
      await focus();
      view.post({ type: "composer/attach", attachment });
    },
    "acpPanel.addFileToPrompt": async (uri?: unknown) => {
      const uris =
        uri instanceof vscode.Uri
          ? [uri]
          : await vscode.window.showOpenDialog({
              canSelectMany: true,
              title: vscode.l10n.t("Add files to the prompt"),
            });
      if (!uris?.length) return;
      await focus();
      for (const attachment of await attachmentsFromUris(uris)) view.post({ type: "composer/attach", attachment });
    },
    "acpPanel.sendToAgent": async (uri?: unknown, selected?: unknown) => {
      const editor = vscode.window.activeTextEditor;
      const fromSelection =
        uri === undefined ||
        (uri instanceof vscode.Uri && editor?.document.uri.toString() === uri.toString() && !editor.selection.isEmpty)
          ? attachmentFromSelection(editor)
          : undefined;
      const uris = Array.isArray(selected)
        ? selected.filter((u): u is vscode.Uri => u instanceof vscode.Uri)
        : uri instanceof vscode.Uri
          ? [uri]
          : [];
      const attachments = fromSelection ? [fromSelection] : await attachmentsFromUris(uris);
      await focus();
      for (const attachment of attachments) view.post({ type: "composer/attach", attachment });
    },
    "acpPanel.exportSession": async () => {
      const session = active();
      if (!session) return;
      const { thread, connection } = session.store.state;
      const heading = thread.title ?? (connection.status === "none" ? "ACP session" : `${connection.agent} session`);
      const document = await vscode.workspace.openTextDocument({
        language: "markdown",
        content: threadToMarkdown(thread, heading),
      });
      await vscode.window.showTextDocument(document);
    },
    "acpPanel.exportConversations": () => exportConversations(context.conversationArchive, active()),
    "acpPanel.showLogs": () => logger.channel.show(true),
    "acpPanel.clearCheckpoints": () => clearCheckpoints(context.checkpoints),
    "acpPanel.rebuildHistoryIndex": () => rebuildHistoryIndex(context.history),
    "acpPanel.showTraffic": () => logger.showTraffic(),
    "acpPanel.managePermissionRules": () => context.rules.manage(context.catalog.names()),
    "acpPanel.setAgentSecret": () => context.secrets.promptAndStore(),
    "acpPanel.addAgentFromRegistry": () => addAgentFromRegistry(context.storage),
    // From the comment widget (a CommentReply), its title bar (a thread) or the palette (nothing).
    "acpPanel.addReviewComment": (reply?: unknown) => context.reviewComments.add(reply),
    "acpPanel.sendReviewComments": (arg?: unknown) => context.reviewComments.send(arg),
    "acpPanel.deleteReviewComment": (comment?: unknown) => context.reviewComments.remove(comment),
    "acpPanel.keepReviewHunk": () => context.reviewHunks.keepHunk(),
  };
}

/** A tab's key: given by a caller, or the `data-vscode-context` of the tab right-clicked (TabStrip.tsx). */
function tabKeyOf(arg: unknown): string | undefined {
  if (typeof arg === "string") return arg;
  const key = typeof arg === "object" && arg !== null ? (arg as { tabKey?: unknown }).tabKey : undefined;
  return typeof key === "string" ? key : undefined;
}

function withSession(
  session: ChatSession | undefined,
  action: (session: ChatSession) => Promise<void>,
): Promise<void> | undefined {
  if (!session)
    return void vscode.window.showInformationMessage(vscode.l10n.t("Open a session in the ACP panel first."));
  return action(session);
}

async function pickConfig(session: ChatSession, category: string, label: string): Promise<void> {
  const option = session.store.state.thread.configOptions.find(
    (candidate) => candidate.category === category || (category === "model" && candidate.id === "model"),
  );
  if (!option)
    return void vscode.window.showInformationMessage(
      vscode.l10n.t("The agent offers no {0} setting.", label.toLowerCase()),
    );
  const value = await pickValue(option, label);
  if (value !== undefined) await session.setConfigOption(option.id, value);
}

async function pickValue(option: ConfigOption, label: string): Promise<string | boolean | undefined> {
  if (option.type === "boolean") {
    const picked = await vscode.window.showQuickPick(
      [
        { label: vscode.l10n.t("On"), value: true },
        { label: vscode.l10n.t("Off"), value: false },
      ],
      { title: `${label}: ${option.name}` },
    );
    return picked?.value;
  }
  interface Choice {
    value: string;
    name: string;
    description?: string | null;
    group?: string;
  }
  const entries = option.options as ReadonlyArray<Choice | { group: string; name: string; options: Choice[] }>;
  const flat: Choice[] = entries.flatMap((entry): Choice[] =>
    "options" in entry ? entry.options.map((o) => ({ ...o, group: entry.name })) : [entry as Choice],
  );
  const picked = await vscode.window.showQuickPick(
    flat.map((o) => ({
      label: o.name,
      description: [o.value === option.currentValue ? vscode.l10n.t("current") : "", o.group ?? ""]
        .filter(Boolean)
        .join(" · "),
      ...(o.description ? { detail: o.description } : {}),
      value: o.value,
    })),
    { title: label, placeHolder: option.name },
  );
  return picked?.value;
}

async function pickMode(session: ChatSession): Promise<void> {
  const { configOptions, modes } = session.store.state.thread;
  if (configOptions.some((option) => option.category === "mode"))
    return pickConfig(session, "mode", vscode.l10n.t("Mode"));
  if (!modes) return void vscode.window.showInformationMessage(vscode.l10n.t("The agent offers no modes."));
  const picked = await vscode.window.showQuickPick(
    modes.availableModes.map((mode) => ({
      label: mode.name,
      description: mode.id === modes.currentModeId ? vscode.l10n.t("current") : "",
      ...(mode.description ? { detail: mode.description } : {}),
      id: mode.id,
    })),
    { title: vscode.l10n.t("Mode") },
  );
  if (picked) await session.setMode(picked.id);
}
