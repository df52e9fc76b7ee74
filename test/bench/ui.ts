/**
 * One UI run: a fresh code-server (its own process group, user data and extensions folder) with
 * the packaged extension, a fresh Chromium, the ACP Panel opened, and handles on what the
 * benchmarks measure: the webview's inner frame, the extension host process, the page's JS heap.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Browser, CDPSession, Frame, Page } from "playwright-core";
import { launchBrowser, openWorkbench, runCommand } from "../harness/browser";
import { chat, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { extensionId, fakeAgentScript } from "../harness/paths";
import { safeReaddir } from "../harness/processes";
import { ensureTools } from "../harness/tools";

export const BENCH_AGENT = "Bench Agent";

export interface UiOptions {
  readonly label: string;
  readonly vsix: string;
  readonly workspace: string;
  /** The fake agent's environment; undefined: no agent configured at all. */
  readonly agentEnv?: Record<string, string>;
  /** The built fake agent to run (default: out/test/fakeAgent.js). */
  readonly agentScript?: string;
  /**
   * Files copied over the installed extension before the panel first opens, by path inside it
   * (e.g. `dist/webview/main.js` → an unminified build, for readable profiles).
   */
  readonly overlay?: Readonly<Record<string, string>>;
}

export interface UiRun {
  readonly server: CodeServer;
  readonly browser: Browser;
  readonly page: Page;
  readonly cdp: CDPSession;
  close(): Promise<void>;
}

export function agentSettings(env: Record<string, string>, script = fakeAgentScript): Record<string, unknown> {
  return {
    "acpPanel.agents": { [BENCH_AGENT]: { command: ensureTools().nodePath, args: [script], env } },
    "acpPanel.defaultAgent": BENCH_AGENT,
  };
}

export async function startUi(options: UiOptions): Promise<UiRun> {
  const server = await startCodeServer({
    label: options.label,
    workspace: options.workspace,
    extensionVsix: options.vsix,
    settings: options.agentEnv ? agentSettings(options.agentEnv, options.agentScript) : {},
  });
  if (options.overlay) {
    const installed = safeReaddir(server.extensionsDir).find((name) => name.startsWith(`${extensionId()}-`));
    if (!installed) throw new Error(`the extension is not installed in ${server.extensionsDir}`);
    for (const [inside, from] of Object.entries(options.overlay))
      copyFileSync(from, join(server.extensionsDir, installed, inside));
  }
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser({ homeDir: server.homeDir });
    const { page } = await openWorkbench(browser, server.folderUrl());
    const cdp = await page.context().newCDPSession(page);
    const opened = browser;
    return {
      server,
      browser: opened,
      page,
      cdp,
      async close() {
        await opened.close().catch(() => undefined);
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await server.stop();
    throw error;
  }
}

/** Installs a capture listener in the workbench page that stamps the next mousedown/keydown. */
export async function armWorkbenchStamp(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__benchStamp = undefined;
    const stamp = () => { if (window.__benchStamp === undefined) window.__benchStamp = performance.timeOrigin + performance.now(); };
    window.addEventListener("mousedown", stamp, { capture: true, once: true });
    window.addEventListener("keydown", (e) => { if (e.key === "Enter") stamp(); }, { capture: true, once: true });
  })()`);
}

/** The stamp armWorkbenchStamp took (epoch ms, sub-millisecond, browser clock). */
export async function workbenchStamp(page: Page): Promise<number | undefined> {
  return (await page.evaluate("window.__benchStamp")) as number | undefined;
}

/** Opens the view through the palette; with `stamp`, returns when the command was clicked. */
export async function openPanel(page: Page, stamp = false): Promise<number | undefined> {
  await page.locator('.activitybar .action-label[aria-label^="ACP Panel"]').waitFor({ timeout: 60_000 });
  if (stamp) await armWorkbenchStamp(page);
  await runCommand(page, "View: Show ACP Panel");
  return stamp ? workbenchStamp(page) : undefined;
}

/** Opens the panel and waits for the agent to be ready. */
export async function openReadyChat(page: Page): Promise<Chat> {
  await openPanel(page);
  const view = chat(page);
  await view.status.filter({ hasText: /is ready/ }).waitFor({ timeout: 90_000 });
  return view;
}

/** The webview's inner frame (#active-frame inside our extension's outer webview iframe). */
export async function innerFrame(page: Page, timeoutMs = 60_000): Promise<Frame> {
  const outer = await page.waitForSelector(`iframe.webview.ready[src*="extensionId=${extensionId()}"]`, {
    timeout: timeoutMs,
    state: "attached",
  });
  const outerFrame = await outer.contentFrame();
  if (!outerFrame) throw new Error("the webview's outer iframe has no frame");
  const inner = await outerFrame.waitForSelector("#active-frame", { timeout: timeoutMs, state: "attached" });
  const frame = await inner.contentFrame();
  if (!frame) throw new Error("the webview's #active-frame has no frame");
  return frame;
}

/** The extension host of this run: a process marked with the run's id, `--type=extensionHost`. */
export function extensionHostPid(server: CodeServer): number | undefined {
  const marker = `ACP_PANEL_E2E_RUN=${basename(server.scratchDir)}`;
  for (const entry of safeReaddir("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "latin1");
      if (!cmd.includes("--type=extensionHost")) continue;
      if (readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(marker)) return pid;
    } catch {
      // gone, or not readable
    }
  }
  return undefined;
}

/** VmRSS of a process in MB (undefined once it is gone). */
export function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples RSS every 50 ms; stop() returns the peak. */
export function sampleRss(pid: number): { stop(): number | undefined } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== undefined && (peak === undefined || now > peak)) peak = now;
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * The renderer's JS heap after a full GC, in MB. The webview is same-origin with the workbench
 * (code-server serves it from the same host), so it shares the page's renderer and V8 isolate:
 * this is the workbench plus the webview; deltas are the webview's doing.
 */
export async function heapAfterGcMb(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize / 1024 / 1024;
}

export function scratchFile(run: UiRun, name: string): string {
  return join(run.server.scratchDir, name);
}
