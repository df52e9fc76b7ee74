/**
 * One webview instance under test: the page in its own browser context, host messages posted in
 * as VS Code delivers them, what the webview posted read back, and its health (errors, CSP).
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import type { PanelAction, PanelState } from "../../src/shared/wire/panelState";
import type { WebviewMessage } from "../../src/shared/wire/protocol";
import type { Harness } from "./harness";
import type { Theme } from "./themeStylesheets";

declare global {
  interface Window {
    __sent: WebviewMessage[];
    __cspViolations: string[];
    /** Set by injected markup if it ever executes. */
    __pwned?: unknown;
    __probe?: unknown;
  }
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

  /** The transcript: the log named "Transcript". */
  get transcript(): Locator {
    return this.page.getByRole("log", { name: "Transcript" });
  }

  /** The composer's prompt box: the textbox named "Prompt". */
  get prompt(): Locator {
    return this.page.getByRole("textbox", { name: "Prompt" });
  }

  /** Reloads the page, as VS Code does when it restores the webview, and waits for its new `webview/ready`. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.waitForSent("webview/ready");
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

  /** Waits until the webview has posted `count` messages of `type`, then returns all it posted of that type. */
  async waitForSentOfType<T extends WebviewMessage["type"]>(
    type: T,
    count = 1,
  ): Promise<Extract<WebviewMessage, { type: T }>[]> {
    await this.waitForSent(type, count);
    return this.sentOfType(type);
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
