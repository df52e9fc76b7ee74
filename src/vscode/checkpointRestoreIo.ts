/**
 * How a checkpoint restore writes in VS Code: through EditorFiles (so the writes count as ours,
 * not the user's), and never over a document with unsaved changes (the restore is refused first).
 */
import * as vscode from "vscode";
import type { EditorFiles } from "./editorFiles";
import type { RestoreIo } from "../acp/ports";

export function editorRestoreIo(files: EditorFiles): RestoreIo {
  return {
    write: (path, content, executable) => files.writeBytes(path, content, executable),
    remove: (path) => files.deleteFile(path),
    unsaved: () =>
      vscode.workspace.textDocuments
        .filter((document) => document.isDirty && document.uri.scheme === "file")
        .map((document) => document.uri.fsPath),
  };
}
