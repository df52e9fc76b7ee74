/**
 * "Add agent…" (the agent picker's last option): a small quick pick that leads to the ACP registry
 * command or to the `acpPanel.agents` setting.
 */
import * as vscode from "vscode";

type AddAgentItem = vscode.QuickPickItem & { run: () => Thenable<unknown> };

export async function offerAddAgent(): Promise<void> {
  const items: AddAgentItem[] = [
    {
      label: `$(cloud-download) ${vscode.l10n.t("Add from the ACP Registry…")}`,
      detail: vscode.l10n.t("Pick a published agent; ACP Panel writes its launch into your settings."),
      run: () => vscode.commands.executeCommand("acpPanel.addAgentFromRegistry"),
    },
    {
      label: `$(settings-gear) ${vscode.l10n.t("Add a Custom Agent in Settings…")}`,
      detail: vscode.l10n.t('Any program that speaks ACP: add it under "acpPanel.agents" with its command and args.'),
      run: () => vscode.commands.executeCommand("workbench.action.openSettings", "acpPanel.agents"),
    },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t("Add Agent"),
    placeHolder: vscode.l10n.t("Where should the agent come from?"),
    matchOnDetail: true,
  });
  await picked?.run();
}
