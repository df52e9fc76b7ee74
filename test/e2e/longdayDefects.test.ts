/**
 * Issue 27's three defects in real VS Code (code-server + Chromium, the installed .vsix):
 * - a message queued while a turn runs, when the agent crashes in that turn: it stays in the
 *   queue marked "Not sent", never reaches the agent on its own, and "Send again" sends it;
 * - closing the last tab leaves a working new session (Send is answered), not the closed
 *   tab's transcript;
 * - the session list opened while a tab restored after a reload is still starting its agent
 *   (a slow `initialize`) shows its rows instead of "Loading sessions…" for good.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { readWireLog } from "../harness/agent";
import { launchBrowser, openChatView, openWorkbench, runCommand, screenshot } from "../harness/browser";
import { chat, eventually, expandPanel, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, panel, pickQuickItem, reloadWindow } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, clientMessages, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const DEMO = "Demo Agent";
const SLOW = "Slow Agent";
/** Slow `initialize` (and `session/new`) of the agent whose restored tab the list must not hang on. */
const SLOW_START_MS = 6000;

describe("issue 27 defects in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let workspace: string;
  let demoLog: string;
  let slowLog: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;
  const diag = (wireLog: string) => ({
    page: () => page,
    errors: () => errors,
    serverLog: () => server?.logFile,
    wireLog,
  });
  const prompts = (log: string, text: string) =>
    clientMessages(log, "session/prompt").filter((e) => JSON.stringify(e.message?.params?.prompt).includes(text));
  const queue = () => view.frame.getByRole("list", { name: "Queued messages" });

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-longday-"));
    workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    demoLog = join(scratch, "demo-wire.jsonl");
    slowLog = join(scratch, "slow-wire.jsonl");
    server = await startCodeServer({
      label: "longday",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings(
        {
          [DEMO]: fakeProfileAgent({ log: demoLog }),
          [SLOW]: fakeProfileAgent({
            profile: "bub",
            state: join(scratch, "slow-state.json"),
            log: slowLog,
            env: { FAKE_AGENT_SLOW_START: String(SLOW_START_MS) },
          }),
        },
        DEMO,
      ),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page, /Demo Agent is ready/);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("keeps a message queued during a turn that ends in a crash, marked Not sent, until Send again", async (t) => {
    await withDiagnostics(t, diag(demoLog), "e2e-longday-queue-crash", async () => {
      const queued = "basic-stream queued before the crash";
      // The agent dies once the test says so (after the message is queued), not after a fixed 2 s.
      await sendPrompt(view, "crash-on-signal .crash-now");
      await view.log
        .getByText("Working before the crash, step 2", { exact: false })
        .first()
        .waitFor({ timeout: 20_000 });
      await sendPrompt(view, queued);
      await expandPanel(view, "Queued");
      const item = queue().getByRole("listitem");
      await eventually(async () => (await item.count()) === 1, "the message in the queue");
      writeFileSync(join(workspace, ".crash-now"), "");
      await view.log.getByText("The agent exited with code 3", { exact: false }).first().waitFor({ timeout: 20_000 });
      await item.getByText("Not sent").waitFor({ timeout: 10_000 });
      // The automatic restart brings the agent back; the held message still waits for the user.
      await view.status.filter({ hasText: /Demo Agent is ready/ }).waitFor({ timeout: 30_000 });
      assert.equal(prompts(demoLog, queued).length, 0, "never sent to the dying agent, nor on its own after");
      assert.equal(await view.log.getByText(queued, { exact: true }).count(), 0, "not shown as sent");
      await screenshot(page, "e2e-longday-not-sent.png");

      await item.getByRole("button", { name: "Send again" }).click();
      await eventually(() => prompts(demoLog, queued).length === 1, "the message sent again", 20_000);
      await view.log.locator("strong", { hasText: "basic-stream" }).first().waitFor({ timeout: 20_000 });
      await eventually(async () => (await queue().count()) === 0, "the queue empty");
      assert.equal(await view.log.getByText(queued, { exact: true }).count(), 1, "shown once, as sent");
    });
  });

  it("closing the last tab leaves a new session whose Send is answered", async (t) => {
    await withDiagnostics(t, diag(demoLog), "e2e-longday-close-last", async () => {
      const parts = panel(page);
      await eventually(async () => (await parts.tabs.count()) === 1, "one tab");
      const closed = "the closed tab's prompt";
      await sendPrompt(view, `late-text ${closed}`);
      await view.log.getByText("The complete answer, sent at the end.").first().waitFor({ timeout: 20_000 });
      await eventually(async () => /is ready/.test((await view.status.textContent()) ?? ""), "the turn to end");
      const sessionsBefore = clientMessages(demoLog, "session/new").length;

      await parts.frame
        .getByRole("button", { name: /^Close / })
        .first()
        .click();
      await eventually(
        async () => (await view.log.getByText(closed, { exact: false }).count()) === 0,
        "old transcript gone",
      );
      await eventually(
        () => clientMessages(demoLog, "session/new").length > sessionsBefore,
        "a new session on the default agent",
        30_000,
      );
      await view.status.filter({ hasText: /Demo Agent is ready/ }).waitFor({ timeout: 30_000 });
      await screenshot(page, "e2e-longday-after-last-tab.png");
      const text = "late-text after closing the last tab";
      await sendPrompt(view, text);
      await eventually(() => prompts(demoLog, text).length === 1, "Send reaches the agent", 20_000);
      await view.log.getByText("The complete answer, sent at the end.").first().waitFor({ timeout: 20_000 });
    });
  });

  it("the session list opened while a restored tab's agent is in initialize shows its sessions", async (t) => {
    await withDiagnostics(t, diag(slowLog), "e2e-longday-list-while-starting", async () => {
      const first = "hello before the reload on the slow agent";
      await runCommand(page, "ACP: New Session");
      await pickQuickItem(page, SLOW);
      await view.status.filter({ hasText: /Slow Agent is ready/ }).waitFor({ timeout: 60_000 });
      await sendPrompt(view, first);
      await view.log.getByText("ACP Panel demo agent", { exact: false }).first().waitFor({ timeout: 30_000 });
      await eventually(async () => /is ready/.test((await view.status.textContent()) ?? ""), "the turn to end");

      const initsBefore = clientMessages(slowLog, "initialize").length;
      await reloadWindow(page);
      await openChatView(page);
      view = chat(page);
      const parts = panel(page);
      await eventually(
        () => clientMessages(slowLog, "initialize").length > initsBefore,
        "the restored tab starting",
        60_000,
      );
      await parts.showSessions.click();
      const answered = readWireLog(slowLog).filter(
        (line) => line.direction === "out" && line.message?.result?.protocolVersion !== undefined,
      ).length;
      t.diagnostic(`initialize sent ${initsBefore + 1}, answered ${answered} when the list opened`);
      assert.ok(answered <= initsBefore, "the list was opened while the restored agent was still in initialize");
      await parts.sessionList.getByRole("listitem").filter({ hasText: first }).first().waitFor({ timeout: 20_000 });
      assert.equal(await view.frame.getByText("Loading sessions…").count(), 0, "not stuck loading");
      await screenshot(page, "e2e-longday-list-while-starting.png");
    });
  });
});
