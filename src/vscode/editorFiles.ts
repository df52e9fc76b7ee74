/**
 * FileSystemPort on the VS Code editor: reads see open buffers (unsaved edits included). A write
 * to an open document is a WorkspaceEdit (so Undo reverts it) followed by a save, so tools the
 * agent runs next read the new content from disk; any other write is atomic on disk.
 */
import * as vscode from "vscode";
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "../acp/client/callbacks/atomicWrite";
import { diskIo } from "../acp/checkpoints/workspaceCheckpoints";
import { readTextBounded, type BoundedText, type ReadRange } from "../acp/client/callbacks/boundedRead";
import type { FileSystemPort } from "../acp/ports";

export class EditorFiles implements FileSystemPort {
  /** Paths this class is writing now: their editor and file events are ours, not the user's. */
  private readonly writing = new Map<string, number>();

  /** True while an edit, save or delete of `path` made here is under way. */
  isOwnEdit(path: string): boolean {
    return (this.writing.get(path) ?? 0) > 0;
  }

  private async owning<T>(path: string, work: () => Promise<T>): Promise<T> {
    this.writing.set(path, (this.writing.get(path) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (this.writing.get(path) ?? 1) - 1;
      if (left > 0) this.writing.set(path, left);
      else this.writing.delete(path);
    }
  }
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

  writeThroughEditor(path: string, content: string, options?: { readonly resolved?: boolean }): Promise<void> {
    return this.owning(path, () => this.writeNow(path, content, options));
  }

  /** Bytes that are not editor text (a binary file restored from a checkpoint), written atomically. */
  writeBytes(path: string, content: Buffer, executable: boolean): Promise<void> {
    return this.owning(path, () => diskIo.write(path, content, executable));
  }

  private async writeNow(path: string, content: string, options?: { readonly resolved?: boolean }): Promise<void> {
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

  deleteFile(path: string): Promise<void> {
    return this.owning(path, () => this.deleteNow(path));
  }

  private async deleteNow(path: string): Promise<void> {
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
