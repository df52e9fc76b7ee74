/**
 * The set-up most e2e suites share: code-server with the packaged extension and the fake agent
 * configured (its wire log in the suite's scratch folder), Chromium signed in to the workbench,
 * and the panel's chat ready. The suite makes the scratch folder and the workspace in it; `close`
 * stops what this started and removes the scratch folder. A set-up that fails halfway stops what
 * it had started before it throws: a live server or browser would keep the test process running.
 */
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openWorkbench } from "./browser";
import { openChat, type Chat } from "./chat";
import { startCodeServer, type CodeServer } from "./codeServer";
import { vsixPath } from "./paths";
import { tearDownUi } from "./teardown";
import { agentSettings, fakeAgentEntry } from "./workbench";

export const FAKE_AGENT = "Demo Agent";

export interface FakeAgentUiOptions {
  /** Names the server's logs and home folder. */
  readonly label: string;
  readonly scratch: string;
  readonly workspace: string;
  /** More environment for the fake agent (its wire log is set already). */
  readonly agentEnv?: Record<string, string>;
  /** The page to open; the workspace folder by default. */
  readonly url?: (server: CodeServer) => string;
}

export interface FakeAgentUi {
  readonly server: CodeServer;
  readonly browser: Browser;
  readonly page: Page;
  readonly errors: string[];
  readonly view: Chat;
  /** The fake agent's JSON-RPC traffic, one line a message. */
  readonly wireLog: string;
  /** What `withDiagnostics` needs to explain a failure. */
  diagnostics(): { page: () => Page; errors: () => string[]; serverLog: () => string; wireLog: string };
}

export async function openFakeAgentUi(options: FakeAgentUiOptions): Promise<FakeAgentUi> {
  const wireLog = join(options.scratch, "agent-wire.jsonl");
  const server = await startCodeServer({
    label: options.label,
    workspace: options.workspace,
    extensionVsix: vsixPath(),
    settings: agentSettings({ [FAKE_AGENT]: fakeAgentEntry({ ...options.agentEnv, FAKE_AGENT_LOG: wireLog }) }),
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser({ homeDir: server.homeDir });
    const { page, errors } = await openWorkbench(browser, options.url ? options.url(server) : server.folderUrl());
    const view = await openChat(page);
    return {
      server,
      browser,
      page,
      errors,
      view,
      wireLog,
      diagnostics: () => ({ page: () => page, errors: () => errors, serverLog: () => server.logFile, wireLog }),
    };
  } catch (error) {
    await tearDownUi(browser, server, undefined);
    throw error;
  }
}

/** Stops the browser and code-server of `ui` (when the set-up got that far) and removes `scratch`. */
export async function closeFakeAgentUi(ui: FakeAgentUi | undefined, scratch: string | undefined): Promise<void> {
  await tearDownUi(ui?.browser, ui?.server, scratch);
}
