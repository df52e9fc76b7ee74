/**
 * Closing a tab from the tab strip, the session list or the palette, and *Reopen Closed Tab*
 * (issue 29 §4). The decisions are in tabClosing.ts; this asks the user (a modal while a turn runs:
 * "Stop and Close", or Cancel, which the modal adds) and reports.
 */
import * as vscode from "vscode";
import type { SessionManager } from "../acp/sessions/sessionManager";
import { closeTabAsking, reopenClosedTab } from "../acp/sessions/tabClosing";

async function confirmStopAndClose(title: string): Promise<boolean> {
  const stop = vscode.l10n.t("Stop and Close");
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t("Stop the turn and close?"),
    { modal: true, detail: vscode.l10n.t('"{0}" is still working. Reopen Closed Tab brings the session back.', title) },
    stop,
  );
  return answer === stop;
}

/** Closes the tab `key`, asking first when its turn is running. */
export async function closeTab(manager: SessionManager, key: string): Promise<void> {
  await closeTabAsking(manager, key, confirmStopAndClose);
}

/** ACP: Reopen Closed Tab. */
export async function reopenTab(manager: SessionManager): Promise<void> {
  if (!(await reopenClosedTab(manager)))
    void vscode.window.showInformationMessage(vscode.l10n.t("There is no closed tab to reopen."));
}
