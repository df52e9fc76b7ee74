/**
 * The presets as the catalog offers them: one whose npm package ACP Panel installed runs the
 * program in the extension's storage (nothing is written to the settings), and each says how it
 * can be installed (for the first-run view and the Install / copy offer after a failed start).
 */
import type { AgentDefinition } from "./agentDefinition";
import { installedPresetCommand, manualInstallCommand } from "./npmInstall";
import { pinnedSpec, presetInstallFor, type PresetInstall } from "./presetInstalls";

/** What the first-run view is told about installing an agent (`installOfferSchema` in the protocol). */
export type InstallOffer =
  | { readonly kind: "npm"; readonly spec: string; readonly command: string; readonly page: string }
  | { readonly kind: "manual"; readonly command: string; readonly page: string };

/** The presets, each installed one pointed at its program in `storage`; marked `managed`. */
export function withInstalledPresets(
  presets: readonly AgentDefinition[],
  storage: string | undefined,
): AgentDefinition[] {
  if (storage === undefined) return [...presets];
  return presets.map((preset) => {
    const install = presetInstallFor(preset);
    const command = install?.kind === "npm" ? installedPresetCommand(install, storage) : undefined;
    return command ? { ...preset, command, managed: true } : preset;
  });
}

/** How the user can install `definition`; undefined for their own agents and installed presets. */
export function installOffer(
  definition: AgentDefinition,
  install = presetInstallFor(definition),
): InstallOffer | undefined {
  if (!install || definition.managed) return undefined;
  return offerFor(install);
}

function offerFor(install: PresetInstall): InstallOffer {
  if (install.kind === "manual") return install;
  return { kind: "npm", spec: pinnedSpec(install), command: manualInstallCommand(install), page: install.page };
}
