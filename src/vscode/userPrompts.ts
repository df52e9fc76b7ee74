/**
 * The questions the extension asks outside the panel: consent for reads outside the workspace
 * and for risky writes, URLs an agent wants opened (modal, never silent), permission requests
 * while the panel is hidden, and the sign-in method when an agent needs authentication.
 * Every consent dialog offers "Deny all from <agent> this turn", and closing it means that: one
 * dismissal stops the agent's questions until the user's next message (consentGate.ts keeps it
 * to one dialog at a time).
 */
import * as vscode from "vscode";
import type * as acp from "@agentclientprotocol/sdk";
import { DENY_TURN, type DenyTurn } from "../acp/client/callbacks/consentGate";
import { grantableFolder } from "../acp/client/callbacks/pathGrants";
import type { ConsentPrompt, PermissionNotifier, ReadConsent, UrlConsent } from "../acp/ports";

const noFolderText = () => vscode.l10n.t("No folder is open, so every file is outside the workspace.");

type Choice<T> = vscode.MessageItem & { readonly answer: T | DenyTurn };

/**
 * A modal consent dialog: `allow` first, then "Deny" (`denial`) and "Deny all from <agent> this
 * turn", the close affordance, so that Escape and the close button answer DENY_TURN.
 */
async function askConsent<T>(
  agent: string,
  message: string,
  detail: string,
  allow: readonly Choice<T>[],
  denial: Choice<T>,
): Promise<T | DenyTurn> {
  const denyTurn: Choice<T> = {
    title: vscode.l10n.t("Deny all from {0} this turn", agent),
    answer: DENY_TURN,
    isCloseAffordance: true,
  };
  const closing = vscode.l10n.t("Closing this dialog denies everything {0} asks until your next message.", agent);
  const answer = await vscode.window.showWarningMessage<Choice<T>>(
    message,
    { modal: true, detail: `${detail}\n\n${closing}` },
    ...allow,
    denial,
    denyTurn,
  );
  return answer?.answer ?? DENY_TURN;
}

const denyChoice = <T>(answer: T): Choice<T> => ({ title: vscode.l10n.t("Deny"), answer });

export const consentDialogs: ConsentPrompt = {
  allowWriteOutsideWorkspace(agent, path, noFolder) {
    return askConsent(
      agent,
      vscode.l10n.t("{0} wants to write a file outside the workspace:\n{1}", agent, path),
      `${noFolder ? `${noFolderText()} ` : ""}${vscode.l10n.t("Only allow this if you asked the agent to change this file.")}`,
      [{ title: vscode.l10n.t("Allow this write"), answer: true }],
      denyChoice(false),
    );
  },
  allowReadOutsideWorkspace(agent, path, noFolder): Promise<ReadConsent> {
    const file: Choice<ReadConsent> = { title: vscode.l10n.t("Allow this file"), answer: "file" };
    const folder: Choice<ReadConsent> = {
      title: vscode.l10n.t("Allow this folder for this session"),
      answer: "folder",
    };
    const folderPath = grantableFolder(path);
    return askConsent<ReadConsent>(
      agent,
      vscode.l10n.t("{0} wants to read a file outside the workspace:\n{1}", agent, path),
      `${noFolder ? `${noFolderText()}\n\n` : ""}${vscode.l10n.t("Files outside the project may hold secrets (keys, tokens, other projects).")} ` +
        `${folderPath ? vscode.l10n.t('"Allow this file" lets this session read this file; "Allow this folder for this session" lets it read everything in {0}.', folderPath) : vscode.l10n.t('"Allow this file" lets this session read this file.')} ` +
        vscode.l10n.t('Allowing lasts until the session ends; review or clear it with "ACP: Manage Permission Rules".'),
      folderPath ? [file, folder] : [file],
      denyChoice<ReadConsent>("deny"),
    );
  },
  allowSensitiveWrite(agent, path, why) {
    return askConsent(
      agent,
      vscode.l10n.t("{0} wants to change {1}, a sensitive file.", agent, vscode.workspace.asRelativePath(path)),
      vscode.l10n.t(
        "This file {0}. The panel always asks before an agent writes it, whatever your permission rules say. Only allow this if you asked for this change.",
        why,
      ),
      [{ title: vscode.l10n.t("Allow this write"), answer: true }],
      denyChoice(false),
    );
  },
  allowOverwriteUnsaved(agent, path) {
    return askConsent(
      agent,
      vscode.l10n.t(
        "{0} wants to rewrite {1}, which has unsaved changes of yours.",
        agent,
        vscode.workspace.asRelativePath(path),
      ),
      vscode.l10n.t("Keeping your changes refuses the agent's write; the agent is told why."),
      [{ title: vscode.l10n.t("Replace my unsaved changes"), answer: true }],
      { title: vscode.l10n.t("Keep my changes"), answer: false },
    );
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
    const answer = await askConsent(
      agent,
      vscode.l10n.t("{0} asks you to open {1}", agent, parsed.hostname),
      `${message}\n\n${url}${punycode ? `\n\n${vscode.l10n.t("Warning: this domain uses non-Latin characters (punycode) and may imitate another site.")}` : ""}`,
      [{ title: vscode.l10n.t("Open in browser"), answer: true }],
      { title: vscode.l10n.t("Don't open"), answer: false },
    );
    if (answer !== true) return answer;
    return vscode.env.openExternal(vscode.Uri.parse(url));
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
