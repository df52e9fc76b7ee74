/** The stat behind path links (acp/context/pathLinkCheck.ts), through VS Code's file system API. */
import * as vscode from "vscode";
import type { StatKind } from "../acp/ports";

export async function statForPathLink(absolutePath: string): Promise<StatKind> {
  try {
    const { type } = await vscode.workspace.fs.stat(vscode.Uri.file(absolutePath));
    if (type & vscode.FileType.SymbolicLink) return "symlink";
    return type === vscode.FileType.File ? "file" : "other";
  } catch {
    return undefined; // missing or unreadable
  }
}
