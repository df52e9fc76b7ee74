/**
 * The page that stands in for media/webview.html: the same stylesheets and module script, the
 * same no-inline-script CSP (or the product's nonce-only one, or none), a separate script that
 * fakes `acquireVsCodeApi`, the theme's variables and, for a display language, its l10n bundle.
 * The query of the page's URL chooses: `csp=off|nonce`, `theme=light|high-contrast`, `locale=zh-cn`.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { modulePreloadTags, preloadChunks } from "../../src/shared/wire/modulePreloads";
import { type Theme, isTheme } from "./themeStylesheets";

const here = dirname(fileURLToPath(import.meta.url));
const distDir = resolve(here, "../../dist/webview");

// Mirrors media/webview.html's policy, with 'self' standing in for the webview's cspSource.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self' data:;";
// media/webview.html's script policy exactly: scripts only by nonce (chunks loaded by import() too).
const TEST_NONCE = "test-nonce-0123456789";
const NONCE_CSP = `default-src 'none'; script-src 'nonce-${TEST_NONCE}'; style-src 'self'; font-src 'self'; img-src 'self' data:;`;

type CspMode = "self" | "nonce" | "off";

function parseCsp(value: string | null): CspMode {
  return value === "off" || value === "nonce" ? value : "self";
}

function parseTheme(value: string | null): Theme {
  return isTheme(value) ? value : "dark";
}

/**
 * The l10n bundle the host would put in the page for a display language (media/webview.html's
 * `acp-l10n` data block, from l10n/bundle.l10n.<locale>.json); none for English.
 */
function l10nBlock(locale: string | null): string {
  if (locale === null || !/^[a-z]{2}(-[a-z]{2})?$/.test(locale)) return "";
  const bundle = readFileSync(resolve(here, `../../l10n/bundle.l10n.${locale}.json`), "utf8");
  return `<script type="application/json" id="acp-l10n">${JSON.stringify(JSON.parse(bundle)).replace(/</g, "\\u003c")}</script>`;
}

function pageFor(csp: CspMode, theme: Theme, locale: string | null): string {
  const nonce = csp === "nonce" ? ` nonce="${TEST_NONCE}"` : "";
  // Like the host (src/vscode/webviewHtml.ts) under the product's policy: main.js's chunks preloaded beside it.
  const preloadFile = join(distDir, "preload.json");
  const preloads =
    csp === "nonce" && existsSync(preloadFile)
      ? modulePreloadTags(preloadChunks(readFileSync(preloadFile, "utf8")), (name) => `/dist/${name}`, TEST_NONCE)
      : "";
  return `<!DOCTYPE html>
<html lang="${locale ?? "en"}">
<head>
  <meta charset="UTF-8">
  ${csp === "off" ? "" : `<meta http-equiv="Content-Security-Policy" content="${csp === "nonce" ? NONCE_CSP : CSP}">`}
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="/page/vscodeDefaults.css">
  <link rel="stylesheet" href="/page/theme-${theme}.css">
  <link rel="stylesheet" href="/dist/codicon.css">
  <link rel="stylesheet" href="/dist/main.css">
  ${preloads}
  <script src="/page/fakeVsCodeApi.js"${nonce}></script>
  <title>ACP Panel test</title>
</head>
<body class="vscode-${theme}">
  <div id="root"></div>
  ${l10nBlock(locale)}
  <script type="module" src="/dist/main.js"${nonce}></script>
</body>
</html>`;
}

/** The test page for the options in `query` (see the file's comment). */
export function testPage(query: URLSearchParams): string {
  return pageFor(parseCsp(query.get("csp")), parseTheme(query.get("theme")), query.get("locale"));
}
