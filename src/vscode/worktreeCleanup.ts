/**
 * Worktree clean-up (issue 32 §3): closing (or deleting) the last tab of a worktree asks whether
 * to keep it; ACP: Manage Worktrees… lists every worktree the panel made, with its size and age,
 * and removes the chosen ones. A worktree with changes the main folder does not have yet is never
 * removed without a warning that names them, and every removal can be undone: its state is saved
 * in the repository first (PanelWorktrees.remove), and "Undo Remove" checks it out again.
 */
import * as vscode from "vscode";
import { confirmModal } from "./confirmModal";
import type { ChatSession } from "../acp/sessions/chatSession";
import type { SessionManager } from "../acp/sessions/sessionManager";
import type { PanelWorktrees, WorktreeListing } from "../acp/worktrees/panelWorktrees";
import type { TabWorktree } from "../acp/worktrees/tabWorktree";
import { showWorktreeError } from "./worktreeActions";

/** After a tab closed: its worktree, if no other tab works there, is kept or removed as the user says. */
export async function askOnClose(worktrees: PanelWorktrees, manager: SessionManager, session: ChatSession) {
  const worktree = session.worktree;
  if (!worktree || manager.worktreeInUse(worktree.path) || !worktrees.isKnown(worktree.path)) return;
  const remove = vscode.l10n.t("Remove Worktree and Branch");
  const keep = vscode.l10n.t("Keep");
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t("The session in worktree {0} is closed. Keep the worktree and its branch?", worktree.branch),
    keep,
    remove,
  );
  if (answer === remove) await removeAsking(worktrees, worktree);
}

/** Removes `worktree` and its branch, after a warning naming its unapplied changes; offers Undo Remove. */
export async function removeAsking(worktrees: PanelWorktrees, worktree: TabWorktree): Promise<boolean> {
  try {
    const unapplied = await worktrees.unapplied(worktree);
    if (unapplied.length > 0) {
      const removing = await confirmModal(
        vscode.l10n.t("The worktree of {0} has changes the workspace does not have", worktree.branch),
        vscode.l10n.t(
          "{0}\n\nApply to Workspace brings them over. Removed anyway, they are saved in the repository first, and Undo Remove brings them back.",
          unapplied.join("\n"),
        ),
        vscode.l10n.t("Remove"),
      );
      if (!removing) return false;
    }
    const removed = await worktrees.remove(worktree);
    const undo = vscode.l10n.t("Undo Remove");
    void vscode.window
      .showInformationMessage(vscode.l10n.t("Removed the worktree and branch {0}.", worktree.branch), undo)
      .then(async (choice) => {
        if (choice !== undo) return;
        try {
          await worktrees.restoreRemoved(removed);
          void vscode.window.showInformationMessage(
            vscode.l10n.t("The worktree of {0} is back at {1}.", worktree.branch, worktree.path),
          );
        } catch (error) {
          void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
        }
      });
    return true;
  } catch (error) {
    showWorktreeError(error);
    return false;
  }
}

function describe(listing: WorktreeListing, now: number): string {
  const megabytes = (listing.sizeBytes / (1024 * 1024)).toFixed(1);
  const days = Math.floor((now - listing.record.createdAt) / 86_400_000);
  const age = days < 1 ? vscode.l10n.t("today") : vscode.l10n.t("{0} days old", days);
  return vscode.l10n.t("{0} MB, {1}", megabytes, age);
}

/** ACP: Manage Worktrees…: every worktree the panel made; the chosen ones are removed. */
export async function manageWorktrees(worktrees: PanelWorktrees, manager: SessionManager): Promise<void> {
  const listings = await worktrees.list();
  if (listings.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t("ACP Panel has made no worktrees (or all are removed)."));
    return;
  }
  const now = Date.now();
  const picked = await vscode.window.showQuickPick(
    listings.map((listing) => ({
      label: `$(git-branch) ${listing.record.branch}`,
      description: listing.missing ? vscode.l10n.t("folder removed outside ACP Panel") : describe(listing, now),
      detail: [
        listing.record.path,
        manager.worktreeInUse(listing.record.path) ? vscode.l10n.t("open in a tab") : "",
        listing.unapplied.length > 0
          ? vscode.l10n.t("not in the workspace: {0}", listing.unapplied.slice(0, 5).join(", "))
          : "",
      ]
        .filter(Boolean)
        .join(" · "),
      listing,
    })),
    {
      title: vscode.l10n.t("ACP: Manage Worktrees (pick the ones to remove)"),
      canPickMany: true,
      matchOnDetail: true,
    },
  );
  for (const { listing } of picked ?? []) {
    if (manager.worktreeInUse(listing.record.path)) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t("{0} is open in a tab: close the tab first.", listing.record.branch),
      );
      continue;
    }
    await removeAsking(worktrees, listing.record);
  }
}
