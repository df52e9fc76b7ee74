/**
 * Runs the built webview (dist/webview/) in Debian's Chromium through playwright-core.
 *
 * A node:http server on 127.0.0.1 serves the bundle beside a test page that stands in for
 * media/webview.html (testPage.ts). Tests speak the real protocol through a `Panel` (panel.ts):
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
import { type Browser, type Page, chromium } from "playwright-core";
import { testPage } from "./testPage";
import { isTheme, themeStylesheet } from "./themeStylesheets";

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

// axe-core, served from 'self' so the page's CSP stays the product's (see `Panel.axe`).
const axeFile = resolve(here, "../../node_modules/axe-core/axe.min.js");

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".ttf": "font/ttf",
  ".map": "application/json",
};

interface Served {
  readonly body: Buffer;
  readonly type: string;
}

function serveFile(root: string, relative: string): Served | undefined {
  const file = normalize(join(root, relative));
  if (!file.startsWith(root + sep) || !existsSync(file)) return undefined;
  return { body: readFileSync(file), type: contentTypes[extname(file)] ?? "application/octet-stream" };
}

/** What the server answers at `url`: the test page, the bundle, the page's own files, axe-core. */
function servedAt(url: URL): Served | undefined {
  if (url.pathname === "/") return { body: Buffer.from(testPage(url.searchParams)), type: "text/html; charset=utf-8" };
  if (url.pathname.startsWith("/dist/")) return serveFile(distDir, url.pathname.slice("/dist/".length));
  const theme = /^\/page\/theme-([\w-]+)\.css$/.exec(url.pathname)?.[1] ?? null;
  if (isTheme(theme)) return { body: Buffer.from(themeStylesheet(theme)), type: contentTypes[".css"]! };
  if (url.pathname.startsWith("/page/")) return serveFile(pageDir, url.pathname.slice("/page/".length));
  if (url.pathname === "/vendor/axe.js") return { body: readFileSync(axeFile), type: contentTypes[".js"]! };
  return undefined;
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
    const found = servedAt(url);
    if (found === undefined) {
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
