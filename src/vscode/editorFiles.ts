/**
 * FileSystemPort on the VS Code editor: reads see open buffers (unsaved edits included). A write
 * to an open document is a WorkspaceEdit (so Undo reverts it) followed by a save, so tools the
 * agent runs next read the new content from disk; any other write is atomic on disk.
 */
import * as vscode from "vscode";
import { readFile } from "node:fs/promises";
import type { FileSystemPort } from "../acp/client/fileSystemCallbacks";
import { writeFileAtomic } from "../acp/client/atomicWrite";
import { readTextBounded, type BoundedText, type ReadRange } from "../acp/client/boundedRead";

export class EditorFiles implements FileSystemPort {
  openBufferText(path: string): string | undefined {
    return this.openDocument(path)?.getText();
  }

  isDirty(path: string): boolean {
    return this.openDocument(path)?.isDirty ?? false;
  }

  async readDisk(path: string): Promise<string | undefined> {
    try {
      return await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR")
        return undefined;
      throw error;
    }
  }

  readDiskBounded(path: string, range: ReadRange, maxBytes: number): Promise<BoundedText | undefined> {
    return readTextBounded(path, range, maxBytes);
  }

  async writeThroughEditor(path: string, content: string, options?: { readonly resolved?: boolean }): Promise<void> {
    const uri = vscode.Uri.file(path);
    const open = this.openDocument(path);
    if (!open) {
      // Not in an editor: nothing to undo there, so write atomically (temp file + rename).
      await writeFileAtomic(path, content, options?.resolved ? { resolved: true } : {});
      return;
    }
    const edit = new vscode.WorkspaceEdit();
    const document = open;
    const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
    edit.replace(uri, whole, content);
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused the edit to ${path}`);
    if (!(await document.save())) throw new Error(`Could not save ${path}`);
  }

  async deleteFile(path: string): Promise<void> {
    const edit = new vscode.WorkspaceEdit();
    edit.deleteFile(vscode.Uri.file(path), { ignoreIfNotExists: true });
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused to delete ${path}`);
  }

  private openDocument(path: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find(
      (document) => document.uri.scheme === "file" && document.uri.fsPath === path,
    );
  }
}
