/**
 * The worktree feature wired into the host (issue 32): the panel's worktrees (kept in global
 * storage, or the folder `acpPanel.worktrees.folder` names: a machine or user setting only),
 * each worktree tab's own checkpoints, the clean-up question when a worktree's tab closes, the
 * status bar item for the worktree tabs, and the commands.
 */
import * as vscode from "vscode";
import { join } from "node:path";
import type { GitExecutable } from "../acp/checkpoints/gitExecutable";
import { WorkspaceCheckpoints } from "../acp/checkpoints/workspaceCheckpoints";
import type { SessionManager } from "../acp/sessions/sessionManager";
import { PanelWorktrees } from "../acp/worktrees/panelWorktrees";
import type { TabWorktree } from "../acp/worktrees/tabWorktree";
import type { Logger } from "../acp/ports";
import type { CommandHandlers } from "./commands";
import type { EditorNavigation } from "./editorNavigation";
import { newSessionInWorktree } from "./worktreeNewSession";
import {
  applyToWorkspace,
  commitOnBranch,
  openWorktreeInNewWindow,
  reviewWorktreeChanges,
  worktreeOfTab,
} from "./worktreeActions";
import { askOnClose, manageWorktrees } from "./worktreeCleanup";
import { settings } from "./settings";

type WorktreeCommand =
  | "acpPanel.newSessionInWorktree"
  | "acpPanel.reviewWorktreeChanges"
  | "acpPanel.applyWorktreeToWorkspace"
  | "acpPanel.commitWorktree"
  | "acpPanel.openWorktreeInNewWindow"
  | "acpPanel.manageWorktrees";

export function createPanelWorktrees(
  context: vscode.ExtensionContext,
  git: () => Promise<GitExecutable>,
  logger: Logger,
): PanelWorktrees {
  const storage = context.globalStorageUri.fsPath;
  const worktrees = new PanelWorktrees({
    git,
    recordsFile: join(storage, "worktrees.json"),
    folder: () => settings.worktreesFolder() ?? join(storage, "worktrees"),
    logger,
  });
  // Worktrees whose folder went behind the panel's back: git forgets them (prune), the list says so.
  void worktrees
    .ready()
    .catch((error: unknown) => logger.warn(`Could not check the panel's worktrees: ${String(error)}`));
  return worktrees;
}

/** Each worktree tab's checkpoints: a folder of its own, in the same storage as the workspace's. */
export function worktreeCheckpoints(
  context: vscode.ExtensionContext,
  git: () => Promise<GitExecutable>,
): (folder: string) => WorkspaceCheckpoints {
  const byFolder = new Map<string, WorkspaceCheckpoints>();
  return (folder) => {
    let found = byFolder.get(folder);
    if (!found)
      byFolder.set(
        folder,
        (found = new WorkspaceCheckpoints({ git, storage: context.globalStorageUri.fsPath, folders: () => [folder] })),
      );
    return found;
  };
}

/** The close question and the status bar item. */
export function trackWorktreeTabs(manager: SessionManager, worktrees: PanelWorktrees): vscode.Disposable {
  const item = vscode.window.createStatusBarItem("acpPanel.worktrees", vscode.StatusBarAlignment.Left, 99);
  item.name = vscode.l10n.t("ACP Panel worktrees");
  item.command = "acpPanel.manageWorktrees";
  const update = () => {
    const tabs = manager.summaries().filter((tab) => tab.worktree !== undefined);
    if (tabs.length === 0) return void item.hide();
    const working = tabs.filter((tab) => tab.status === "running" || tab.status === "starting").length;
    const waiting = tabs.filter((tab) => tab.status === "waiting").length;
    item.text = `$(git-branch) ${tabs.length}${working > 0 ? ` $(loading~spin) ${working}` : ""}${
      waiting > 0 ? ` $(bell-dot) ${waiting}` : ""
    }`;
    item.tooltip = tabs
      .map((tab) => `${tab.worktree?.branch ?? ""}: ${tab.title} (${tab.agent ?? ""}, ${tab.status})`)
      .join("\n");
    item.accessibilityInformation = {
      label: vscode.l10n.t(
        "{0} sessions in worktrees, {1} working, {2} waiting for you",
        tabs.length,
        working,
        waiting,
      ),
    };
    item.show();
  };
  update();
  const changes = manager.onDidChange(update);
  const closes = manager.onDidCloseTab((session) => void askOnClose(worktrees, manager, session));
  return new vscode.Disposable(() => {
    changes.dispose();
    closes.dispose();
    item.dispose();
  });
}

/**
 * Every worktree command runs git in the repository, whose config and hooks are the workspace's:
 * in Restricted Mode none runs (as VS Code's own git), and the user is told how to trust it.
 */
function whenTrusted(run: (arg?: unknown) => unknown): (arg?: unknown) => unknown {
  return (arg) => {
    if (vscode.workspace.isTrusted) return run(arg);
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        "Sessions in worktrees run git in this repository: trust the workspace first (Manage Workspace Trust).",
      ),
    );
    return undefined;
  };
}

export function worktreeCommands(
  manager: SessionManager,
  worktrees: PanelWorktrees,
  navigation: EditorNavigation,
): Pick<CommandHandlers, WorktreeCommand> {
  const withWorktree = (action: (worktree: TabWorktree) => unknown) =>
    whenTrusted((tab) => {
      const worktree = worktreeOfTab(manager, tab);
      return worktree && action(worktree);
    });
  return {
    "acpPanel.newSessionInWorktree": whenTrusted(() => newSessionInWorktree(manager, worktrees)),
    "acpPanel.reviewWorktreeChanges": withWorktree((worktree) =>
      reviewWorktreeChanges(worktrees, navigation, worktree),
    ),
    "acpPanel.applyWorktreeToWorkspace": withWorktree((worktree) => applyToWorkspace(worktrees, worktree)),
    "acpPanel.commitWorktree": withWorktree((worktree) => commitOnBranch(worktrees, worktree)),
    "acpPanel.openWorktreeInNewWindow": withWorktree(openWorktreeInNewWindow),
    "acpPanel.manageWorktrees": whenTrusted(() => manageWorktrees(worktrees, manager)),
  };
}
