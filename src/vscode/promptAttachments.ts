/** Turning editor selections and files into prompt attachments (sent as resources or links). */
import * as vscode from "vscode";
import type { Attachment } from "../shared/wire/protocol";

const MAX_EMBED_BYTES = 256 * 1024;

export function attachmentFromSelection(editor: vscode.TextEditor | undefined): Attachment | undefined {
  if (!editor || editor.selection.isEmpty) return undefined;
  const { document, selection } = editor;
  const name = `${vscode.workspace.asRelativePath(document.uri)}:${selection.start.line + 1}-${selection.end.line + 1}`;
  const uri = document.uri.with({ fragment: `L${selection.start.line + 1}-L${selection.end.line + 1}` }).toString();
  return { uri, name, text: document.getText(selection), mimeType: "text/plain" };
}

export async function attachmentsFromUris(uris: readonly vscode.Uri[]): Promise<Attachment[]> {
  const out: Attachment[] = [];
  for (const uri of uris) {
    const stat = await vscode.workspace.fs.stat(uri).then(
      (s) => s,
      () => undefined,
    );
    const name = vscode.workspace.asRelativePath(uri);
    if (!stat || stat.type & vscode.FileType.Directory || stat.size > MAX_EMBED_BYTES) {
      out.push({ uri: uri.toString(), name }); // a link: the agent reads it itself
      continue;
    }
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    const bytes = open ? undefined : await vscode.workspace.fs.readFile(uri);
    if (bytes?.includes(0)) {
      out.push({ uri: uri.toString(), name });
      continue;
    }
    out.push({ uri: uri.toString(), name, text: open?.getText() ?? new TextDecoder().decode(bytes) });
  }
  return out;
}
