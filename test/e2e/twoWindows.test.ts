/**
 * Two VS Code windows on one workspace (issue 27, "Faults survived"): two pages of one browser on
 * one code-server, so each has its own extension host while they share what a second desktop
 * window shares: the workspace's and the user's state (the browser's storage) and the extension's
 * global storage (the journal). Each window holds its own conversation; after both reload, each
 * window has its own tab back with its own transcript (neither took the other's tabs nor lost its
 * own), and the session list of each window lists both conversations.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openChatView, openWorkbench, screenshot } from "../harness/browser";
import { chat, eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, panel, reloadWindow } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const AGENT = "Demo";
const REPLY = "ACP Panel demo agent";
const ALPHA = "alpha conversation of the first window";
const BRAVO = "bravo conversation of the second window";

interface Window {
  readonly name: string;
  readonly page: Page;
  view: Chat;
  readonly mine: string;
  readonly theirs: string;
}

describe("two windows on one workspace", { timeout: 400_000 }, () => {
  let scratch: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let errors: string[] = [];
  const windows: Window[] = [];
  const diag = () => ({ page: () => windows[0]?.page, errors: () => errors, serverLog: () => server?.logFile });

  const converse = async (window: Window, text: string) => {
    const { view } = window;
    const before = await view.log.getByText(REPLY, { exact: false }).count();
    await sendPrompt(view, text);
    await view.log.getByText(text).first().waitFor({ timeout: 30_000 });
    await eventually(
      async () => (await view.log.getByText(REPLY, { exact: false }).count()) > before,
      `the reply to "${text}" in the ${window.name} window`,
      30_000,
    );
    await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end", 30_000);
  };

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-two-windows-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# two windows e2e\n");
    server = await startCodeServer({
      label: "two-windows",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings({ [AGENT]: fakeProfileAgent({ profile: "default" }) }, AGENT),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    const first = await openWorkbench(browser, server.folderUrl());
    errors = first.errors;
    windows.push({
      name: "first",
      page: first.page,
      view: await openChat(first.page, /Demo is ready/),
      mine: ALPHA,
      theirs: BRAVO,
    });
    // The second window: a page of the same browser (its storage is shared, as two desktop windows share theirs).
    const second = await first.page.context().newPage();
    second.on("pageerror", (error) => errors.push(`second window: ${error.message}`));
    await second.goto(server.folderUrl(), { timeout: 90_000 });
    await second.locator(".monaco-workbench").waitFor({ timeout: 90_000 });
    windows.push({
      name: "second",
      page: second,
      view: await openChat(second, /Demo is ready/),
      mine: BRAVO,
      theirs: ALPHA,
    });
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("each window holds its own conversation", async (t) => {
    await withDiagnostics(t, diag(), "e2e-two-windows-before", async () => {
      for (const window of windows) await converse(window, window.mine);
      for (const window of windows) {
        await panel(window.page).tabs.filter({ hasText: window.mine }).first().waitFor({ timeout: 10_000 });
        assert.equal(await window.view.log.getByText(window.theirs).count(), 0, `only its own in the ${window.name}`);
      }
    });
  });

  it("after both windows reload, each has its own tab and transcript back, and each lists both conversations", async (t) => {
    await withDiagnostics(t, diag(), "e2e-two-windows-after", async () => {
      for (const window of windows) {
        await reloadWindow(window.page);
        await openChatView(window.page);
        window.view = chat(window.page);
        await window.view.status.filter({ hasText: /Demo is ready/ }).waitFor({ timeout: 60_000 });
      }
      for (const window of windows) {
        const { page, view } = window;
        const tabs = panel(page).tabs;
        await eventually(
          async () => (await tabs.filter({ hasText: window.mine }).count()) === 1,
          `the ${window.name} window's own tab ("${window.mine}") back`,
          30_000,
        );
        assert.equal(await tabs.filter({ hasText: window.theirs }).count(), 0, `not the other window's tab`);
        await tabs.filter({ hasText: window.mine }).first().click();
        await view.log.getByText(window.mine).first().waitFor({ timeout: 20_000 });
        await view.log.getByText(REPLY, { exact: false }).first().waitFor({ timeout: 20_000 });
        await screenshot(page, `e2e-two-windows-${window.name}.png`);
      }
      // The next prompt in each window is answered.
      for (const window of windows) await converse(window, `${window.mine}, once more`);
      for (const window of windows) {
        const parts = panel(window.page);
        await parts.showSessions.click();
        await parts.sessionList.waitFor({ timeout: 15_000 });
        for (const text of [ALPHA, BRAVO])
          await parts.sessionList.getByRole("listitem").filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
      }
    });
  });
});
