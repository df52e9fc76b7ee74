/**
 * The questions the extension asks outside the panel: consent for reads outside the workspace
 * and for risky writes (modal, never silent: closing the dialog denies), URLs an agent wants opened, permission requests while the panel is hidden, and the
 * sign-in method when an agent needs authentication.
 */
import * as vscode from "vscode";
import type * as acp from "@agentclientprotocol/sdk";
import type { ConsentPrompt, ReadConsent } from "../acp/client/fileSystemCallbacks";
import { grantableFolder } from "../acp/client/pathGrants";
import type { UrlConsent } from "../acp/client/elicitationBroker";
import type { PermissionNotifier } from "../acp/client/permissionBroker";

const noFolderText = () => vscode.l10n.t("No folder is open, so every file is outside the workspace.");

export const consentDialogs: ConsentPrompt = {
  async allowWriteOutsideWorkspace(agent, path, noFolder) {
    const allow = vscode.l10n.t("Allow this write");
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t("{0} wants to write a file outside the workspace:\n{1}", agent, path),
      {
        modal: true,
        detail: `${noFolder ? `${noFolderText()} ` : ""}${vscode.l10n.t("Only allow this if you asked the agent to change this file.")}`,
      },
      allow,
    );
    return answer === allow;
  },
  async allowReadOutsideWorkspace(agent, path, noFolder): Promise<ReadConsent> {
    type Choice = vscode.MessageItem & { readonly answer: ReadConsent };
    const file: Choice = { title: vscode.l10n.t("Allow this file"), answer: "file" };
    const folder: Choice = { title: vscode.l10n.t("Allow this folder for this session"), answer: "folder" };
    const deny: Choice = { title: vscode.l10n.t("Deny"), answer: "deny", isCloseAffordance: true };
    const folderPath = grantableFolder(path);
    const answer = await vscode.window.showWarningMessage<Choice>(
      vscode.l10n.t("{0} wants to read a file outside the workspace:\n{1}", agent, path),
      {
        modal: true,
        detail:
          `${noFolder ? `${noFolderText()}\n\n` : ""}${vscode.l10n.t("Files outside the project may hold secrets (keys, tokens, other projects).")} ` +
          `${folderPath ? vscode.l10n.t('"Allow this file" lets this session read this file; "Allow this folder for this session" lets it read everything in {0}.', folderPath) : vscode.l10n.t('"Allow this file" lets this session read this file.')} ` +
          vscode.l10n.t(
            'Allowing lasts until the session ends; review or clear it with "ACP: Manage Permission Rules".',
          ),
      },
      ...(folderPath ? [file, folder, deny] : [file, deny]),
    );
    return answer?.answer ?? "deny";
  },
  async allowSensitiveWrite(agent, path, why) {
    const allow = vscode.l10n.t("Allow this write");
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t("{0} wants to change {1}, a sensitive file.", agent, vscode.workspace.asRelativePath(path)),
      {
        modal: true,
        detail: vscode.l10n.t(
          "This file {0}. The panel always asks before an agent writes it, whatever your permission rules say. Only allow this if you asked for this change.",
          why,
        ),
      },
      allow,
    );
    return answer === allow;
  },
  async allowOverwriteUnsaved(agent, path) {
    const replace = vscode.l10n.t("Replace my unsaved changes");
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        "{0} wants to rewrite {1}, which has unsaved changes of yours.",
        agent,
        vscode.workspace.asRelativePath(path),
      ),
      { modal: true, detail: vscode.l10n.t("Keeping your changes refuses the agent's write; the agent is told why.") },
      replace,
    );
    return answer === replace;
  },
};

export const urlConsent: UrlConsent = {
  async confirmAndOpen(agent, message, url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
    const punycode = parsed.hostname.split(".").some((label) => label.startsWith("xn--"));
    const open = vscode.l10n.t("Open in browser");
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t("{0} asks you to open {1}", agent, parsed.hostname),
      {
        modal: true,
        detail: `${message}\n\n${url}${punycode ? `\n\n${vscode.l10n.t("Warning: this domain uses non-Latin characters (punycode) and may imitate another site.")}` : ""}`,
      },
      open,
    );
    return answer === open && (await vscode.env.openExternal(vscode.Uri.parse(url)));
  },
};

/** Offers the agent's permission options as a notification when the panel is not visible. */
export function hiddenPanelNotifier(isPanelVisible: () => boolean, revealPanel: () => void): PermissionNotifier {
  return {
    notify(agent, request: acp.RequestPermissionRequest, answer) {
      if (isPanelVisible()) return;
      const openPanel = vscode.l10n.t("Open Panel");
      const names = request.options.map((option) => option.name);
      void vscode.window
        .showInformationMessage(
          vscode.l10n.t("{0} asks permission: {1}", agent, request.toolCall.title ?? request.toolCall.toolCallId),
          ...names,
          openPanel,
        )
        .then((choice) => {
          if (choice === openPanel || choice === undefined) {
            if (choice === openPanel) revealPanel();
            return; // still answerable in the panel
          }
          answer(request.options.find((option) => option.name === choice)?.optionId);
        });
    },
  };
}

export const authQuickPick = {
  async choose(agent: string, methods: readonly acp.AuthMethod[]): Promise<acp.AuthMethod | undefined> {
    const picked = await vscode.window.showQuickPick(
      methods.map((method) => ({ label: method.name, description: method.description ?? "", method })),
      { title: vscode.l10n.t("Sign in to {0}", agent), placeHolder: vscode.l10n.t("Choose how to sign in") },
    );
    return picked?.method;
  },
};
