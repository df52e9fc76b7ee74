/**
 * More of the ACP Panel webview by accessible names (header, tabs, session list, composer chips)
 * and a few workbench helpers (QuickPick, modal dialog, reload), for the e2e tests of Bub
 * extensions, sessions and palette commands.
 */
import type { FrameLocator, Locator, Page } from "playwright-core";
import { chatFrame, runCommand } from "./browser";
import { fakeAgentEntry } from "./workbench";

/** The fake agent as `acpPanel.agents` entry in `profile`, with its own state file and wire log. */
export function fakeProfileAgent(options: {
  profile?: string;
  state?: string;
  log?: string;
  lody?: boolean;
  env?: Record<string, string>;
}): Record<string, unknown> {
  const env: Record<string, string> = { ...options.env };
  if (options.profile) env.FAKE_AGENT_PROFILE = options.profile;
  if (options.state) env.FAKE_AGENT_STATE = options.state;
  if (options.log) env.FAKE_AGENT_LOG = options.log;
  const entry = fakeAgentEntry(env);
  return options.lody ? { ...entry, clientInfo: { name: "lody-acp-panel" } } : entry;
}

export interface PanelParts {
  readonly frame: FrameLocator;
  readonly title: Locator;
  readonly meter: Locator;
  readonly tablist: Locator;
  readonly tabs: Locator;
  readonly newSession: Locator;
  readonly showSessions: Locator;
  readonly sessionList: Locator;
  readonly searchSessions: Locator;
  readonly chips: Locator;
}

export function panel(page: Page): PanelParts {
  const frame = chatFrame(page);
  const tablist = frame.getByRole("tablist", { name: "Sessions" });
  return {
    frame,
    title: frame.locator("h1.session-title"),
    meter: frame.getByRole("meter", { name: "Context window" }),
    tablist,
    tabs: tablist.getByRole("tab"),
    // The view title's action (issue 29 left one "New session" button, outside the webview).
    newSession: page.getByRole("button", { name: /^New Session\b/ }).first(),
    showSessions: frame.getByRole("button", { name: "Show sessions" }),
    sessionList: frame.getByRole("list", { name: "Session list" }),
    searchSessions: frame.getByRole("searchbox", { name: "Search sessions" }),
    chips: frame.getByRole("list", { name: "Attachments" }).locator("li"),
  };
}

/** The visible QuickPick's rows. */
export function quickPickRows(page: Page): Locator {
  return page.locator(".quick-input-widget .monaco-list-row");
}

/** Waits for the QuickPick, types `filter` (optional) and picks the row whose label is `label`. */
export async function pickQuickItem(
  page: Page,
  label: string | RegExp,
  filter?: string,
  timeoutMs = 15_000,
): Promise<void> {
  const widget = page.locator(".quick-input-widget");
  await widget.waitFor({ state: "visible", timeout: timeoutMs });
  if (filter !== undefined) await widget.locator(".quick-input-box input").fill(filter);
  const row = quickPickRows(page)
    .filter({ has: page.locator(".label-name", { hasText: label }) })
    .first();
  await row.waitFor({ timeout: timeoutMs });
  await row.click();
}

/** The QuickPick's title text (when the picker has one). */
export async function quickPickTitle(page: Page, timeoutMs = 10_000): Promise<string> {
  // The widget may show (empty) before the command's picker fills it in.
  const title = page.locator(".quick-input-widget .quick-input-title");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = ((await title.textContent({ timeout: timeoutMs }).catch(() => "")) ?? "").trim();
    if (text || Date.now() > deadline) return text;
    await page.waitForTimeout(100);
  }
}

/** The modal dialog VS Code shows for `{ modal: true }` messages (DOM dialog without the smoke driver). */
export function modalDialog(page: Page): Locator {
  return page.locator(".monaco-dialog-box");
}

/** "Developer: Reload Window", then waits for the workbench again. */
export async function reloadWindow(page: Page, timeoutMs = 90_000): Promise<void> {
  await runCommand(page, "Developer: Reload Window");
  await page.waitForEvent("load", { timeout: timeoutMs }).catch(() => undefined);
  await page.locator(".monaco-workbench").waitFor({ timeout: timeoutMs });
}

/**
 * Records, inside the webview, whether text matching `pattern` ever appears in `root` (a
 * MutationObserver), so a state that lasts a few milliseconds is not missed. Read it back
 * with `sawText`.
 */
export async function watchForText(root: Locator, key: string, pattern: string): Promise<void> {
  await root.evaluate(
    (element, [k, source]) => {
      const re = new RegExp(source!);
      const w = window as unknown as Record<string, boolean>;
      w[k!] = re.test(element.textContent ?? "");
      const observer = new MutationObserver(() => {
        if (re.test(element.textContent ?? "")) {
          w[k!] = true;
          observer.disconnect();
        }
      });
      observer.observe(element, { subtree: true, childList: true, characterData: true });
    },
    [key, pattern] as const,
  );
}

export async function sawText(root: Locator, key: string): Promise<boolean> {
  return root.evaluate((_element, k) => Boolean((window as unknown as Record<string, boolean>)[k]), key);
}

/** Records every distinct value of `attribute` on the element (MutationObserver); read with `seenValues`. */
export async function watchAttribute(
  frameRoot: Locator,
  selector: string,
  attribute: string,
  key: string,
): Promise<void> {
  await frameRoot.evaluate(
    (root, [sel, attr, k]) => {
      const w = window as unknown as Record<string, string[]>;
      const seen: string[] = (w[k!] = []);
      // No named inner functions: tsx wraps them in __name(), which the page does not have.
      const first = root.ownerDocument.querySelector(sel!)?.getAttribute(attr!);
      if (first != null) seen.push(first);
      new MutationObserver(() => {
        const value = root.ownerDocument.querySelector(sel!)?.getAttribute(attr!);
        if (value != null && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(root.ownerDocument.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: [attr!],
      });
    },
    [selector, attribute, key] as const,
  );
}

export async function seenValues(frameRoot: Locator, key: string): Promise<string[]> {
  return frameRoot.evaluate((_root, k) => [...((window as unknown as Record<string, string[]>)[k] ?? [])], key);
}
