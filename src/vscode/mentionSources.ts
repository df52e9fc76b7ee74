/**
 * What "@" offers in the composer: the editor's selection, open editors, symbols (of the active
 * file when the query is empty, of the workspace otherwise) and workspace files; for a query that
 * is an http(s) URL, only that URL, fetched once picked (urlAttachments.ts). Each item is
 * attached as it is picked: a file or an editor as a link to the file, a symbol as a link to its
 * lines, the selection with its text.
 */
import * as vscode from "vscode";
import type { MentionItem } from "../shared/wire/protocol";
import { attachmentFromSelection } from "./promptAttachments";
import { urlMention } from "./urlAttachments";

const PER_KIND = 8;
const EXCLUDE = "**/{node_modules,.git,dist,out}/**";

export async function searchMentions(query: string): Promise<MentionItem[]> {
  const url = urlMention(query);
  if (url) return [url]; // a URL names nothing in the workspace
  const wanted = query.trim().toLowerCase();
  const matches = (text: string) => wanted === "" || text.toLowerCase().includes(wanted);
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
  const items: MentionItem[] = [];

  const selection = attachmentFromSelection(editor);
  if (selection && matches(selection.name))
    items.push({
      kind: "selection",
      uri: selection.uri,
      name: selection.name,
      detail: vscode.l10n.t("Selection"),
      attachment: selection,
    });

  const seen = new Set<string>();
  for (const tab of vscode.window.tabGroups.all.flatMap((group) => group.tabs)) {
    if (!(tab.input instanceof vscode.TabInputText)) continue;
    const uri = tab.input.uri;
    if (seen.has(uri.toString()) || !matches(tab.label)) continue;
    seen.add(uri.toString());
    items.push({ kind: "editor", uri: uri.toString(), name: tab.label, detail: vscode.workspace.asRelativePath(uri) });
    if (seen.size >= PER_KIND) break;
  }

  items.push(...(await symbols(wanted, editor)));

  const glob = wanted ? `**/*${query.trim().replace(/[[\]{}*?]/g, "")}*` : "**/*";
  for (const uri of await vscode.workspace.findFiles(glob, EXCLUDE, 30)) {
    if (seen.has(uri.toString())) continue;
    items.push({
      kind: "file",
      uri: uri.toString(),
      name: uri.path.split("/").pop() ?? uri.path,
      detail: vscode.workspace.asRelativePath(uri),
    });
  }
  return items;
}

async function symbols(query: string, editor: vscode.TextEditor | undefined): Promise<MentionItem[]> {
  try {
    if (query === "") {
      if (!editor) return [];
      const found = await vscode.commands.executeCommand<
        Array<vscode.DocumentSymbol | vscode.SymbolInformation> | undefined
      >("vscode.executeDocumentSymbolProvider", editor.document.uri);
      return (found ?? [])
        .slice(0, PER_KIND)
        .map((symbol) =>
          symbolItem(symbol.name, editor.document.uri, "range" in symbol ? symbol.range : symbol.location.range),
        );
    }
    const found = await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>(
      "vscode.executeWorkspaceSymbolProvider",
      query,
    );
    return (found ?? [])
      .slice(0, PER_KIND)
      .map((symbol) => symbolItem(symbol.name, symbol.location.uri, symbol.location.range));
  } catch {
    return []; // no symbol provider for this language
  }
}

function symbolItem(name: string, uri: vscode.Uri, range: vscode.Range): MentionItem {
  const lines = `L${range.start.line + 1}-L${range.end.line + 1}`;
  const link = uri.with({ fragment: lines }).toString();
  return {
    kind: "symbol",
    uri: link,
    name,
    detail: `${vscode.workspace.asRelativePath(uri)}:${range.start.line + 1}`,
    attachment: { uri: link, name },
  };
}
