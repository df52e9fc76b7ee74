/**
 * The EditorIntelligencePort over VS Code's own commands, so the agent tools work for every
 * language with an installed extension: `vscode.executeDefinitionProvider`,
 * `vscode.executeReferenceProvider`, `vscode.executeHoverProvider`,
 * `vscode.executeDocumentSymbolProvider`, `vscode.executeWorkspaceSymbolProvider`,
 * `languages.getDiagnostics`, and the tab groups / active editor. Only `file:` documents are
 * reported. Documents are opened (not shown) before asking their providers: a provider answers
 * only for a document VS Code has loaded. Diagnostics: fileDiagnostics.ts.
 */
import * as vscode from "vscode";
import type { LocationInfo, Position, Range, SymbolInfo } from "../acp/client/mcpTools/editorIntelligence";
import { DiagnosticsWatch, inTab } from "./fileDiagnostics";
import type { EditorIntelligencePort } from "../acp/ports";

const range = (value: vscode.Range): Range => ({
  start: { line: value.start.line, character: value.start.character },
  end: { line: value.end.line, character: value.end.character },
});
// A kind from a newer VS Code than our typings has no name in the enum.
const kindNames: Readonly<Record<number, string | undefined>> = vscode.SymbolKind;
const kindName = (kind: vscode.SymbolKind): string => kindNames[kind] ?? "Symbol";

async function documentUri(path: string): Promise<vscode.Uri> {
  const uri = vscode.Uri.file(path);
  await vscode.workspace.openTextDocument(uri);
  return uri;
}

function toLocations(
  found: Array<vscode.Location | vscode.LocationLink> | vscode.Location | undefined,
): LocationInfo[] {
  const list = found === undefined ? [] : Array.isArray(found) ? found : [found];
  return list.flatMap((item) => {
    const uri = "targetUri" in item ? item.targetUri : item.uri;
    const where = "targetUri" in item ? (item.targetSelectionRange ?? item.targetRange) : item.range;
    return uri.scheme === "file" ? [{ path: uri.fsPath, range: range(where) }] : [];
  });
}

function toSymbols(found: Array<vscode.DocumentSymbol | vscode.SymbolInformation> | undefined): SymbolInfo[] {
  return (found ?? []).map((symbol) =>
    "children" in symbol
      ? {
          name: symbol.name,
          kind: kindName(symbol.kind),
          range: range(symbol.range),
          ...(symbol.children.length > 0 ? { children: toSymbols(symbol.children) } : {}),
        }
      : {
          name: symbol.name,
          kind: kindName(symbol.kind),
          range: range(symbol.location.range),
          ...(symbol.containerName ? { containerName: symbol.containerName } : {}),
        },
  );
}

// Hover.contents is still typed with the deprecated MarkedString, so a provider may return one.
/* eslint-disable @typescript-eslint/no-deprecated */
function hoverText(content: vscode.MarkdownString | vscode.MarkedString): string {
  if (typeof content === "string") return content;
  if ("language" in content) return `\`\`\`${content.language}\n${content.value}\n\`\`\``;
  return content.value;
}
/* eslint-enable @typescript-eslint/no-deprecated */

/** The port, with the diagnostics watch it keeps from activation on (dispose it with the extension). */
export function createVscodeIntelligence(): EditorIntelligencePort & vscode.Disposable {
  const watch = new DiagnosticsWatch();
  return { ...intelligence(watch), dispose: () => watch.dispose() };
}

const intelligence = (watch: DiagnosticsWatch): EditorIntelligencePort => ({
  diagnostics: (path) => watch.file(path),

  workspaceDiagnostics: () => watch.all(),

  async documentOrigin(path) {
    const uri = vscode.Uri.file(path);
    const open = inTab(uri);
    return { languageId: (await vscode.workspace.openTextDocument(uri)).languageId, open };
  },

  async documentSymbols(path) {
    const uri = await documentUri(path);
    return toSymbols(
      await vscode.commands.executeCommand<Array<vscode.DocumentSymbol | vscode.SymbolInformation>>(
        "vscode.executeDocumentSymbolProvider",
        uri,
      ),
    );
  },

  async workspaceSymbols(query) {
    const found =
      (await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>(
        "vscode.executeWorkspaceSymbolProvider",
        query,
      )) ?? [];
    return found
      .filter((symbol) => symbol.location.uri.scheme === "file")
      .map((symbol) => ({
        name: symbol.name,
        kind: kindName(symbol.kind),
        range: range(symbol.location.range),
        path: symbol.location.uri.fsPath,
        ...(symbol.containerName ? { containerName: symbol.containerName } : {}),
      }));
  },

  async definition(path, position) {
    return toLocations(
      await vscode.commands.executeCommand("vscode.executeDefinitionProvider", await documentUri(path), at(position)),
    );
  },

  async references(path, position) {
    return toLocations(
      await vscode.commands.executeCommand("vscode.executeReferenceProvider", await documentUri(path), at(position)),
    );
  },

  async hover(path, position) {
    const hovers =
      (await vscode.commands.executeCommand<vscode.Hover[] | undefined>(
        "vscode.executeHoverProvider",
        await documentUri(path),
        at(position),
      )) ?? [];
    return hovers.flatMap((hover) => hover.contents.map(hoverText)).filter((text) => text.trim().length > 0);
  },

  openEditors() {
    const active = vscode.window.tabGroups.activeTabGroup.activeTab;
    const editors = vscode.window.tabGroups.all.flatMap((group, index) =>
      group.tabs.flatMap((tab) => {
        const input = tab.input;
        if (!(input instanceof vscode.TabInputText) || input.uri.scheme !== "file") return [];
        return [{ path: input.uri.fsPath, active: tab === active, dirty: tab.isDirty, group: index + 1 }];
      }),
    );
    return Promise.resolve(editors);
  },

  selection() {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== "file") return Promise.resolve(undefined);
    return Promise.resolve({
      path: editor.document.uri.fsPath,
      range: range(editor.selection),
      text: editor.document.getText(editor.selection),
    });
  },
});

const at = (position: Position) => new vscode.Position(position.line, position.character);
