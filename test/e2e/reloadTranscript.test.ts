/**
 * Nothing lost on reload, with an agent that cannot reopen sessions (the demo agent: no
 * `loadSession`, no `session/resume`), in real VS Code (code-server + Chromium). Two tabs with a
 * conversation each; after Developer: Reload Window both show their transcript (kept by the
 * panel), say that the next message starts a new session, and the next prompt is answered in a
 * new session, with no error card anywhere. A closed session opened again from the session list
 * shows its kept transcript too.
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
import { agentSettings, clientMessages, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const AGENT = "Demo";
const FIRST = "hello from the first tab";
const SECOND = "hello from the second tab";
const AFTER = "hello again after the reload";
const REPLY = "ACP Panel demo agent";

describe("reload with an agent that cannot reopen sessions", { timeout: 300_000 }, () => {
  let scratch: string;
  let wireLog = "";
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog });
  const tab = (text: string) => panel(page!).tabs.filter({ hasText: text }).first();
  const errorCards = () => view.frame.getByRole("article", { name: "Error" });
  const replies = () => view.log.getByText(REPLY, { exact: false });
  const promptedSessions = () =>
    clientMessages(wireLog, "session/prompt").map((line) => line.message?.params?.sessionId as string);
  const select = async (text: string) => {
    await tab(text).click();
    await eventually(
      async () => (await tab(text).getAttribute("aria-selected")) === "true",
      `the tab "${text}" selected`,
    );
  };
  const converse = async (text: string) => {
    const before = await replies().count();
    await sendPrompt(view, text);
    await view.log.getByText(text).first().waitFor({ timeout: 30_000 });
    await eventually(async () => (await replies().count()) > before, `the reply to "${text}"`, 30_000);
    await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end", 30_000);
  };

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-reload-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# reload e2e\n");
    wireLog = join(scratch, "wire.jsonl");
    server = await startCodeServer({
      label: "reload-transcript",
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

  it("has two tabs with a conversation each", async (t) => {
    await withDiagnostics(t, diag(), "e2e-reload-before", async () => {
      await converse(FIRST);
      await panel(page!).newSession.click();
      await eventually(async () => (await panel(page!).tabs.count()) === 2, "a second tab");
      await view.status.filter({ hasText: /Demo is ready/ }).waitFor({ timeout: 30_000 });
      await converse(SECOND);
      await tab(FIRST).waitFor({ timeout: 10_000 });
      await tab(SECOND).waitFor({ timeout: 10_000 });
    });
  });

  it("after Reload Window every tab shows its transcript, and the next prompt is answered in a new session without an error card", async (t) => {
    await withDiagnostics(t, diag(), "e2e-reload-after", async () => {
      const p = page!;
      const sessionsBefore = new Set(promptedSessions());
      assert.equal(sessionsBefore.size, 2, "two sessions before the reload");
      await reloadWindow(p);
      await openChatView(p);
      view = chat(p);
      await eventually(async () => (await panel(p).tabs.count()) === 2, "both tabs restored", 60_000);
      for (const [text, other] of [
        [FIRST, SECOND],
        [SECOND, FIRST],
      ] as const) {
        await tab(text).waitFor({ timeout: 30_000 });
        await select(text);
        await view.log.getByText(text).first().waitFor({ timeout: 20_000 });
        await replies().first().waitFor({ timeout: 20_000 });
        await view.log
          .getByText("can't reopen past sessions; your next message starts a new one", { exact: false })
          .first()
          .waitFor({ timeout: 20_000 });
        assert.equal(await view.log.getByText(other).count(), 0, "each tab shows its own transcript");
        assert.equal(await errorCards().count(), 0, `no error card in "${text}"`);
        await view.status.filter({ hasText: /Demo is ready/ }).waitFor({ timeout: 30_000 });
        assert.ok(await view.send.isEnabled(), "Send is enabled");
      }
      await screenshot(p, "e2e-reload-restored.png");

      await converse(AFTER);
      const last = promptedSessions().at(-1);
      assert.ok(last && !sessionsBefore.has(last), `answered in a new session (${last})`);
      assert.equal(await replies().count(), 2, "the old reply and the new one");
      assert.equal(await errorCards().count(), 0, "no error card after the new prompt");
      await screenshot(p, "e2e-reload-continued.png");
    });
  });

  it("a closed session opened again from the session list shows its kept transcript, with no error card", async (t) => {
    await withDiagnostics(t, diag(), "e2e-reload-session-list", async () => {
      const p = page!;
      const parts = panel(p);
      await parts.showSessions.click();
      await parts.sessionList.waitFor({ timeout: 15_000 });
      const row = parts.sessionList.getByRole("listitem").filter({ hasText: SECOND });
      await row.getByRole("button", { name: `Close ${SECOND}` }).click();
      await eventually(async () => (await parts.tabs.count()) === 1, "the second tab to close", 15_000);
      await row.getByRole("button", { name: `Open ${SECOND}` }).click();
      await eventually(async () => (await parts.tabs.count()) === 2, "the session to open in a tab again", 30_000);
      await eventually(async () => (await tab(SECOND).getAttribute("aria-selected")) === "true", "its tab selected");
      await view.log.getByText(SECOND).first().waitFor({ timeout: 20_000 });
      await view.log.getByText(AFTER).first().waitFor({ timeout: 20_000 });
      await view.status.filter({ hasText: /Demo is ready/ }).waitFor({ timeout: 30_000 });
      assert.equal(await errorCards().count(), 0, "no error card");
      assert.ok(await view.send.isEnabled(), "Send is enabled");
      await screenshot(p, "e2e-reload-from-list.png");
    });
  });
});
