/**
 * Issue 18 §2 in real VS Code (code-server + Chromium), against the fake agent with the unstable
 * session methods (`bub` profile, FAKE_AGENT_SESSION_OPS): ACP: Fork Session opens a tab that
 * continues the history; the tab's right-click menu renames it (session/set_title); the session
 * list archives and unarchives with "Show archived"; the header shows auth/status. Issue 29 §4: the
 * fork shows its chat with the source's pickers and a fresh list; closing a tab with a running turn
 * asks first, and ACP: Reopen Closed Tab brings the session back.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openWorkbench, pickContextMenuItem, runCommand, screenshot } from "../harness/browser";
import { eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, modalDialog, panel } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, clientMessages, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const OPS = "Fake Ops";
const PROMPT = "hello before the fork";

describe("fork, rename and archive in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let log = "";
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog: log });
  const tabs = () => panel(page!).tabs;
  const selectValue = (label: string) =>
    panel(page!)
      .frame.locator(`vscode-single-select[label="${label}"]`)
      .evaluate((el) => (el as unknown as { value: string }).value);

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-session-ops-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# session ops e2e\n");
    log = join(scratch, "ops-wire.jsonl");
    server = await startCodeServer({
      label: "session-ops",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings(
        {
          [OPS]: fakeProfileAgent({
            profile: "bub",
            state: join(scratch, "ops-state.json"),
            log,
            env: { FAKE_AGENT_SESSION_OPS: "1" },
          }),
        },
        OPS,
      ),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page, /Fake Ops is ready/);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("ACP: Fork Session opens a tab that continues the history; the header shows auth/status", async (t) => {
    await withDiagnostics(t, diag(), "e2e-session-ops-fork", async () => {
      const p = page!;
      await panel(p).frame.getByRole("note", { name: "Agent sign-in: Signed in" }).waitFor({ timeout: 20_000 });
      await sendPrompt(view, PROMPT);
      await view.log.getByText("ACP Panel demo agent", { exact: false }).first().waitFor({ timeout: 30_000 });
      await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end");
      const source = clientMessages(log, "session/prompt")[0]?.message?.params?.sessionId;
      const model = await selectValue("Model");
      const parts = panel(p);
      await parts.showSessions.click();
      await parts.sessionList.waitFor({ timeout: 15_000 });
      await runCommand(p, "ACP: Fork Session");
      await eventually(async () => (await tabs().count()) === 2, "a second tab", 30_000);
      await eventually(
        () => clientMessages(log, "session/fork").some((m) => m.message?.params?.sessionId === source),
        "session/fork of the first session",
        30_000,
      );
      await eventually(
        async () => (await tabs().nth(1).getAttribute("aria-selected")) === "true",
        "the fork's tab is active",
      );
      await view.status.filter({ hasText: /Fake Ops is ready/ }).waitFor({ timeout: 30_000 });
      await view.log.getByText(PROMPT).first().waitFor({ timeout: 10_000 });
      await view.log.getByText("ACP Panel demo agent", { exact: false }).first().waitFor({ timeout: 10_000 });
      assert.equal(await parts.sessionList.count(), 0, "the fork's chat is shown, not the list");
      assert.equal(await selectValue("Model"), model, "the fork keeps the source's Model picker");
      await parts.showSessions.click();
      await parts.sessionList.getByRole("listitem").filter({ hasText: "(fork)" }).first().waitFor({ timeout: 15_000 });
      await parts.showSessions.click();
      await parts.sessionList.waitFor({ state: "detached", timeout: 10_000 });
      await screenshot(p, "e2e-session-ops-forked.png");
    });
  });

  it("closing a tab with a running turn asks first; ACP: Reopen Closed Tab brings its session back", async (t) => {
    await withDiagnostics(t, diag(), "e2e-session-ops-close", async () => {
      const p = page!;
      const cancels = clientMessages(log, "session/cancel").length;
      await sendPrompt(view, "long turn");
      await view.log.getByText("Working, step 2", { exact: false }).first().waitFor({ timeout: 30_000 });
      // The active tab's close button (the fork's).
      await panel(p).frame.locator("button.tab-close-selected").click();
      const dialog = modalDialog(p);
      await dialog.waitFor({ timeout: 15_000 });
      assert.match(await dialog.innerText(), /Stop the turn and close\?/);
      await screenshot(p, "e2e-session-ops-close-running.png");
      await dialog.getByRole("button", { name: "Stop and Close" }).click();
      await eventually(async () => (await tabs().count()) === 1, "the tab closed", 15_000);
      await eventually(() => clientMessages(log, "session/cancel").length > cancels, "session/cancel on the wire");
      await runCommand(p, "ACP: Reopen Closed Tab");
      await eventually(async () => (await tabs().count()) === 2, "the tab is back", 30_000);
      await eventually(
        async () => (await tabs().nth(1).getAttribute("aria-selected")) === "true",
        "the reopened tab is active",
      );
      await view.log.getByText("long turn").first().waitFor({ timeout: 30_000 });
    });
  });

  it("renames the tab from its right-click menu (session/set_title)", async (t) => {
    await withDiagnostics(t, diag(), "e2e-session-ops-rename", async () => {
      const p = page!;
      await tabs().nth(0).click({ button: "right" });
      const item = p.locator(".context-view .monaco-menu .action-label", { hasText: "Rename Session" });
      await item.waitFor({ timeout: 10_000 });
      assert.equal(
        await p.locator(".context-view .monaco-menu .action-label", { hasText: "Fork Session" }).count(),
        1,
        "Fork is offered: the agent can fork",
      );
      await pickContextMenuItem(p, "Rename Session");
      const input = p.locator(".quick-input-widget .quick-input-box input");
      await input.waitFor({ timeout: 10_000 });
      await input.fill("Renamed in VS Code");
      await input.press("Enter");
      await eventually(
        async () => (await tabs().nth(0).innerText()).includes("Renamed in VS Code"),
        "the tab's new title",
        15_000,
      );
      await eventually(
        () => clientMessages(log, "session/set_title").some((m) => m.message?.params?.title === "Renamed in VS Code"),
        "session/set_title on the wire",
      );
    });
  });

  it("archives from the session list, shows it with Show archived, and unarchives", async (t) => {
    await withDiagnostics(t, diag(), "e2e-session-ops-archive", async () => {
      const p = page!;
      const parts = panel(p);
      await parts.showSessions.click();
      await parts.sessionList.waitFor({ timeout: 15_000 });
      const row = parts.sessionList.getByRole("listitem").filter({ hasText: "Renamed in VS Code" });
      await row.first().waitFor({ timeout: 15_000 });
      await row.getByRole("button", { name: "Archive Renamed in VS Code" }).click();
      await eventually(async () => (await row.count()) === 0, "the archived row leaves the list", 15_000);
      assert.ok(clientMessages(log, "session/archive").length >= 1, "session/archive on the wire");
      await eventually(async () => (await tabs().count()) === 1, "its tab closed");
      const show = parts.frame.getByRole("checkbox", { name: /Show archived/ });
      await show.check();
      await row.first().waitFor({ timeout: 10_000 });
      await screenshot(p, "e2e-session-ops-archived.png");
      await row.getByRole("button", { name: "Unarchive Renamed in VS Code" }).click();
      await eventually(() => clientMessages(log, "session/unarchive").length >= 1, "session/unarchive on the wire");
      await eventually(
        async () => (await row.innerText()).includes("archived") === false,
        "the row is no longer archived",
        15_000,
      );
    });
  });
});
