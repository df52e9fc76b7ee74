/**
 * "ACP: Add Agent from Registry…": lists the agents of the ACP registry index named by the
 * `acpPanel.registry` setting (by default the public index; an https: URL, or a local file for
 * offline use), and writes the
 * chosen one into the user's `acpPanel.agents` with its npx, uvx or binary launch. Entries the
 * index can't be trusted with are listed as refused, with the reason; an archive without a
 * checksum and a name that is already taken are both asked about in a modal, never assumed.
 */
import * as vscode from "vscode";
import {
  distributionsOf,
  packageEntry,
  readRegistry,
  type Distribution,
  type RegistryAgent,
  type RegistryIndex,
  type SettingsEntry,
} from "../acp/agents/agentRegistry";
import { agentPresets } from "../acp/agents/agentPresets";
import { addRegistryAgent, type NameClash } from "../acp/agents/registryAgentName";
import { registryIndexLocation } from "../acp/agents/registrySource";
import { installBinary, type ConfirmUnverified } from "../acp/agents/registryInstall";
import { setUserAgents, settings } from "./settings";

type AgentItem = vscode.QuickPickItem & { agent?: RegistryAgent; refused?: string };

export async function addAgentFromRegistry(storage: vscode.Uri): Promise<void> {
  // Machine-scoped: only the user's own value counts; unset means the public index.
  const source = registryIndexLocation(settings.registry(), process.env);
  let index: RegistryIndex;
  try {
    index = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Reading the ACP registry…") },
      () => readRegistry(source),
    );
  } catch (error) {
    const settings = vscode.l10n.t("Open Settings");
    const answer = await vscode.window.showErrorMessage(
      vscode.l10n.t(
        'Could not read the ACP registry: {0} (Offline? Set "acpPanel.registry" to a local registry.json.)',
        messageOf(error),
      ),
      settings,
    );
    if (answer === settings) await vscode.commands.executeCommand("workbench.action.openSettings", "acpPanel.registry");
    return;
  }
  const items: AgentItem[] = index.agents.map((agent) => ({
    label: agent.name,
    description: `${agent.version} · ${distributionsOf(agent).join(", ") || vscode.l10n.t("not available here")}`,
    detail: agent.description,
    agent,
  }));
  if (index.skipped.length) {
    items.push({ label: vscode.l10n.t("Refused entries"), kind: vscode.QuickPickItemKind.Separator });
    items.push(
      ...index.skipped.map((reason) => {
        const [, position = "", why = reason, name] =
          /^(agents\[\d+\]): (.*?)(?: \(entry "(.*)"\))?$/s.exec(reason) ?? [];
        return {
          label: `$(error) ${name ?? position}`,
          ...(name ? { description: position } : {}),
          detail: why,
          refused: reason,
        };
      }),
    );
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t("ACP: Add Agent from Registry"),
    placeHolder: index.skipped.length
      ? vscode.l10n.t("{0} agents ({1} entries refused, listed last)", index.agents.length, index.skipped.length)
      : vscode.l10n.t("{0} agents", index.agents.length),
    matchOnDetail: true,
  });
  if (!picked) return;
  if (picked.refused)
    return void vscode.window.showErrorMessage(
      vscode.l10n.t("ACP Panel refused this registry entry: {0}", picked.refused),
    );
  const agent = picked.agent;
  if (!agent) return;
  const kinds = distributionsOf(agent);
  if (kinds.length === 0)
    return void vscode.window.showErrorMessage(vscode.l10n.t("{0} has no launch for this platform.", agent.name));
  const choices: Array<vscode.QuickPickItem & { distribution: Distribution }> = kinds.map((k) => ({
    label: k,
    distribution: k,
  }));
  const kind =
    kinds.length === 1
      ? kinds[0]
      : (await vscode.window.showQuickPick(choices, { title: vscode.l10n.t("How should it be launched?") }))
          ?.distribution;
  if (!kind) return;
  try {
    const entry = await entryFor(agent, kind, index, storage);
    // Read the settings after a (possibly long) install, so the name check sees what is there now.
    const current = settings.agents() ?? {};
    const added = await addRegistryAgent<unknown>(
      current,
      agentPresets.map((preset) => preset.name),
      agent.name,
      entry,
      askAboutTakenName,
    );
    if (!added)
      return void vscode.window.showInformationMessage(
        vscode.l10n.t("{0} was not added; your ACP agents are unchanged.", agent.name),
      );
    await setUserAgents(added.agents);
    void vscode.window.showInformationMessage(vscode.l10n.t("Added {0} ({1}) to your ACP agents.", added.name, kind));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Could not add {0}: {1}", agent.name, messageOf(error)));
  }
}

async function entryFor(
  agent: RegistryAgent,
  kind: Distribution,
  index: RegistryIndex,
  storage: vscode.Uri,
): Promise<SettingsEntry> {
  if (kind === "binary") {
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Installing {0}…", agent.name) },
      () =>
        installBinary(agent, vscode.Uri.joinPath(storage, "agents").fsPath, {
          source: index.source,
          confirmUnverified: confirmWithoutChecksum,
        }),
    );
  }
  return packageEntry(agent, kind);
}

const confirmWithoutChecksum: ConfirmUnverified = async ({ agent, message }) => {
  const install = vscode.l10n.t("Install Without Checksum");
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t("Install {0} without a checksum?", agent),
    { modal: true, detail: message },
    install,
  );
  return answer === install;
};

const askAboutTakenName: NameClash = async (name, alternative) => {
  const preset = agentPresets.some((p) => p.name === name);
  const replace = vscode.l10n.t("Replace");
  const rename = vscode.l10n.t('Add as "{0}"', alternative);
  const answer = await vscode.window.showWarningMessage(
    preset
      ? vscode.l10n.t('"{0}" is the name of a built-in preset.', name)
      : vscode.l10n.t('An agent named "{0}" is already in your ACP agents.', name),
    {
      modal: true,
      detail: preset
        ? vscode.l10n.t(
            'Adding it under that name replaces the preset. Or keep both and add the registry\'s agent as "{0}".',
            alternative,
          )
        : vscode.l10n.t(
            'Replacing it discards its current settings (command, args, env). Or keep both and add the registry\'s agent as "{0}".',
            alternative,
          ),
    },
    rename,
    replace,
  );
  return answer === replace ? "replace" : answer === rename ? "rename" : undefined;
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
