/**
 * "ACP: Add Agent from Registry…": lists the agents of the ACP registry index named by the
 * `acpPanel.registry` setting (a URL, or a local file for offline use), and writes the chosen
 * one into the user's `acpPanel.agents` with its npx, uvx or binary launch.
 */
import * as vscode from "vscode";
import { distributionsOf, installBinary, packageEntry, readRegistry, type Distribution, type RegistryIndex } from "../acp/agentRegistry";

export async function addAgentFromRegistry(storage: vscode.Uri): Promise<void> {
  const source = vscode.workspace.getConfiguration("acpPanel").inspect<string>("registry")?.globalValue?.trim();
  if (!source) {
    const open = "Open Settings";
    if ((await vscode.window.showWarningMessage('Set "acpPanel.registry" to the ACP registry index URL, or to a local registry.json for offline use.', open)) === open) {
      await vscode.commands.executeCommand("workbench.action.openSettings", "acpPanel.registry");
    }
    return;
  }
  let index: RegistryIndex;
  try {
    index = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: "Reading the ACP registry…" }, () => readRegistry(source));
  } catch (error) {
    void vscode.window.showErrorMessage(`Could not read the ACP registry: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const picked = await vscode.window.showQuickPick(
    index.agents.map((agent) => ({ label: agent.name, description: `${agent.version} · ${distributionsOf(agent).join(", ") || "not available here"}`, detail: agent.description, agent })),
    { title: "ACP: Add Agent from Registry", placeHolder: `${index.agents.length} agents${index.skipped.length ? ` (${index.skipped.length} invalid entries skipped)` : ""}`, matchOnDetail: true },
  );
  if (!picked) return;
  const kinds = distributionsOf(picked.agent);
  if (kinds.length === 0) return void vscode.window.showErrorMessage(`${picked.agent.name} has no launch for this platform.`);
  const choices: Array<vscode.QuickPickItem & { distribution: Distribution }> = kinds.map((k) => ({ label: k, distribution: k }));
  const kind = kinds.length === 1 ? kinds[0] : (await vscode.window.showQuickPick(choices, { title: "How should it be launched?" }))?.distribution;
  if (!kind) return;
  try {
    const entry = await entryFor(picked.agent, kind as Distribution, storage);
    const config = vscode.workspace.getConfiguration("acpPanel");
    const current = config.inspect<Record<string, unknown>>("agents")?.globalValue ?? {};
    await config.update("agents", { ...current, [picked.agent.name]: entry }, vscode.ConfigurationTarget.Global);
    void vscode.window.showInformationMessage(`Added ${picked.agent.name} (${kind}) to your ACP agents.`);
  } catch (error) {
    void vscode.window.showErrorMessage(`Could not add ${picked.agent.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function entryFor(agent: Parameters<typeof packageEntry>[0], kind: Distribution, storage: vscode.Uri) {
  if (kind === "binary") {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Installing ${agent.name}…` }, () => installBinary(agent, vscode.Uri.joinPath(storage, "agents").fsPath));
  }
  return Promise.resolve(packageEntry(agent, kind));
}
