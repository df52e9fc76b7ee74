/**
 * The extension's settings (package.json `contributes.configuration`): one getter each, the one
 * write the panel makes, and the one event that says they may have changed. Every read of an
 * `acpPanel.*` setting goes through here; test/unit/settingsManifest.test.ts reads this file and
 * checks that every contributed setting has a getter and every getter a contributed setting.
 *
 * The scope rule, by how each getter reads:
 * - `userValue`: the user's (or machine's, or the remote's) value, else the default. Workspace and
 *   folder values are ignored even where VS Code would merge them: these settings launch code (an
 *   agent's command, args and env; which agent starts) or say where it is written (the worktrees'
 *   folder), and a folder the user merely opened must not choose that.
 * - `userSetValue`: the same, but unset when the user set nothing: the caller decides the default.
 * - `mergedValue`: VS Code's merged value (folder over workspace over user), else `fallback`.
 */
import * as vscode from "vscode";
import { DEFAULT_DISK_BUDGET_MB } from "../acp/journal/journalArchive";
import type { PanelSettings } from "../acp/ports";

const SECTION = "acpPanel";

function userValue<T>(key: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}

function userSetValue<T>(key: string): T | undefined {
  return vscode.workspace.getConfiguration(SECTION).inspect<T>(key)?.globalValue;
}

function mergedValue<T>(key: string, fallback: T): T {
  return vscode.workspace.getConfiguration(SECTION).get<T>(key, fallback);
}

function nonBlank(value: string | undefined): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** One getter per contributed setting. */
const getters = {
  /** `acpPanel.agents`: the user's agents, as written (agentSettings.ts parses them). */
  agents: () => userValue<Readonly<Record<string, unknown>>>("agents"),
  /** `acpPanel.defaultAgent`: the agent a new tab starts ("" when unset). */
  defaultAgent: () => userValue<string>("defaultAgent"),
  /** `acpPanel.registry`: the registry index the user chose; unset means the default (registrySource.ts). */
  registry: () => userSetValue<string>("registry"),
  /** `acpPanel.worktrees.folder`: where the panel makes worktrees; unset or blank means its storage. */
  worktreesFolder: () => nonBlank(userValue<string>("worktrees.folder")),
  /** `acpPanel.vscodeTools`: offer VS Code's language intelligence to agents as MCP tools. */
  vscodeTools: () => mergedValue("vscodeTools", true),
  /** `acpPanel.autoRetry`: send a turn that failed with a temporary error again. */
  autoRetry: () => mergedValue("autoRetry", false),
  /** `acpPanel.autoRestart`: restart a crashed agent (it starts the agent's command: user or machine only). */
  autoRestart: () => userValue<boolean>("autoRestart") ?? true,
  /** `acpPanel.checkpoints.enabled`. */
  checkpointsEnabled: () => mergedValue("checkpoints.enabled", true),
  /** `acpPanel.checkpoints.maxStorageMB`: the checkpoints' storage budget. */
  checkpointsMaxStorageMB: () => mergedValue("checkpoints.maxStorageMB", 2048),
  /** `acpPanel.journal.diskBudgetMB`: the conversation journal's disk budget, shared by every window. */
  journalDiskBudgetMB: () => mergedValue("journal.diskBudgetMB", DEFAULT_DISK_BUDGET_MB),
};

/** The settings port (ports.ts): the getters, the one write and the one change event. */
export const settings: PanelSettings = {
  ...getters,
  /** Replaces the user's `acpPanel.agents` (an agent added from the registry). */
  async setUserAgents(agents) {
    await vscode.workspace.getConfiguration(SECTION).update("agents", agents, vscode.ConfigurationTarget.Global);
  },
  onDidChange: onDidChangeSettings,
};

/**
 * Calls `listener` after any change of the settings. Also when the event names none of them but
 * the user-scope values of the agents moved: a remote window's extension host can first see the
 * local User value of the machine-scoped `acpPanel.agents` (before the setting's scope is
 * registered), and VS Code takes it back with a change event whose keys do not name the setting,
 * so `affectsConfiguration` alone misses it.
 */
function onDidChangeSettings(listener: () => void): vscode.Disposable {
  let agentValues = agentsFingerprint();
  return vscode.workspace.onDidChangeConfiguration((event) => {
    const now = agentsFingerprint();
    const moved = now !== agentValues;
    agentValues = now;
    if (moved || event.affectsConfiguration(SECTION)) listener();
  });
}

function agentsFingerprint(): string {
  return JSON.stringify([getters.agents(), getters.defaultAgent()]);
}
