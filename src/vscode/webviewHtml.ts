/**
 * Fills the webview page template (media/webview.html) with resource URIs, the CSP source and a
 * fresh nonce, the display language and its l10n bundle, and modulepreload tags for the chunks main.js
 * imports (src/shared/wire/modulePreloads.ts). The template stays an HTML file; only placeholders are replaced here.
 */
import * as vscode from "vscode";
import { randomBytes } from "node:crypto";
import { modulePreloadTags, preloadChunks } from "../shared/wire/modulePreloads";

export async function renderWebviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri): Promise<string> {
  const template = new TextDecoder().decode(
    await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, "media", "webview.html")),
  );
  const asset = (name: string) =>
    webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, "dist", "webview", name)).toString();
  const nonce = randomBytes(18).toString("base64url");
  const preload = await vscode.workspace.fs
    .readFile(vscode.Uri.joinPath(extensionUri, "dist", "webview", "preload.json"))
    .then(
      (bytes) => new TextDecoder().decode(bytes),
      () => undefined, // a watch build before its first round: no preloads, main.js still loads its chunks
    );
  const values: Record<string, string> = {
    nonce,
    modulePreloads: modulePreloadTags(preloadChunks(preload), asset, nonce),
    cspSource: webview.cspSource,
    scriptUri: asset("main.js"),
    styleUri: asset("main.css"),
    codiconsUri: asset("codicon.css"),
    lang: vscode.env.language.replace(/[^A-Za-z0-9-]/g, ""),
    // The extension's l10n bundle for the display language (undefined in English); `<` escaped so
    // no string can close the script element.
    l10n: JSON.stringify(vscode.l10n.bundle ?? {}).replace(/</g, "\\u003c"),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}
