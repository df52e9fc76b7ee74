/**
 * WorkspacePort: sessions run in the first workspace folder, or the home folder without one. The
 * home folder is only a cwd, never a root: with no folder open nothing is inside the workspace.
 */
import * as vscode from "vscode";
import { homedir } from "node:os";
import type { WorkspacePort } from "../acp/ports";

export const workspaceCwd: WorkspacePort = {
  cwd: () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? homedir(),
  roots: () =>
    (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === "file").map((f) => f.uri.fsPath),
  additionalDirectories: () =>
    (vscode.workspace.workspaceFolders ?? [])
      .slice(1)
      .filter((f) => f.uri.scheme === "file")
      .map((f) => f.uri.fsPath),
  isTrusted: () => vscode.workspace.isTrusted,
  remoteName: () => vscode.env.remoteName,
};
