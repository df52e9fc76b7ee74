/**
 * What the user does with a worktree tab's work (issue 32 §2): Review Worktree Changes (the whole
 * branch against its base in the multi-file diff editor), Apply to Workspace (as uncommitted
 * changes of the main folder; refused with the list when they meet the user's own uncommitted
 * edits, then merged three-way on request; undoable), Commit on Branch, and Open Worktree in New
 * Window. Each acts on the tab given (the tab's context menu) or the active one.
 */
import * as vscode from "vscode";
import { confirmModal } from "./confirmModal";
import { join } from "node:path";
import type { SessionManager } from "../acp/sessions/sessionManager";
import type { PanelWorktrees } from "../acp/worktrees/panelWorktrees";
import type { TabWorktree } from "../acp/worktrees/tabWorktree";
import { WorktreeError } from "../acp/worktrees/worktreeErrors";
import { GitUnavailable } from "../acp/checkpoints/gitExecutable";
import type { EditorNavigation } from "./editorNavigation";

/** The worktree of the tab `arg` names (a tab's `data-vscode-context`), else of the active tab. */
export function worktreeOfTab(manager: SessionManager, arg: unknown): TabWorktree | undefined {
  const key = typeof arg === "object" && arg !== null ? (arg as { tabKey?: unknown }).tabKey : undefined;
  const session = typeof key === "string" ? manager.tab(key) : manager.active;
  const worktree = session?.worktree;
  if (!worktree)
    void vscode.window.showInformationMessage(
      vscode.l10n.t("This session does not work in a worktree. ACP: New Session in Worktree… starts one."),
    );
  return worktree;
}

/**
 * Shows what went wrong with a worktree in the user's words: git's failures (WorktreeError) and
 * no git at all. Anything else is a defect: it is thrown on, to the command's own error report.
 */
export function showWorktreeError(error: unknown): void {
  if (error instanceof GitUnavailable)
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        "Sessions in worktrees need git, and none was found: {0}. Install git, then try again.",
        error.message,
      ),
    );
  else if (error instanceof WorktreeError) void vscode.window.showErrorMessage(error.message);
  else throw error;
}

async function reporting(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    showWorktreeError(error);
  }
}

export function reviewWorktreeChanges(
  worktrees: PanelWorktrees,
  navigation: EditorNavigation,
  worktree: TabWorktree,
): Promise<void> {
  return reporting(async () => {
    const changes = await worktrees.changes(worktree);
    if (changes.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("The worktree of {0} has no changes against its base yet.", worktree.branch),
      );
      return;
    }
    const files = await Promise.all(
      changes.map(async (change) => ({
        path: join(worktree.path, change.path),
        before:
          change.status === "added" ? undefined : await worktrees.baseText(worktree, change.oldPath ?? change.path),
        deleted: change.status === "deleted",
      })),
    );
    await navigation.openChanges(vscode.l10n.t("{0}: changes against its base", worktree.branch), files);
  });
}

export function applyToWorkspace(worktrees: PanelWorktrees, worktree: TabWorktree): Promise<void> {
  return reporting(async () => {
    let outcome = await worktrees.apply(worktree, false);
    if (outcome.conflicts.length > 0) {
      const merged = await confirmModal(
        vscode.l10n.t("Apply to Workspace: your uncommitted changes overlap those of {0}", worktree.branch),
        vscode.l10n.t(
          "Nothing was applied. These files changed both in the main folder and in the worktree:\n{0}\n\nMerge Three-Way keeps both sides (conflicts get markers); binary files and deleted ones are left as they are.",
          outcome.conflicts.join("\n"),
        ),
        vscode.l10n.t("Merge Three-Way"),
      );
      if (!merged) return;
      outcome = await worktrees.apply(worktree, true);
    }
    const changed = outcome.applied.length;
    const undo = vscode.l10n.t("Undo Apply");
    const parts = [
      changed === 1
        ? vscode.l10n.t("Applied 1 file of {0} to the workspace.", worktree.branch)
        : vscode.l10n.t("Applied {0} files of {1} to the workspace.", changed, worktree.branch),
    ];
    if (outcome.conflicted.length > 0)
      parts.push(vscode.l10n.t("Conflicts to resolve: {0}.", outcome.conflicted.join(", ")));
    if (outcome.skipped.length > 0)
      parts.push(vscode.l10n.t("Left as they were: {0}.", outcome.skipped.map((skip) => skip.path).join(", ")));
    const choice = await (outcome.conflicted.length > 0
      ? vscode.window.showWarningMessage(parts.join(" "), undo)
      : vscode.window.showInformationMessage(parts.join(" "), undo));
    if (choice !== undo) return;
    const kept = await worktrees.undoApply(outcome);
    void vscode.window.showInformationMessage(
      kept.length === 0
        ? vscode.l10n.t("The apply was undone: every file is as it was before.")
        : vscode.l10n.t(
            "The apply was undone, except files you changed since (kept as they are): {0}",
            kept.join(", "),
          ),
    );
  });
}

export function commitOnBranch(worktrees: PanelWorktrees, worktree: TabWorktree): Promise<void> {
  return reporting(async () => {
    const message = await vscode.window.showInputBox({
      title: vscode.l10n.t("Commit on Branch {0}", worktree.branch),
      prompt: vscode.l10n.t("Commits every change in the worktree (new files too) on its branch."),
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() ? undefined : vscode.l10n.t("Write a commit message.")),
    });
    if (!message?.trim()) return;
    const committed = await worktrees.commit(worktree, message.trim());
    void vscode.window.showInformationMessage(
      committed
        ? vscode.l10n.t("Committed on {0}.", worktree.branch)
        : vscode.l10n.t("Nothing to commit: the worktree of {0} has no changes.", worktree.branch),
    );
  });
}

export async function openWorktreeInNewWindow(worktree: TabWorktree): Promise<void> {
  await vscode.commands.executeCommand("vscode.openFolder", vscode.Uri.file(worktree.path), { forceNewWindow: true });
}
