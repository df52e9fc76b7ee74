/**
 * One VS Code adapter per port of `HostPorts` (src/acp/ports.ts), built in the order it lists
 * them: what the ACP layer needs from VS Code, answered here. Some adapters offer the host more
 * than their port (the logger's channel, the catalog's first-run list, the editor files' own-edit
 * check), so the result keeps their classes.
 */
import * as vscode from "vscode";
import { agentIdOf } from "../acp/agents/agentIdentity";
import { SettingsAgentCatalog } from "../acp/agents/settingsAgentCatalog";
import type { PathGrants } from "../acp/client/callbacks/pathGrants";
import { loggedDialogs } from "../acp/platform/loggedDialogs";
import { systemClock, type HostPorts } from "../acp/ports";
import { AgentSecrets } from "./agentSecrets";
import { fileWatcher } from "./agentChangeWatcher";
import type { ChatViewProvider } from "./chatViewProvider";
import { editorRestoreIo } from "./checkpointRestoreIo";
import { vscodeDialogs } from "./dialogs";
import { EditorFiles } from "./editorFiles";
import { EditorNavigation } from "./editorNavigation";
import { OutputLogger } from "./outputLogger";
import { vscodePanelHost } from "./panelHost";
import { statForPathLink } from "./pathLinkStat";
import { PermissionRuleStore } from "./permissionRules";
import { settings } from "./settings";
import { confirmTerminalLogin, runTerminalLogin } from "./terminalLogin";
import { TerminalMirror } from "./terminalMirror";
import { authQuickPick, consentDialogs, hiddenPanelNotifier, urlConsent } from "./userPrompts";
import { createVscodeIntelligence } from "./vscodeIntelligence";
import { workspaceCwd } from "./workspaceCwd";

export interface VscodeHostPorts extends HostPorts {
  readonly logger: OutputLogger;
  readonly catalog: SettingsAgentCatalog;
  readonly secrets: AgentSecrets;
  readonly files: EditorFiles;
  readonly permissionRules: PermissionRuleStore;
  readonly navigation: EditorNavigation;
}

export interface HostPortsOptions {
  /** The PATH presets are looked up on: the login shell's, once known. */
  readonly pathValue: () => string | undefined;
  /** The read grants of the sessions, which saved permission rules may add to. */
  readonly pathGrants: PathGrants;
  /** The panel, once built (the permission notifier reveals it; it needs the ports first). */
  readonly panel: { readonly view?: ChatViewProvider };
}

/** Builds the adapters; what must be disposed is added to `context.subscriptions`. */
export function hostPorts(context: vscode.ExtensionContext, options: HostPortsOptions): VscodeHostPorts {
  const logger = new OutputLogger();
  const catalog = new SettingsAgentCatalog(settings, logger, options.pathValue, context.globalStorageUri.fsPath);
  const files = new EditorFiles();
  const terminals = new TerminalMirror();
  const intelligence = createVscodeIntelligence();
  const navigation = new EditorNavigation();
  context.subscriptions.push(logger, terminals, intelligence, navigation);
  return {
    logger,
    clock: systemClock,
    settings,
    catalog,
    workspace: workspaceCwd,
    secrets: new AgentSecrets(context.secrets),
    auth: { ...authQuickPick, confirmTerminalLogin, runTerminalLogin },
    files,
    consent: consentDialogs,
    urls: urlConsent,
    permissionRules: new PermissionRuleStore(
      context.globalState,
      (name) => {
        const definition = catalog.definition(name);
        return definition && agentIdOf(definition);
      },
      options.pathGrants,
    ),
    permissionNotifier: hiddenPanelNotifier(
      () => options.panel.view?.isVisible ?? false,
      () => void options.panel.view?.focusRequest(),
    ),
    terminalEvents: terminals.events,
    vscodeTools: {
      intelligence,
      bridgeScript: vscode.Uri.joinPath(context.extensionUri, "dist", "mcpBridge.js").fsPath,
      enabled: settings.vscodeTools,
    },
    restoreIo: editorRestoreIo(files),
    fileEvents: fileWatcher,
    statPath: statForPathLink,
    dialogs: loggedDialogs(vscodeDialogs, logger),
    navigation,
    panel: vscodePanelHost(logger),
  };
}
