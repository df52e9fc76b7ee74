/**
 * More of VS Code as a user sees it, for the e2e tests: several fake agents in settings, the
 * editor (its visible text, the active tab), the colour theme, the side bar's width, the
 * terminal panel, a failure-diagnostics wrapper, the agent's wire log as requests and answers,
 * and the terminal processes a test started (found by their marker, so none may outlive a turn).
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { TestContext } from "node:test";
import type { Page } from "playwright-core";
import { readWireLog, type WireLine } from "./agent";
import { runCommand, screenshot } from "./browser";
import { chat } from "./chat";
import { RUN_MARKER, type CodeServer } from "./codeServer";
import { fakeAgentScript } from "./paths";
import { safeReaddir, tail } from "./processes";
import { ensureTools } from "./tools";

/** An `acpPanel.agents` entry running the scripted fake agent with `env` (FAKE_AGENT_*). */
export function fakeAgentEntry(env: Record<string, string> = {}): Record<string, unknown> {
  return { command: ensureTools().nodePath, args: [fakeAgentScript], env };
}

/** User settings with these agents and `defaultAgent` (the first one when omitted). */
export function agentSettings(
  agents: Record<string, Record<string, unknown>>,
  defaultAgent = Object.keys(agents)[0],
): Record<string, unknown> {
  return { "acpPanel.agents": agents, ...(defaultAgent ? { "acpPanel.defaultAgent": defaultAgent } : {}) };
}

/** The text of the active editor as rendered (Monaco shows spaces as U+00A0). */
export async function editorText(page: Page): Promise<string> {
  const lines = page.locator(".editor-group-container.active .editor-instance .monaco-editor .view-lines").first();
  return ((await lines.innerText()) ?? "").replace(/\u00a0/g, " ");
}

/** The title of the active editor tab of the active group ("greet.ts": name and extension are separate spans). */
export async function activeTabTitle(page: Page): Promise<string> {
  const tab = page.locator(".editor-group-container.active .tabs-container .tab.active .monaco-icon-label").first();
  return ((await tab.textContent({ timeout: 5_000 })) ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Settings for reading VS Code's terminal panel from the DOM: the DOM renderer (no GPU canvas,
 * so `.xterm-rows` holds the text) and the tab list always shown, so every terminal has a tab.
 */
export const READABLE_TERMINAL_SETTINGS: Readonly<Record<string, unknown>> = {
  "terminal.integrated.gpuAcceleration": "off",
  "terminal.integrated.tabs.hideCondition": "never",
};

/** The names of the terminals in VS Code's terminal panel (open it first). */
export async function terminalTabNames(page: Page): Promise<string[]> {
  return (await page.locator(".part.panel .terminal-tabs-entry .label-name").allTextContents())
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The text of the active terminal (needs READABLE_TERMINAL_SETTINGS). */
export async function activeTerminalText(page: Page): Promise<string> {
  return (await page.locator(".part.panel .terminal-wrapper.active .xterm-rows").first().innerText()).replace(
    /\u00a0/g,
    " ",
  );
}

/**
 * Picks a colour theme through "Preferences: Color Theme", as a user would. `label` is the
 * picker's label ("Dark Modern"; the setting's id is "Default Dark Modern").
 */
export async function setColorTheme(page: Page, label: string): Promise<void> {
  await runCommand(page, "Preferences: Color Theme");
  const input = page.locator(".quick-input-widget .quick-input-box input");
  await input.fill(label);
  await page
    .locator(".quick-input-widget .monaco-list-row .label-name", { hasText: new RegExp(`^${label}$`) })
    .first()
    .waitFor();
  await page.keyboard.press("Enter");
  await page.locator(".quick-input-widget").waitFor({ state: "hidden" });
}

/** Drags the sash between the side bar and the editor so the side bar is about `width` pixels wide. */
export async function setSideBarWidth(page: Page, width: number): Promise<void> {
  const sideBar = await page.locator(".part.sidebar").boundingBox();
  if (!sideBar) throw new Error("no side bar");
  const edge = sideBar.x + sideBar.width;
  const sashes = page.locator(".monaco-sash.vertical");
  let best: { x: number; y: number; distance: number } | undefined;
  for (let i = 0; i < (await sashes.count()); i++) {
    const box = await sashes.nth(i).boundingBox();
    if (!box || box.height < sideBar.height / 2) continue;
    const x = box.x + box.width / 2;
    const distance = Math.abs(x - edge);
    if (!best || distance < best.distance) best = { x, y: box.y + box.height / 2, distance };
  }
  if (!best || best.distance > 10) throw new Error(`no sash at the side bar's edge (${edge})`);
  await page.mouse.move(best.x, best.y);
  await page.mouse.down();
  await page.mouse.move(sideBar.x + width, best.y, { steps: 10 });
  await page.mouse.up();
}

/**
 * Runs `body`; on failure adds a screenshot, the panel's status and log text, browser errors,
 * the code-server log tail and the end of the agent's wire log to the test's diagnostics.
 */
export async function withDiagnostics(
  t: TestContext,
  context: {
    page: () => Page | undefined;
    errors: () => readonly string[];
    serverLog?: () => string | undefined;
    /** code-server's user-data folder: the extension's "ACP Panel" log is under it. */
    userDataDir?: () => string | undefined;
    wireLog?: string;
  },
  name: string,
  body: () => Promise<void>,
): Promise<void> {
  const started = Date.now();
  try {
    await body();
    t.diagnostic(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    // CI shows a failure's message, not the diagnostics printed before it: the gist goes in both.
    const gist: string[] = [];
    const page = context.page();
    if (page) {
      try {
        t.diagnostic(`failure screenshot ${await screenshot(page, `${name}-failure.png`)}`);
        const view = chat(page);
        const status = await view.status
          .first()
          .textContent({ timeout: 2_000 })
          .catch(() => null);
        const log = (
          (await view.log
            .first()
            .textContent({ timeout: 2_000 })
            .catch(() => null)) ?? ""
        ).slice(-800);
        t.diagnostic(`status: ${JSON.stringify(status)}`);
        t.diagnostic(`log: ${JSON.stringify(log)}`);
        gist.push(`status ${JSON.stringify(status)}`, `log ends ${JSON.stringify(log.slice(-240))}`);
      } catch {
        // the page itself may be gone
      }
    }
    const userDataDir = context.userDataDir?.();
    const extensionLog = userDataDir ? extensionLogLines(userDataDir) : [];
    if (extensionLog.length) t.diagnostic(`ACP Panel log tail:\n${extensionLog.slice(-15).join("\n")}`);
    // An error the product showed (a toast, not in the panel): what a user would have read.
    const shown = extensionLog.filter((line) => /\[(error|warning)\]/.test(line)).slice(-2);
    gist.push(...shown.map((line) => `ACP Panel log ${line.slice(0, 240)}`));
    const browserLines = context.errors().slice(-10);
    for (const line of browserLines) t.diagnostic(`browser ${line.slice(0, 300)}`);
    const telling = context.errors().filter((line) => !WORKBENCH_NOISE.test(line));
    gist.push(...telling.slice(-3).map((line) => `browser ${line.slice(0, 200)}`));
    const serverLog = context.serverLog?.();
    if (serverLog) t.diagnostic(`code-server log tail:\n${tail(serverLog, 15)}`);
    if (context.wireLog) {
      const wire = readWireLog(context.wireLog);
      const last = wire.slice(-4).map((e) => `${e.direction} ${e.line.slice(0, 240)}`);
      t.diagnostic(`agent wire log: ${wire.length} lines; last: ${last.join(" || ")}`);
      gist.push(`wire log ${wire.length} lines, last ${last.at(-1)?.slice(0, 200) ?? "none"}`);
    }
    throw withGist(error, gist);
  }
}

/**
 * The workbench's own console errors in every offline run (no extension gallery; a settings file
 * it both creates and finds; a document closed under it): in the diagnostics, never in the gist.
 */
const WORKBENCH_NOISE = /ENOTFOUND|queryRawGalleryExtensions|already exists!|unknown document/;

/** The lines of the extension's "ACP Panel" log (user-data/logs/<session>/exthost1/…), [] if none yet. */
function extensionLogLines(userDataDir: string): string[] {
  const logs = join(userDataDir, "logs");
  const lines: string[] = [];
  for (const session of safeReaddir(logs).sort()) {
    const file = join(logs, session, "exthost1", "acp-panel.acp-panel", "ACP Panel.log");
    if (existsSync(file))
      lines.push(
        ...readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => line.trim()),
      );
  }
  return lines;
}

/** `error` with `gist` after its message (its stack and cause kept). */
function withGist(error: unknown, gist: readonly string[]): unknown {
  if (!(error instanceof Error) || gist.length === 0) return error;
  const text = `\n[at the failure] ${gist.join(" | ")}`;
  const stack = error.stack ?? "";
  error.stack = stack.startsWith(`${error.name}: ${error.message}`)
    ? `${error.name}: ${error.message}${text}${stack.slice(`${error.name}: ${error.message}`.length)}`
    : `${stack}${text}`;
  error.message += text;
  return error;
}

/** A request the agent sent to the client (`out` in its wire log), and the client's answer (`in`). */
export interface AgentRequest {
  readonly request: WireLine;
  readonly answer: WireLine | undefined;
}

/** The agent's requests of `method` (optionally filtered), each with the client's answer if any. */
export function agentRequests(
  logFile: string,
  method: string,
  filter: (params: Record<string, unknown>) => boolean = () => true,
): AgentRequest[] {
  const lines = readWireLog(logFile);
  return lines
    .filter(
      (line) =>
        line.direction === "out" &&
        line.message?.method === method &&
        line.message.id !== undefined &&
        filter(line.message.params ?? {}),
    )
    .map((request) => ({
      request,
      answer: lines.find(
        (line) =>
          line.direction === "in" &&
          line.at >= request.at &&
          line.message?.method === undefined &&
          line.message?.id === request.message?.id,
      ),
    }));
}

/** Client → agent messages of `method` (requests and notifications). */
export function clientMessages(logFile: string, method: string): WireLine[] {
  return readWireLog(logFile).filter((line) => line.direction === "in" && line.message?.method === method);
}

/** The environment variable the fake agent's e2e terminals carry (see showcaseScenarios.ts). */
export const TERMINAL_MARKER_ENV = "ACP_E2E_TERMINAL";

/**
 * Live processes started for e2e terminals, as "pid [marker] command line": their environment has
 * ACP_E2E_TERMINAL (inherited by every descendant, so an orphaned `sleep` is found too, and a
 * command that bash exec'd in place of itself), or their command line an `e2e-marker-`.
 */
export function terminalProcesses(server?: CodeServer): string[] {
  // The scratch folder is named after the run: only this server's processes, not another run's.
  const run = server ? `${RUN_MARKER}=${basename(server.scratchDir)}` : undefined;
  const found: string[] = [];
  for (const entry of safeReaddir("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
      if (/\) Z /.test(stat)) continue; // a zombie is dead, just not reaped yet
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").trim();
      const environ = readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
      if (run && !environ.includes(run)) continue;
      const marker = environ
        .find((v) => v.startsWith(`${TERMINAL_MARKER_ENV}=`))
        ?.slice(TERMINAL_MARKER_ENV.length + 1);
      if (marker !== undefined || cmd.includes("e2e-marker-"))
        found.push(`${pid} [${marker ?? "?"}] ${cmd.slice(0, 160)}`);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}
