/**
 * Keep per hunk in the review diff (issue 25, point 3). The review diff is the turn's checkpoint
 * (left, a virtual document) against the real file (right): the diff editor's own revert arrows are
 * the per-hunk Undo, and "Keep This Change" (an editor action on that diff, and in the palette) is
 * the per-hunk Keep: the hunk at the cursor moves into the review's baseline, the left side shows
 * it as unchanged, and Undo leaves it. The file is not written. `acpPanel.reviewDiffActive`
 * (contextKeys.ts) is true while the active tab is such a diff: the action shows only there.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/sessions/chatSession";
import { textOf } from "../acp/checkpoints/reviewContent";
import type { EditorNavigation } from "./editorNavigation";

export class ReviewHunks {
  constructor(
    private readonly session: () => ChatSession | undefined,
    private readonly navigation: EditorNavigation,
  ) {}

  /** The real file of the active review diff tab (its left side is one of our checkpoint documents). */
  reviewedPath(): string | undefined {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    if (!(input instanceof vscode.TabInputTextDiff) || input.modified.scheme !== "file") return undefined;
    return this.navigation.checkpointSource(input.original) === input.modified.fsPath
      ? input.modified.fsPath
      : undefined;
  }

  /** Keeps the hunk at the cursor of the review diff's file side (or of the active editor of a reviewed file). */
  keepHunk(): void {
    const review = this.session()?.review;
    const editor = vscode.window.activeTextEditor;
    const path =
      this.reviewedPath() ?? (editor?.document.uri.scheme === "file" ? editor.document.uri.fsPath : undefined);
    if (!review || path === undefined || !review.has(path)) {
      void vscode.window.showInformationMessage(vscode.l10n.t("This file has no pending change of the agent's."));
      return;
    }
    const fileEditor =
      editor?.document.uri.scheme === "file" && editor.document.uri.fsPath === path
        ? editor
        : vscode.window.visibleTextEditors.find(
            (e) => e.document.uri.scheme === "file" && e.document.uri.fsPath === path,
          );
    if (!fileEditor) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("Put the cursor in a change on the file's side of the diff."),
      );
      return;
    }
    // The editor's text, as the diff editor compares it (unsaved edits included).
    const current = fileEditor.document.getText();
    if (!review.keepHunk(path, current, fileEditor.selection.active.line)) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("No change of the agent's at the cursor: put it in a change to keep that change."),
      );
      return;
    }
    const baseline = review.baseline(path);
    // Kept whole (the last hunk): the review no longer lists it, and the diff shows no change.
    const text = baseline === undefined ? current : baseline.kind === "file" ? textOf(baseline.content) : "";
    this.navigation.refreshCheckpoint(path, text ?? current);
  }
}
