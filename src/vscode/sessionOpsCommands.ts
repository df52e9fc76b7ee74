/**
 * Fork Session, Rename Session and Archive/Unarchive (issue 18 §2), from the palette, the tab
 * strip and the session list. The work is in SessionActions; this asks the user and reports.
 */
import * as vscode from "vscode";
import type { SessionManager } from "../acp/sessions/sessionManager";

function report(what: string): (error: unknown) => void {
  return (error) => void vscode.window.showErrorMessage(`${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Forks the tab `key` (default: the active one) into a new tab. */
export async function forkTab(manager: SessionManager, key = manager.activeTabKey): Promise<void> {
  if (key === undefined) return;
  if (!manager.actions.canFork(key)) {
    void vscode.window.showInformationMessage("This session can't be forked: its agent does not offer session/fork.");
    return;
  }
  await manager.actions.forkTab(key).catch(report("Could not fork the session"));
}

async function askTitle(current: string | undefined): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: "ACP: Rename Session",
    prompt: "The session's new title",
    value: current ?? "",
    validateInput: (value) => (value.trim() === "" ? "A title can't be empty." : undefined),
  });
}

/** Renames the tab `key` (default: the active one). */
export async function renameTab(manager: SessionManager, key = manager.activeTabKey): Promise<void> {
  const tab = manager.summaries().find((summary) => summary.key === key);
  if (!tab || key === undefined) return;
  if (!tab.sessionId) {
    void vscode.window.showInformationMessage("This tab has no session to rename yet.");
    return;
  }
  const title = await askTitle(tab.title);
  if (title !== undefined) await manager.actions.renameTab(key, title).catch(report("Could not rename the session"));
}

/** Renames a session from the list; `current` is the title shown. */
export async function renameListed(manager: SessionManager, agent: string, sessionId: string, current: string | undefined): Promise<void> {
  const title = await askTitle(current);
  if (title !== undefined) await manager.actions.rename(agent, sessionId, title).catch(report("Could not rename the session"));
}

export async function setArchived(manager: SessionManager, agent: string, sessionId: string, archived: boolean): Promise<void> {
  await manager.actions.setArchived(agent, sessionId, archived).catch(report(archived ? "Could not archive the session" : "Could not unarchive the session"));
}
