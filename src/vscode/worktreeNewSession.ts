/**
 * ACP: New Session in Worktree… (issue 32): a new tab whose agent works in a git worktree of its
 * own, so parallel sessions never edit the same files. Asks, in order: the folder (when several
 * are open), the first message (optional: the branch name is suggested from it), the branch, and,
 * when the main folder has uncommitted changes, whether to copy them in (never moved: the main
 * folder is not touched). The decisions and git are in src/acp/worktrees; this file only asks.
 */
import * as vscode from "vscode";
import type { SessionManager } from "../acp/sessions/sessionManager";
import type { PanelWorktrees } from "../acp/worktrees/panelWorktrees";
import { showWorktreeError } from "./worktreeActions";

/** The workspace folder to branch from: the only one, or the one the user picks. */
async function pickFolder(): Promise<string | undefined> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === "file");
  if (folders.length === 0) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t("Open a folder that is a git repository first: a worktree is made from its current commit."),
    );
    return undefined;
  }
  if (folders.length === 1) return folders[0]?.uri.fsPath;
  const picked = await vscode.window.showQuickPick(
    folders.map((folder) => ({ label: folder.name, description: folder.uri.fsPath, path: folder.uri.fsPath })),
    { title: vscode.l10n.t("New Session in Worktree: which repository?") },
  );
  return picked?.path;
}

export async function newSessionInWorktree(manager: SessionManager, worktrees: PanelWorktrees): Promise<void> {
  const folder = await pickFolder();
  if (folder === undefined) return;
  try {
    const repository = await worktrees.repositoryOf(folder);
    const firstPrompt = await vscode.window.showInputBox({
      title: vscode.l10n.t("New Session in Worktree (1/2): first message"),
      prompt: vscode.l10n.t(
        "What should the agent work on? Sent as the session's first message; the branch name is suggested from it. Leave empty to write it in the panel.",
      ),
      ignoreFocusOut: true,
    });
    if (firstPrompt === undefined) return;
    const suggested = await worktrees.suggestBranch(repository.topLevel, firstPrompt);
    const branch = await vscode.window.showInputBox({
      title: vscode.l10n.t("New Session in Worktree (2/2): branch"),
      prompt: vscode.l10n.t("A new branch, created from {0} and checked out in the worktree.", repository.headLabel),
      value: suggested,
      ignoreFocusOut: true,
      validateInput: (name) => worktrees.branchProblem(repository.topLevel, name.trim()),
    });
    if (!branch?.trim()) return;
    let carry = false;
    if (repository.uncommitted > 0) {
      const copy = vscode.l10n.t("Copy them into the worktree");
      const leave = vscode.l10n.t("Start from {0} without them", repository.headLabel);
      const answer = await vscode.window.showQuickPick([copy, leave], {
        title: vscode.l10n.t("The main folder has uncommitted changes ({0} files)", repository.uncommitted),
        placeHolder: vscode.l10n.t("They stay in the main folder either way: copying never moves or changes them."),
        ignoreFocusOut: true,
      });
      if (answer === undefined) return;
      carry = answer === copy;
    }
    const created = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Creating the worktree…") },
      () => worktrees.create({ repo: repository.topLevel, branch: branch.trim(), carry }),
    );
    for (const notice of created.notices) void vscode.window.showInformationMessage(notice);
    await vscode.commands.executeCommand("acpPanel.chat.focus");
    const session = await manager.newTab(undefined, true, created.worktree);
    if (firstPrompt.trim()) await session.prompt(firstPrompt.trim());
  } catch (error) {
    showWorktreeError(error);
  }
}
