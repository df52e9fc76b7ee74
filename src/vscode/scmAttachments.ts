/**
 * Source Control's "Add Working Tree Diff / Staged Diff to Prompt" (the `scm/title` menu and the
 * palette). The folder is the repository's whose title bar was clicked (its `rootUri`), else the
 * active editor's workspace folder, else the first. Only in a trusted workspace: even with every
 * program the config could name turned off (gitDiff.ts), a working-tree diff runs the clean filters
 * a repository's config names.
 */
import * as vscode from "vscode";
import type { Attachment } from "../shared/wire/protocol";
import { scmDiffUri } from "../shared/wire/attachmentSource";
import type { GitExecutable } from "../acp/checkpoints/gitExecutable";
import { gitDiff, MAX_DIFF_BYTES, repositoryLabel } from "../acp/context/gitDiff";

function folderOf(arg: unknown): vscode.Uri | undefined {
  const root = typeof arg === "object" && arg !== null && "rootUri" in arg ? arg.rootUri : undefined;
  if (root instanceof vscode.Uri && root.scheme === "file") return root;
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
  return folder?.uri.scheme === "file" ? folder.uri : undefined;
}

export async function diffAttachment(
  kind: "working-tree" | "staged",
  arg: unknown,
  git: () => Promise<GitExecutable>,
): Promise<Attachment | undefined> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t("Adding a diff runs git in the repository: trust this workspace first."),
    );
    return undefined;
  }
  const folder = folderOf(arg);
  if (!folder) {
    void vscode.window.showInformationMessage(vscode.l10n.t("Open a folder with a git repository first."));
    return undefined;
  }
  let diff;
  try {
    diff = await gitDiff(await git(), folder.fsPath, kind);
  } catch (error) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t("Could not read the diff: {0}", error instanceof Error ? error.message : String(error)),
    );
    return undefined;
  }
  if (diff.text.trim() === "") {
    void vscode.window.showInformationMessage(
      kind === "staged" ? vscode.l10n.t("Nothing is staged.") : vscode.l10n.t("The working tree has no changes."),
    );
    return undefined;
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  const many = folders.length > 1;
  // Not asRelativePath: for a workspace folder's own root, or a repository outside every folder, it
  // answers the absolute path, and that tells the agent the user's home directory.
  const label = repositoryLabel(
    folder.fsPath,
    folders.filter((each) => each.uri.scheme === "file").map((each) => ({ name: each.name, path: each.uri.fsPath })),
  );
  const name = kind === "staged" ? vscode.l10n.t("Staged changes") : vscode.l10n.t("Working tree changes");
  return {
    uri: scmDiffUri(kind, many ? label : undefined),
    name: many ? `${name} (${label})` : name,
    mimeType: "text/x-diff",
    text: diff.truncated ? `${diff.text}${vscode.l10n.t("[diff cut at {0} KiB]", MAX_DIFF_BYTES / 1024)}\n` : diff.text,
  };
}
