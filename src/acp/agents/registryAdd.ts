/**
 * "ACP: Add Agent from Registry…": lists the agents of the ACP registry index named by the
 * `acpPanel.registry` setting (by default the public index; an https: URL, or a local file for
 * offline use), and writes the chosen one into the user's `acpPanel.agents` with its npx, uvx or
 * binary launch. Entries the index can't be trusted with are listed as refused, with the reason;
 * an archive without a checksum and a name that is already taken are both asked about in a modal,
 * never assumed. The questions go through the host's Dialogs port.
 */
import { join } from "node:path";
import type { Choice, Dialogs, PanelHost, PanelSettings } from "../ports";
import type { Translate } from "../../shared/l10n";
import {
  distributionsOf,
  packageEntry,
  readRegistry,
  type Distribution,
  type RegistryAgent,
  type RegistryIndex,
  type SettingsEntry,
} from "./agentRegistry";
import { agentPresets } from "./agentPresets";
import { addRegistryAgent, type NameClash } from "./registryAgentName";
import { registryIndexLocation } from "./registrySource";
import { installBinary, type ConfirmUnverified } from "./registryInstall";

export interface RegistryAddDeps {
  readonly dialogs: Dialogs;
  readonly settings: Pick<PanelSettings, "registry" | "agents" | "setUserAgents">;
  /** "Open Settings" after a registry that could not be read. */
  readonly host: Pick<PanelHost, "openSettings">;
  readonly translate: Translate;
  /** The extension's global storage: binary agents are installed in its `agents` folder. */
  readonly storage: string;
  /** Where the default index may be moved (registrySource.ts); default: this process's. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Installs a binary distribution; default: registryInstall.ts. */
  readonly install?: typeof installBinary;
}

/** A row of the agent list: an agent to add, or an entry the index was refused for. */
type Picked = { readonly agent: RegistryAgent } | { readonly refused: string };

export async function addAgentFromRegistry(deps: RegistryAddDeps): Promise<void> {
  const { dialogs, translate: t } = deps;
  // Machine-scoped: only the user's own value counts; unset means the default index.
  const source = registryIndexLocation(deps.settings.registry(), deps.env ?? process.env);
  let index: RegistryIndex;
  try {
    index = await dialogs.progress(t("Reading the ACP registry…"), () => readRegistry(source));
  } catch (error) {
    const settings = t("Open Settings");
    const answer = await dialogs.error(
      t(
        'Could not read the ACP registry: {0} (Offline? Set "acpPanel.registry" to a local registry.json.)',
        messageOf(error),
      ),
      settings,
    );
    if (answer === settings) await deps.host.openSettings("acpPanel.registry");
    return;
  }
  const picked = await dialogs.pick(registryChoices(index, t), {
    title: t("ACP: Add Agent from Registry"),
    placeHolder: index.skipped.length
      ? t("{0} agents ({1} entries refused, listed last)", index.agents.length, index.skipped.length)
      : t("{0} agents", index.agents.length),
    matchOnDetail: true,
  });
  if (!picked) return;
  if ("refused" in picked) return void dialogs.error(t("ACP Panel refused this registry entry: {0}", picked.refused));
  const agent = picked.agent;
  const kinds = distributionsOf(agent);
  if (kinds.length === 0) return void dialogs.error(t("{0} has no launch for this platform.", agent.name));
  const kind =
    kinds.length === 1
      ? kinds[0]
      : await dialogs.pick(
          kinds.map((k) => ({ label: k, value: k })),
          { title: t("How should it be launched?") },
        );
  if (!kind) return;
  try {
    const entry = await entryFor(deps, agent, kind, index);
    // Read the settings after a (possibly long) install, so the name check sees what is there now.
    const added = await addRegistryAgent<unknown>(
      deps.settings.agents() ?? {},
      agentPresets.map((preset) => preset.name),
      agent.name,
      entry,
      askAboutTakenName(dialogs, t),
    );
    if (!added) return void dialogs.info(t("{0} was not added; your ACP agents are unchanged.", agent.name));
    await deps.settings.setUserAgents(added.agents);
    void dialogs.info(t("Added {0} ({1}) to your ACP agents.", added.name, kind));
  } catch (error) {
    void dialogs.error(t("Could not add {0}: {1}", agent.name, messageOf(error)));
  }
}

/** The index's agents (version and launches), then the refused entries with their reasons. */
export function registryChoices(index: RegistryIndex, t: Translate): Choice<Picked>[] {
  const choices: Choice<Picked>[] = index.agents.map((agent) => ({
    label: agent.name,
    description: `${agent.version} · ${distributionsOf(agent).join(", ") || t("not available here")}`,
    detail: agent.description,
    value: { agent },
  }));
  if (index.skipped.length === 0) return choices;
  choices.push({ separator: t("Refused entries") });
  for (const reason of index.skipped) {
    const [, position = "", why = reason, name] = /^(agents\[\d+\]): (.*?)(?: \(entry "(.*)"\))?$/s.exec(reason) ?? [];
    choices.push({
      label: `$(error) ${name ?? position}`,
      ...(name ? { description: position } : {}),
      detail: why,
      value: { refused: reason },
    });
  }
  return choices;
}

async function entryFor(
  deps: RegistryAddDeps,
  agent: RegistryAgent,
  kind: Distribution,
  index: RegistryIndex,
): Promise<SettingsEntry> {
  if (kind !== "binary") return packageEntry(agent, kind);
  const { dialogs, translate: t } = deps;
  const confirmWithoutChecksum: ConfirmUnverified = async ({ agent: name, message }) => {
    const install = t("Install Without Checksum");
    return (await dialogs.confirm(t("Install {0} without a checksum?", name), message, install)) === install;
  };
  return dialogs.progress(t("Installing {0}…", agent.name), () =>
    (deps.install ?? installBinary)(agent, join(deps.storage, "agents"), {
      source: index.source,
      confirmUnverified: confirmWithoutChecksum,
    }),
  );
}

function askAboutTakenName(dialogs: Dialogs, t: Translate): NameClash {
  return async (name, alternative) => {
    const preset = agentPresets.some((p) => p.name === name);
    const replace = t("Replace");
    const rename = t('Add as "{0}"', alternative);
    const answer = await dialogs.confirm(
      preset
        ? t('"{0}" is the name of a built-in preset.', name)
        : t('An agent named "{0}" is already in your ACP agents.', name),
      preset
        ? t(
            'Adding it under that name replaces the preset. Or keep both and add the registry\'s agent as "{0}".',
            alternative,
          )
        : t(
            'Replacing it discards its current settings (command, args, env). Or keep both and add the registry\'s agent as "{0}".',
            alternative,
          ),
      rename,
      replace,
    );
    return answer === replace ? "replace" : answer === rename ? "rename" : undefined;
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
