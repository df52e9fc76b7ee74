/**
 * The "Add … to Prompt" commands and Send to Agent: the editor's selection, files (from the
 * explorer, the editor's title or a file dialog), problems, Source Control diffs, the terminal
 * (selection, last command) and the open editors. Each builds an attachment on the host and sends
 * it to the composer as a chip (`composer/attach`); the prompt builder turns it into the content
 * block the agent accepts.
 */
import * as vscode from "vscode";
import type { Attachment } from "../shared/wire/protocol";
import type { GitExecutable } from "../acp/checkpoints/gitExecutable";
import type { ChatViewProvider } from "./chatViewProvider";
import type { CommandId } from "./commands";
import { pickProblems } from "./problemAttachments";
import { diffAttachment } from "./scmAttachments";
import { terminalSelection, type TerminalCommandLog } from "./terminalAttachments";
import { attachmentFromSelection, attachmentsFromUris } from "./promptAttachments";

type AttachCommandId = Extract<CommandId, `acpPanel.add${string}ToPrompt` | "acpPanel.sendToAgent">;
type Handlers = Record<AttachCommandId, (...args: unknown[]) => unknown>;

export interface AttachContext {
  readonly view: ChatViewProvider;
  readonly focus: () => Promise<void>;
  /** git by its absolute path, the checkpoints' resolver (gitExecutable.ts). */
  readonly git: () => Promise<GitExecutable>;
  readonly terminals: TerminalCommandLog;
}

/** `terminal/context` passes the terminal clicked; the palette passes nothing. */
function terminalOf(arg: unknown): vscode.Terminal | undefined {
  const given = vscode.window.terminals.find((terminal) => terminal === arg);
  return given ?? vscode.window.activeTerminal;
}

export function attachCommands(context: AttachContext): Handlers {
  const attach = async (attachments: readonly Attachment[]) => {
    if (attachments.length === 0) return;
    await context.focus();
    for (const attachment of attachments) context.view.post({ type: "composer/attach", attachment });
  };
  const one = async (attachment: Attachment | undefined) => attach(attachment ? [attachment] : []);
  return {
    "acpPanel.addSelectionToPrompt": async () => {
      const attachment = attachmentFromSelection(vscode.window.activeTextEditor);
      if (!attachment)
        return void vscode.window.showInformationMessage(vscode.l10n.t("Select some text in an editor first."));
      await one(attachment);
    },
    "acpPanel.addFileToPrompt": async (uri?: unknown) => {
      const uris =
        uri instanceof vscode.Uri
          ? [uri]
          : await vscode.window.showOpenDialog({
              canSelectMany: true,
              title: vscode.l10n.t("Add files to the prompt"),
            });
      if (!uris?.length) return;
      await context.focus();
      for (const attachment of await attachmentsFromUris(uris))
        context.view.post({ type: "composer/attach", attachment });
    },
    "acpPanel.sendToAgent": async (uri?: unknown, selected?: unknown) => {
      const editor = vscode.window.activeTextEditor;
      const fromSelection =
        uri === undefined ||
        (uri instanceof vscode.Uri && editor?.document.uri.toString() === uri.toString() && !editor.selection.isEmpty)
          ? attachmentFromSelection(editor)
          : undefined;
      const uris = Array.isArray(selected)
        ? selected.filter((u): u is vscode.Uri => u instanceof vscode.Uri)
        : uri instanceof vscode.Uri
          ? [uri]
          : [];
      const attachments = fromSelection ? [fromSelection] : await attachmentsFromUris(uris);
      await context.focus();
      for (const attachment of attachments) context.view.post({ type: "composer/attach", attachment });
    },
    "acpPanel.addProblemsToPrompt": async () => one(await pickProblems()),
    "acpPanel.addWorkingTreeDiffToPrompt": async (arg?: unknown) =>
      one(await diffAttachment("working-tree", arg, context.git)),
    "acpPanel.addStagedDiffToPrompt": async (arg?: unknown) => one(await diffAttachment("staged", arg, context.git)),
    "acpPanel.addTerminalSelectionToPrompt": async (arg?: unknown) => {
      const terminal = terminalOf(arg);
      const attachment = terminal && terminalSelection(terminal, context.terminals);
      if (!attachment)
        return void vscode.window.showInformationMessage(vscode.l10n.t("Select some text in a terminal first."));
      await one(attachment);
    },
    "acpPanel.addTerminalCommandToPrompt": async (arg?: unknown) => {
      const terminal = terminalOf(arg);
      const attachment = terminal && (await context.terminals.lastCommand(terminal));
      if (!attachment)
        return void vscode.window.showInformationMessage(
          context.terminals.supported
            ? vscode.l10n.t(
                "No command seen in this terminal yet: its shell needs shell integration, and commands run after the panel opened.",
              )
            : vscode.l10n.t("This VS Code has no terminal shell integration API (1.93 or later has)."),
        );
      await one(attachment);
    },
    "acpPanel.addOpenEditorsToPrompt": async () => {
      const seen = new Set<string>();
      const uris: vscode.Uri[] = [];
      for (const tab of vscode.window.tabGroups.all.flatMap((group) => group.tabs)) {
        if (!(tab.input instanceof vscode.TabInputText) || seen.has(tab.input.uri.toString())) continue;
        if (tab.input.uri.scheme !== "file") continue;
        seen.add(tab.input.uri.toString());
        uris.push(tab.input.uri);
      }
      if (uris.length === 0) return void vscode.window.showInformationMessage(vscode.l10n.t("No editor is open."));
      await attach(await attachmentsFromUris(uris));
    },
  };
}
