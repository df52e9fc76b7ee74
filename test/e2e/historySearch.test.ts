/**
 * Issue 27 §2 in real VS Code (code-server + Chromium, the installed .vsix): history people can
 * search. With an agent that cannot reopen sessions (the demo agent), a tab's first session is
 * continued by a new one after Developer: Reload Window. *ACP: Open Session…* then finds that
 * earlier conversation by a phrase from the middle of its first message (not its title), shows a
 * snippet of the match, and picking it shows the conversation. The panel's history search finds
 * it too, with the snippet on the row.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openChatView, openWorkbench, runCommand, screenshot } from "../harness/browser";
import { chat, eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, panel, quickPickRows, quickPickTitle, reloadWindow } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, clientMessages, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const AGENT = "Demo";
const TITLE = "Plan for the morning";
const PHRASE = "violet harbour lantern";
const FIRST = `${TITLE}\nThen remember the ${PHRASE} before lunch.`;
const AFTER = "a second message after the reload";
const REPLY = "ACP Panel demo agent";

describe("history search: the earlier session of a tab", { timeout: 300_000 }, () => {
  let scratch: string;
  let wireLog = "";
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog });
  const replies = () => view.log.getByText(REPLY, { exact: false });
  const converse = async (text: string, marker: string) => {
    const before = await replies().count();
    await sendPrompt(view, text);
    await view.log.getByText(marker).first().waitFor({ timeout: 30_000 });
    await eventually(async () => (await replies().count()) > before, `the reply to "${marker}"`, 30_000);
    await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end", 30_000);
  };

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-history-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# history e2e\n");
    wireLog = join(scratch, "wire.jsonl");
    server = await startCodeServer({
      label: "history-search",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings({ [AGENT]: fakeProfileAgent({ profile: "default", log: wireLog }) }, AGENT),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page, /Demo is ready/);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("a tab's first session is continued by a new one after a reload", async (t) => {
    await withDiagnostics(t, diag(), "e2e-history-continue", async () => {
      const p = page!;
      await converse(FIRST, TITLE);
      await reloadWindow(p);
      await openChatView(p);
      view = chat(p);
      await view.log.getByText(PHRASE, { exact: false }).first().waitFor({ timeout: 30_000 });
      await view.status.filter({ hasText: /Demo is ready/ }).waitFor({ timeout: 30_000 });
      await converse(AFTER, AFTER);
      const sessions = new Set(clientMessages(wireLog, "session/prompt").map((l) => l.message?.params?.sessionId));
      assert.equal(sessions.size, 2, "the message after the reload went to a new session");
    });
  });

  it("Open Session… finds the earlier conversation by a phrase from its first message, with a snippet", async (t) => {
    await withDiagnostics(t, diag(), "e2e-history-open-session", async () => {
      const p = page!;
      const parts = panel(p);
      // Another tab, so that opening the found conversation has something to switch from.
      await parts.newSession.click();
      await eventually(async () => (await parts.tabs.count()) === 2, "a second tab");
      await runCommand(p, "ACP: Open Session…");
      assert.equal(await quickPickTitle(p), "ACP: Open Session");
      await p.locator(".quick-input-widget .quick-input-box input").fill(PHRASE);
      const row = quickPickRows(p).filter({ hasText: TITLE }).first();
      await row.waitFor({ timeout: 15_000 });
      assert.match((await row.textContent()) ?? "", /violet harbour lantern/i, "the row shows a snippet of the match");
      await screenshot(p, "e2e-history-open-session.png");
      await row.click();
      await eventually(
        async () => (await parts.tabs.filter({ hasText: TITLE }).first().getAttribute("aria-selected")) === "true",
        "the found conversation's tab selected",
      );
      await view.log.getByText(PHRASE, { exact: false }).first().waitFor({ timeout: 20_000 });
    });
  });

  it("the panel's history search finds it too, with the snippet on the row", async (t) => {
    await withDiagnostics(t, diag(), "e2e-history-panel", async () => {
      const p = page!;
      const parts = panel(p);
      // A picker left open by a failed step above would cover the panel.
      if (await p.locator(".quick-input-widget").isVisible()) await p.keyboard.press("Escape");
      await parts.showSessions.click();
      await parts.sessionList.waitFor({ timeout: 15_000 });
      await parts.searchSessions.fill("harbour lantern");
      const row = parts.sessionList.getByRole("listitem").filter({ hasText: TITLE }).first();
      await row.getByText(PHRASE, { exact: false }).waitFor({ timeout: 15_000 });
      await screenshot(p, "e2e-history-panel.png");
    });
  });
});
