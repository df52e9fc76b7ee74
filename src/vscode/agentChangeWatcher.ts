/**
 * Detects files an agent changes with its own tools (not through `fs/write_text_file`), so the
 * "Files changed" review works with any agent, and tells the review which changes are the user's:
 * typing in an editor (the document turns dirty), saving, and creating, deleting or renaming files
 * in VS Code. A document reloaded from disk after the agent wrote it is not dirty, so it is not
 * the user's. When to watch and what a change means are decided in `acp/sessions/` (changeTracking.ts);
 * this file only supplies VS Code's watcher and events.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/sessions/chatSession";
import { trackAgentChanges } from "../acp/sessions/changeTracking";
import { systemClock, type FileEventSource } from "../acp/ports";
import type { EditorFiles } from "./editorFiles";

/** The FileEventSource port: over `folder`, or (undefined) over the workspace's folders. */
export const fileWatcher = (folder: string | undefined): FileEventSource => ({
  watch(onEvent) {
    const watcher = vscode.workspace.createFileSystemWatcher(
      folder === undefined ? "**/*" : new vscode.RelativePattern(vscode.Uri.file(folder), "**/*"),
    );
    const forward = (kind: "change" | "create" | "delete") => (uri: vscode.Uri) => {
      if (uri.scheme === "file") onEvent(kind, uri.fsPath);
    };
    watcher.onDidChange(forward("change"));
    watcher.onDidCreate(forward("create"));
    watcher.onDidDelete(forward("delete"));
    return watcher;
  },
});

const workspaceRoots = (): string[] =>
  (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === "file")
    .map((folder) => folder.uri.fsPath);

export class AgentChangeWatcher {
  private readonly disposables: Array<{ dispose(): void }>;

  /** `watch`: the file events of a folder (fileWatcher); for a tab in a git worktree, that worktree's folder. */
  constructor(
    session: ChatSession,
    files: EditorFiles | undefined,
    watch: (folder: string | undefined) => FileEventSource = fileWatcher,
  ) {
    const worktree = session.worktree?.path;
    const tracker = trackAgentChanges(
      session,
      watch(worktree),
      worktree === undefined ? workspaceRoots : () => [worktree],
      { clock: systemClock },
    );
    const userEdited = (uri: vscode.Uri) => {
      if (uri.scheme !== "file" || files?.isOwnEdit(uri.fsPath)) return;
      session.activity.userEdited(uri.fsPath);
      session.review?.touchedByUser(uri.fsPath);
    };
    this.disposables = [
      tracker,
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0 && event.document.isDirty) userEdited(event.document.uri);
      }),
      vscode.workspace.onDidSaveTextDocument((document) => userEdited(document.uri)),
      vscode.workspace.onDidCreateFiles((event) => event.files.forEach(userEdited)),
      vscode.workspace.onDidDeleteFiles((event) => event.files.forEach(userEdited)),
      vscode.workspace.onDidRenameFiles((event) =>
        event.files.forEach((file) => {
          userEdited(file.oldUri);
          userEdited(file.newUri);
        }),
      ),
    ];
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}
