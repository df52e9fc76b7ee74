/**
 * A modal warning with one action besides VS Code's own Cancel: true only when the user chose the
 * action (Cancel, Escape and closing the dialog are all "no").
 */
import * as vscode from "vscode";

export async function confirmModal(message: string, detail: string, action: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
}
