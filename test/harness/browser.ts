/**
 * Playwright (playwright-core, no browser download) driving Debian's Chromium against a
 * code-server workbench. See docs/reference/vscode-e2e.md, section 6.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type FrameLocator, type Page } from "playwright-core";
import { extensionId, resultsDir } from "./paths";
import { credentialFor, signIn } from "./serverAuth";
import { ensureTools } from "./tools";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
] as const;

export interface LaunchOptions {
  /** HOME for Chromium (it writes ~/.config/chromium even with a temporary profile); use the server's. */
  readonly homeDir: string;
}

export async function launchBrowser({ homeDir }: LaunchOptions): Promise<Browser> {
  const { chromiumPath } = ensureTools();
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS],
    env: {
      ...process.env,
      HOME: homeDir,
      XDG_CONFIG_HOME: join(homeDir, ".config"),
      XDG_CACHE_HOME: join(homeDir, ".cache"),
    },
  });
}

export interface Workbench {
  readonly page: Page;
  /** Browser console errors and uncaught page errors, for diagnostics. */
  readonly errors: string[];
}

/**
 * Opens `url` (a code-server folder URL) in a fresh context and waits for the workbench DOM. A
 * server this process started is signed in to first, with its folders trusted (serverAuth.ts).
 */
export async function openWorkbench(browser: Browser, url: string, timeoutMs = 90_000): Promise<Workbench> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const credential = credentialFor(url);
  if (credential) await signIn(context, credential);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  await page.goto(url, { timeout: timeoutMs }); // a loaded machine takes longer than the default 30 s
  await page.locator(".monaco-workbench").waitFor({ timeout: timeoutMs });
  return { page, errors };
}

/**
 * Runs a command by its palette title (e.g. "ACP: New Session") through F1. The palette lists the
 * commands known when it opens, so a command an extension registers later is retried until
 * `timeoutMs`.
 */
export async function runCommand(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const input = page.locator(".quick-input-widget .quick-input-box input");
  // Exact title match: the palette also lists fuzzy matches, and a row's text may end with its keybinding.
  const row = page
    .locator(".quick-input-widget .monaco-list-row", { has: page.getByText(title, { exact: true }) })
    .first();
  // The palette closes when anything takes the focus (a webview focusing its prompt box a moment
  // after its view was shown, on a loaded machine): then it is opened again, until the deadline.
  for (;;) {
    const step = Math.max(1_000, Math.min(5_000, deadline - Date.now()));
    await page.keyboard.press("F1");
    try {
      await input.waitFor({ state: "visible", timeout: step });
      await input.fill(">" + title, { timeout: step });
      await row.waitFor({ timeout: step });
      await row.click({ timeout: step });
      return;
    } catch (error) {
      if (await input.isVisible()) await page.keyboard.press("Escape");
      if (Date.now() >= deadline)
        throw new Error(`no command "${title}" in the palette after ${timeoutMs} ms`, { cause: error });
    }
  }
}

/**
 * Opens a workspace file in the editor through Quick Open (F1 without the ">" prefix). On a loaded
 * machine the file search may answer after the first query, or the widget may lose the focus: as in
 * `runCommand`, the widget is opened and the name typed again until the deadline.
 */
export async function openFile(page: Page, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const input = page.locator(".quick-input-widget .quick-input-box input");
  const row = page.locator(".quick-input-widget .monaco-list-row", { hasText: name }).first();
  const tab = page.locator(".tabs-container .tab", { hasText: name }).first();
  for (;;) {
    const step = Math.max(1_000, Math.min(10_000, deadline - Date.now()));
    try {
      await page.keyboard.press("F1");
      await input.waitFor({ state: "visible", timeout: step });
      await input.fill(name, { timeout: step });
      await row.waitFor({ timeout: step });
      await row.click({ timeout: step });
      await tab.waitFor({ timeout: step });
      return;
    } catch (error) {
      if (await tab.isVisible()) return;
      if (await input.isVisible()) await page.keyboard.press("Escape");
      if (Date.now() >= deadline)
        throw new Error(`Quick Open did not open "${name}" within ${timeoutMs} ms`, { cause: error });
    }
  }
}

/** Opens the ACP Panel view container (command `workbench.view.extension.acpPanel`). */
export async function openChatView(page: Page, timeoutMs = 60_000): Promise<void> {
  // The container's activity-bar entry appears once the extension's contributions are registered.
  await page.locator('.activitybar .action-label[aria-label^="ACP Panel"]').waitFor({ timeout: timeoutMs });
  await runCommand(page, "View: Show ACP Panel");
}

/**
 * The inner frame of our webview view: the outer iframe narrowed by extension id, then #active-frame.
 * A view's iframe says `purpose=webviewView`, but once the view has been hidden and shown again the
 * workbench re-creates it without that parameter: then it is the one left of the editor area (an
 * editor tab's webview lies inside it). Playwright's `:left-of` is a layout selector.
 */
export function chatFrame(page: Page): FrameLocator {
  const ours = `iframe.webview.ready[src*="extensionId=${extensionId()}"]`;
  return page
    .frameLocator(`${ours}[src*="purpose=webviewView"], ${ours}:left-of(.part.editor)`)
    .frameLocator("#active-frame");
}

/** The inner frame of our editor tab (*Open Session in Editor*): a WebviewPanel has no `purpose`. */
export function editorChatFrame(page: Page): FrameLocator {
  return page
    .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId()}"]:not([src*="purpose="])`)
    .frameLocator("#active-frame");
}

/** Saves a full-window PNG into test-results/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, name.endsWith(".png") ? name : `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Waits for a notification containing `text`. With the smoke-test driver on, toasts are not
 * shown, so this falls back to the notification center. Returns where it was found.
 */
export async function expectNotification(page: Page, text: string, timeoutMs = 15_000): Promise<"toast" | "center"> {
  const toast = page.locator(".notifications-toasts .notification-toast", { hasText: text }).first();
  try {
    await toast.waitFor({ timeout: Math.min(4_000, timeoutMs) });
    return "toast";
  } catch {
    // not a toast (or already gone): look in the center
  }
  const center = page.locator(".notifications-center .notification-list-item", { hasText: text }).first();
  if (!(await page.locator(".notifications-center.visible").count())) {
    await runCommand(page, "Notifications: Show Notifications");
  }
  await center.waitFor({ timeout: timeoutMs });
  return "center";
}

/**
 * Runs the item labelled `label` of the open context menu. A click that lands right as the menu
 * opens is ignored by the workbench (the menu then stays open): the item is hovered, which focuses
 * it, and Enter runs it. Hovering first matters: Enter alone would run whichever item has focus.
 */
export async function pickContextMenuItem(page: Page, label: string, timeoutMs = 15_000): Promise<void> {
  const menu = page.locator(".context-view .monaco-menu");
  const item = menu.locator(".action-label", { hasText: label }).first();
  await item.waitFor({ timeout: timeoutMs });
  const closed = () =>
    menu.waitFor({ state: "hidden", timeout: 2_000 }).then(
      () => true,
      () => false,
    );
  await item.hover();
  await item.click();
  if (await closed()) return;
  await item.hover();
  await page.keyboard.press("Enter");
  if (!(await closed())) throw new Error(`the context menu item "${label}" did not run: the menu is still open`);
}
