/**
 * "Add Problems to Prompt": the Problems view offers extensions no context menu with the problem
 * clicked, so the command (on the Problems view's title bar, the editor's context menu and the
 * palette) lists the active file's problems, or every file's, in a QuickPick: one problem, or all
 * of a file's. Each becomes a text attachment `acp-panel://problems/<path>[#L<line>]`.
 */
import * as vscode from "vscode";
import type { Attachment } from "../shared/wire/protocol";
import { problemsUri } from "../shared/wire/attachmentSource";
import { problemLine } from "../acp/client/mcpTools/toolOutput";
import { toDiagnostic } from "./fileDiagnostics";

/** A file's problems, one per line as the `diagnostics` tool shows them (toolOutput.problemLine); capped so a noisy linter can't flood the prompt. */
const MAX_PROBLEMS = 200;

/** `whole`: all of the file's problems (named so even when there is one), else the one problem given. */
export function problemAttachment(
  uri: vscode.Uri,
  diagnostics: readonly vscode.Diagnostic[],
  whole: boolean,
): Attachment {
  const path = vscode.workspace.asRelativePath(uri);
  const shown = diagnostics
    .slice(0, MAX_PROBLEMS)
    .map((diagnostic) => problemLine(toDiagnostic(uri, diagnostic), path));
  if (diagnostics.length > MAX_PROBLEMS) shown.push(`… ${diagnostics.length - MAX_PROBLEMS} more`);
  const one = whole ? undefined : diagnostics[0];
  return {
    uri: problemsUri(path, one ? one.range.start.line + 1 : undefined),
    name: one
      ? vscode.l10n.t("Problem {0}:{1}", path, one.range.start.line + 1)
      : vscode.l10n.t("Problems in {0}", path),
    mimeType: "text/plain",
    text: `${shown.join("\n")}\n`,
  };
}

interface ProblemPick extends vscode.QuickPickItem {
  readonly uri: vscode.Uri;
  readonly diagnostics: readonly vscode.Diagnostic[];
  readonly whole: boolean;
}

/** Asks which problems to attach: the active file's when it has any, else every file's. */
export async function pickProblems(): Promise<Attachment | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const own = active ? vscode.languages.getDiagnostics(active) : [];
  const files: Array<[vscode.Uri, readonly vscode.Diagnostic[]]> =
    active && own.length > 0
      ? [[active, own]]
      : vscode.languages.getDiagnostics().filter(([, diagnostics]) => diagnostics.length > 0);
  if (files.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t("There are no problems to add."));
    return undefined;
  }
  const items: Array<ProblemPick | vscode.QuickPickItem> = [];
  for (const [uri, diagnostics] of files) {
    const path = vscode.workspace.asRelativePath(uri);
    items.push({ label: path, kind: vscode.QuickPickItemKind.Separator });
    items.push({
      label: vscode.l10n.t("All problems in {0}", path),
      description: String(diagnostics.length),
      uri,
      diagnostics,
      whole: true,
    });
    for (const diagnostic of diagnostics.slice(0, MAX_PROBLEMS))
      items.push({
        label: diagnostic.message.split("\n")[0] ?? "",
        description: `${path}:${diagnostic.range.start.line + 1}`,
        detail: toDiagnostic(uri, diagnostic).severity,
        uri,
        diagnostics: [diagnostic],
        whole: false,
      });
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t("Add Problems to Prompt"),
    placeHolder: vscode.l10n.t("One problem, or all of a file's"),
    matchOnDescription: true,
  });
  return picked && "uri" in picked ? problemAttachment(picked.uri, picked.diagnostics, picked.whole) : undefined;
}
