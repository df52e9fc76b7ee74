/**
 * Runs the built webview (dist/webview/) in Debian's Chromium through playwright-core.
 *
 * A node:http server on 127.0.0.1 serves the bundle beside a test page that stands in for
 * media/webview.html: the same stylesheets and module script, the same no-inline-script CSP,
 * and a separate script that fakes `acquireVsCodeApi`. Tests speak the real protocol:
 * host messages go in through `window.postMessage`, and what the webview posts is read back
 * from `window.__sent`.
 *
 * Build first: `node esbuild.mjs` (the `test:webview` script does).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from "playwright-core";
import { modulePreloadTags, preloadChunks } from "../../src/shared/wire/modulePreloads";
import type { PanelAction, PanelState } from "../../src/shared/wire/panelState";
import type { WebviewMessage } from "../../src/shared/wire/protocol";

declare global {
  interface Window {
    __sent: WebviewMessage[];
    __cspViolations: string[];
    /** Set by injected markup if it ever executes. */
    __pwned?: unknown;
    __probe?: unknown;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const distDir = resolve(here, "../../dist/webview");
const pageDir = join(here, "page");

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

// Mirrors media/webview.html's policy, with 'self' standing in for the webview's cspSource.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self' data:;";
// media/webview.html's script policy exactly: scripts only by nonce (chunks loaded by import() too).
const TEST_NONCE = "test-nonce-0123456789";
const NONCE_CSP = `default-src 'none'; script-src 'nonce-${TEST_NONCE}'; style-src 'self'; font-src 'self'; img-src 'self' data:;`;

type CspMode = "self" | "nonce" | "off";

export type Theme = "dark" | "light" | "high-contrast";

const themeFiles: Record<Theme, string> = {
  dark: "theme.css",
  light: "theme-light.css",
  "high-contrast": "theme-hc.css",
};

function parseCsp(value: string | null): CspMode {
  return value === "off" || value === "nonce" ? value : "self";
}

function parseTheme(value: string | null): Theme {
  return value === "light" || value === "high-contrast" ? value : "dark";
}

// axe-core, served from 'self' so the page's CSP stays the product's (see `Panel.axe`).
const axeFile = resolve(here, "../../node_modules/axe-core/axe.min.js");

/**
 * The l10n bundle the host would put in the page for a display language (media/webview.html's
 * `acp-l10n` data block, from l10n/bundle.l10n.<locale>.json); none for English.
 */
function l10nBlock(locale: string | null): string {
  if (locale === null || !/^[a-z]{2}(-[a-z]{2})?$/.test(locale)) return "";
  const bundle = readFileSync(resolve(here, `../../l10n/bundle.l10n.${locale}.json`), "utf8");
  return `<script type="application/json" id="acp-l10n">${JSON.stringify(JSON.parse(bundle)).replace(/</g, "\\u003c")}</script>`;
}

function testPage(csp: CspMode, theme: Theme, locale: string | null = null): string {
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
  <link rel="stylesheet" href="/page/${themeFiles[theme]}">
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

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".ttf": "font/ttf",
  ".map": "application/json",
};

function serveFile(root: string, relative: string): { body: Buffer; type: string } | undefined {
  const file = normalize(join(root, relative));
  if (!file.startsWith(root + sep) || !existsSync(file)) return undefined;
  return { body: readFileSync(file), type: contentTypes[extname(file)] ?? "application/octet-stream" };
}

export interface Harness {
  readonly browser: Browser;
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  if (!existsSync(join(distDir, "main.js")) || !existsSync(join(distDir, "main.css"))) {
    throw new Error(`No webview bundle in ${distDir}: run \`node esbuild.mjs\` first.`);
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/favicon.ico") {
      response.writeHead(204).end();
      return;
    }
    const found =
      url.pathname === "/"
        ? {
            body: Buffer.from(
              testPage(
                parseCsp(url.searchParams.get("csp")),
                parseTheme(url.searchParams.get("theme")),
                url.searchParams.get("locale"),
              ),
            ),
            type: "text/html; charset=utf-8",
          }
        : url.pathname.startsWith("/dist/")
          ? serveFile(distDir, url.pathname.slice("/dist/".length))
          : url.pathname.startsWith("/page/")
            ? serveFile(pageDir, url.pathname.slice("/page/".length))
            : url.pathname === "/vendor/axe.js"
              ? { body: readFileSync(axeFile), type: contentTypes[".js"] }
              : undefined;
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": found.type, "cache-control": "no-store" }).end(found.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const home = mkdtempSync(join(tmpdir(), "acp-panel-webview-"));
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: CHROMIUM_ARGS,
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_CACHE_HOME: join(home, ".cache") },
    });
  } catch (error) {
    await closeServer(server);
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  return {
    browser,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await browser.close();
      await closeServer(server);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

export interface OpenOptions {
  /**
   * false: serve the page without its CSP, to prove sanitizing alone keeps injected markup inert;
   * "nonce": the product's script policy (nonce only) instead of 'self'.
   */
  readonly csp?: boolean | "nonce";
  /** Runs on the fresh context before the page loads (e.g. to hold back a chunk with `route`). */
  readonly beforeLoad?: (context: BrowserContext) => Promise<unknown>;
  readonly theme?: Theme;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** The display language whose l10n bundle the page carries (e.g. "zh-cn"); English when unset. */
  readonly locale?: string;
}

/** The slice of axe-core's API the tests use (its own types describe the Node entry point). */
interface AxeApi {
  run(
    context: Document,
    options: { resultTypes: string[] },
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  }>;
}

/** One webview instance in its own browser context (fresh storage and clipboard). */
export class Panel {
  /** Uncaught exceptions, console errors and CSP violations; `assertHealthy` checks it is empty. */
  readonly problems: string[] = [];
  readonly warnings: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    page.on("pageerror", (error) => this.problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") this.problems.push(`console.error: ${message.text()}`);
      if (message.type() === "warning") this.warnings.push(message.text());
    });
  }

  static async open(harness: Harness, options: OpenOptions = {}): Promise<Panel> {
    const context = await harness.browser.newContext({ viewport: options.viewport ?? { width: 420, height: 720 } });
    await options.beforeLoad?.(context);
    const panel = new Panel(context, await context.newPage());
    const query = new URLSearchParams();
    if (options.csp === false) query.set("csp", "off");
    if (options.csp === "nonce") query.set("csp", "nonce");
    if (options.theme !== undefined && options.theme !== "dark") query.set("theme", options.theme);
    if (options.locale !== undefined) query.set("locale", options.locale);
    await panel.page.goto(`${harness.baseUrl}/${query.size > 0 ? `?${query}` : ""}`);
    await panel.waitForSent("webview/ready");
    return panel;
  }

  /** Posts a host → webview message exactly as VS Code delivers it: a window `message` event. */
  async send(message: unknown): Promise<void> {
    await this.page.evaluate((data) => window.postMessage(data, "*"), message);
  }

  async sendAll(messages: readonly unknown[]): Promise<void> {
    await this.page.evaluate((all) => {
      for (const data of all) window.postMessage(data, "*");
    }, messages);
  }

  snapshot(seq: number, state: PanelState): Promise<void> {
    return this.send({ type: "state/snapshot", seq, state });
  }

  actions(seq: number, actions: readonly PanelAction[]): Promise<void> {
    return this.send({ type: "state/actions", seq, actions });
  }

  /** What the webview posted, without its `state/ack` flow control (see `sentOfType` for those). */
  async sent(): Promise<WebviewMessage[]> {
    return (await this.page.evaluate(() => window.__sent)).filter((message) => message.type !== "state/ack");
  }

  async sentOfType<T extends WebviewMessage["type"]>(type: T): Promise<Extract<WebviewMessage, { type: T }>[]> {
    return (await this.page.evaluate(() => window.__sent)).filter(
      (message): message is Extract<WebviewMessage, { type: T }> => message.type === type,
    );
  }

  async waitForSent(type: WebviewMessage["type"], count = 1): Promise<void> {
    await this.page.waitForFunction(
      ([wanted, n]) => window.__sent.filter((message) => message.type === wanted).length >= n,
      [type, count] as const,
      { timeout: 5_000 },
    );
  }

  /**
   * Runs axe-core (WCAG 2 A/AA rules and best practices) over the page and returns its violations,
   * one line each: rule, impact, and the offending elements with axe's summary of why.
   */
  async axe(): Promise<string[]> {
    if (!(await this.page.evaluate(() => "axe" in window))) await this.page.addScriptTag({ url: "/vendor/axe.js" });
    return this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map(
        (v) =>
          `${v.id} (${v.impact ?? "?"}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")}: ${n.failureSummary ?? ""}`.replace(/\n/g, " ")).join("\n")}`,
      );
    });
  }

  /** Opens every collapsed tool card in view (completed cards start collapsed). */
  async expandToolCards(): Promise<void> {
    const closed = this.page.locator('article.tool-card button[aria-label="Details"][aria-expanded="false"]');
    for (let left = await closed.count(); left > 0; left = await closed.count()) await closed.first().click();
  }

  /**
   * Expands the panel above the composer whose summary row starts with `heading` ("Plan", "Files
   * changed", "Queued"), as a user would: they start as one collapsed row (issue 29). Waits for it.
   */
  async expandPanel(heading: string): Promise<void> {
    const toggle = this.page.locator(".section-bar > .section-toggle").filter({ hasText: new RegExp(`^${heading}`) });
    await toggle.waitFor();
    if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  }

  async assertHealthy(): Promise<void> {
    const violations = await this.page.evaluate(() => window.__cspViolations);
    const problems = [...this.problems, ...violations.map((v) => `CSP violation: ${v}`)];
    if (problems.length > 0) throw new Error(`The webview reported problems:\n${problems.join("\n")}`);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** Retries `check` until it passes or `timeoutMs` runs out (rendering is batched per frame). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 25));
    }
  }
}

/** The computed value of a CSS colour expression in the page's theme (e.g. a `color-mix` of variables). */
export async function computedColour(page: Page, expression: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement("span");
    probe.style.color = value;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, expression);
}

/** Waits two animation frames: anything the store scheduled has rendered. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Whether the element with exactly `text` in the transcript `log` is at least partly in its visible box. */
export function shownInLog(log: Locator, text: string): Promise<boolean> {
  return log.getByText(text, { exact: true }).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = element.closest("[role=log]")?.getBoundingClientRect();
    return view !== undefined && box.bottom > view.top && box.top < view.bottom;
  });
}
