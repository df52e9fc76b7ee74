/**
 * Issue 16 items 2 and 3 in real VS Code (code-server + Chromium, the installed .vsix): a slow-
 * starting fake agent (slow `initialize` and `session/new`, config options before the result),
 * Send clicked all through its start-up; then Stop with a turn whose agent ignores `session/cancel`.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { DEMO_AGENT, demoAgentSettings, readWireLog } from "../harness/agent";
import { launchBrowser, openChatView, openWorkbench, screenshot } from "../harness/browser";
import { chat, eventually, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

// Long enough that Send is pressed several times while the agent starts, however late the panel shows.
const SLOW_START_MS = 8000;

/**
 * The queued messages' texts (each is an editable textbox). The queue shows as one collapsed row
 * until expanded: expand it when it is there (it may be sent and gone before the click lands).
 */
async function queuedTexts(view: Chat): Promise<string[]> {
  const collapsed = view.frame.getByRole("button", { name: /^Queued/, expanded: false });
  if ((await collapsed.count()) > 0) await collapsed.click({ timeout: 2_000 }).catch(() => undefined);
  const boxes = view.frame.getByRole("list", { name: "Queued messages" }).getByRole("textbox");
  return Promise.all((await boxes.all()).map((box) => box.inputValue()));
}

describe("start-up and Stop edges in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let wireLog: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog });
  const prompts = (text: string) =>
    readWireLog(wireLog).filter(
      (e) =>
        e.direction === "in" &&
        e.message?.method === "session/prompt" &&
        JSON.stringify(e.message.params?.prompt).includes(text),
    );

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-startstop-"));
    const workspace = join(scratch, "workspace");
    wireLog = join(scratch, "agent-wire.jsonl");
    mkdirSync(workspace);
    const settings = demoAgentSettings({ logFile: wireLog });
    const agents = settings["acpPanel.agents"] as Record<string, { env: Record<string, string> }>;
    agents[DEMO_AGENT]!.env.FAKE_AGENT_SLOW_START = String(SLOW_START_MS);
    server = await startCodeServer({ label: "startstop", workspace, extensionVsix: vsixPath(), settings });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("Send clicked all through a slow start-up: the message is kept until it can go, then sent once", async (t) => {
    await withDiagnostics(t, diag(), "e2e-send-during-start", async () => {
      await openChatView(page);
      view = chat(page);
      await view.prompt.waitFor({ timeout: 60_000 });
      const text = "late-text typed while the agent starts";
      await view.prompt.click();
      await view.prompt.fill(text);
      let clicks = 0;
      let clicksWhileStarting = 0;
      // Send every ~150 ms, whatever the state, until the agent has the message.
      while (prompts(text).length === 0) {
        const starting = /Starting|Loading/.test((await view.status.textContent()) ?? "");
        // Enter in the box, or a click on Send even while it is disabled (a click as the page gets it).
        if (clicks % 2 === 0) await view.prompt.press("Enter", { timeout: 2_000 }).catch(() => undefined);
        else await view.send.dispatchEvent("click", undefined, { timeout: 2_000 }).catch(() => undefined);
        clicks += 1;
        if (starting) clicksWhileStarting += 1;
        // Not sent yet: it is still in the prompt box, in the queue or the transcript (after the
        // moment it is in flight from the webview to the host), never gone.
        await eventually(
          async () =>
            prompts(text).length > 0 ||
            (await view.prompt.inputValue()) === text ||
            (await queuedTexts(view)).includes(text) ||
            (await view.log.getByText(text).count()) > 0,
          `click ${clicks}: the message kept or sent`,
          5_000,
        );
        assert.ok(clicks < 400, "the message was never sent");
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      t.diagnostic(`${clicks} clicks, ${clicksWhileStarting} while the agent was starting`);
      assert.ok(clicksWhileStarting >= 3, "Send was clicked during the start-up");
      await view.log.getByText("The complete answer, sent at the end.").first().waitFor({ timeout: 30_000 });
      await eventually(async () => /is ready/.test((await view.status.textContent()) ?? ""), "the turn to end");
      assert.equal(prompts(text).length, 1, "sent exactly once");
      assert.equal(await view.log.getByText(text, { exact: true }).count(), 1, "shown once in the transcript");
      assert.equal(await view.prompt.inputValue(), "");
    });
  });

  it("Stop with an agent that ignores session/cancel leaves a usable panel within seconds", async (t) => {
    await withDiagnostics(t, diag(), "e2e-stop-ignored", async () => {
      view ??= chat(page);
      await view.status.filter({ hasText: /is ready/ }).waitFor({ timeout: 60_000 });
      await sendPrompt(view, "ignore-cancel 4000");
      await view.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 30_000 });
      const clicked = Date.now();
      await view.stop.click();
      await view.status.filter({ hasText: "hasn't confirmed the stop yet" }).waitFor({ timeout: 10_000 });
      t.diagnostic(`Stop → panel usable in ${Date.now() - clicked} ms`);
      assert.ok(Date.now() - clicked < 8_000, "usable within a few seconds");
      await view.log.getByText(`${DEMO_AGENT} kept working after Stop`).first().waitFor({ timeout: 10_000 });
      await view.log.getByText("Still going after Stop, 12.", { exact: false }).first().waitFor({ timeout: 15_000 });
      await screenshot(page, "e2e-stop-ignored.png");

      // Sending again: the fake agent cannot steer, so the message is queued until the agent answers.
      await sendPrompt(view, "basic-stream after the ignored stop");
      await eventually(
        async () => (await queuedTexts(view)).includes("basic-stream after the ignored stop"),
        "the message in the queue",
      );
      assert.equal(
        prompts("basic-stream after the ignored stop").length,
        0,
        "not sent while the stopped prompt is unanswered",
      );
      await eventually(
        () => prompts("basic-stream after the ignored stop").length === 1,
        "the queued message to be sent once the agent answers",
        30_000,
      );
      await view.log.locator("strong", { hasText: "basic-stream" }).first().waitFor({ timeout: 30_000 });
      await eventually(
        async () => /is ready/.test((await view.status.textContent()) ?? ""),
        "the status to be ready again",
      );
    });
  });
});
