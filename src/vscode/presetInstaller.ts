/**
 * **Install** on a preset that ships as an npm package: its pinned version goes into the
 * extension's global storage (npmInstall.ts) under a progress notification with Cancel. Only a
 * built-in preset the user has not overridden can be installed, only the one clicked, and never
 * in Restricted Mode. Nothing is written to the settings: the catalog finds the installed program.
 */
import * as vscode from "vscode";
import { InstallCancelledError, NpmMissingError, installNpmPreset } from "../acp/agents/npmInstall";
import { pinnedSpec, presetInstallFor } from "../acp/agents/presetInstalls";
import type { AgentCatalog, Logger } from "../acp/ports";

export interface PresetInstallerDeps {
  readonly catalog: AgentCatalog;
  /** The extension's global storage folder. */
  readonly storage: string;
  /** The login shell's PATH, merged: npm is found on it like any agent command. */
  readonly pathValue: () => Promise<string | undefined>;
  readonly logger: Logger;
  /** The catalog changed: every picker and the first-run view learn it. */
  readonly refresh: () => void;
}

/** Installs the preset `agent`; resolves true once it is installed (the caller starts it). */
export function presetInstaller(deps: PresetInstallerDeps): (agent: string) => Promise<boolean> {
  const running = new Map<string, Promise<boolean>>();
  return (agent) => {
    const pending = running.get(agent);
    if (pending) return pending;
    const install = run(deps, agent).finally(() => running.delete(agent));
    running.set(agent, install);
    return install;
  };
}

async function run(deps: PresetInstallerDeps, agent: string): Promise<boolean> {
  const definition = deps.catalog.definition(agent);
  const install = definition && presetInstallFor(definition);
  if (install?.kind !== "npm") {
    // Only the built-in table chooses what is installed: a renamed or user-defined agent never is.
    deps.logger.warn(`Refused to install "${agent}": it is not a built-in preset that ships as an npm package.`);
    return false;
  }
  if (!vscode.workspace.isTrusted) {
    const manage = vscode.l10n.t("Manage Workspace Trust");
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t("ACP Panel does not install or start agents in Restricted Mode. Trust this workspace first."),
      manage,
    );
    if (answer === manage) await vscode.commands.executeCommand("workbench.trust.manage");
    return false;
  }
  const spec = pinnedSpec(install);
  try {
    const pathValue = await deps.pathValue();
    const command = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t("Installing {0} ({1})", agent, spec),
        cancellable: true,
      },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return installNpmPreset(install, {
          storage: deps.storage,
          pathValue,
          signal: controller.signal,
          progress: (message) => progress.report({ message }),
        });
      },
    );
    deps.logger.info(`Installed ${spec} for "${agent}": ${command}`);
    deps.refresh();
    return true;
  } catch (error) {
    await report(deps, agent, error);
    return false;
  }
}

async function report(deps: PresetInstallerDeps, agent: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  deps.logger.warn(`Installing "${agent}": ${message}`);
  if (error instanceof InstallCancelledError) return void vscode.window.showInformationMessage(message);
  if (error instanceof NpmMissingError) {
    const copy = vscode.l10n.t("Copy Command");
    const node = vscode.l10n.t("Get Node.js");
    const answer = await vscode.window.showErrorMessage(message, copy, node);
    if (answer === copy) await vscode.env.clipboard.writeText(error.command);
    if (answer === node) await vscode.env.openExternal(vscode.Uri.parse("https://nodejs.org/en/download"));
    return;
  }
  const logs = vscode.l10n.t("Show Logs");
  const firstLine = message.split("\n")[0] ?? message;
  if (
    (await vscode.window.showErrorMessage(vscode.l10n.t("Could not install {0}: {1}", agent, firstLine), logs)) === logs
  )
    await vscode.commands.executeCommand("acpPanel.showLogs");
}
