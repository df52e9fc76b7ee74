/**
 * The chat panel in real VS Code (code-server + Chromium): the installed .vsix, the Demo Agent
 * (scripted fake agent) configured in user settings, one server and one browser for the file.
 * Run by `npm run test:e2e`, which packages the extension first.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { demoAgentSettings, readWireLog } from "../harness/agent";
import { launchBrowser, openWorkbench, screenshot } from "../harness/browser";
import { eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const clock = Date.now();
const timing = (label: string): void => console.log(`# ${label}: ${((Date.now() - clock) / 1000).toFixed(1)} s`);

describe("chat panel in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let wireLog: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog });

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-chat-"));
    const workspace = join(scratch, "workspace");
    wireLog = join(scratch, "agent-wire.jsonl");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "hello.ts"), "export const hello = (name: string): string => `Hello, ${name}!`;\n");
    server = await startCodeServer({
      label: "chat",
      workspace,
      extensionVsix: vsixPath(),
      settings: demoAgentSettings({ logFile: wireLog }),
    });
    timing("code-server up");
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    timing("workbench loaded");
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
    timing("torn down");
  });

  it("streams a Markdown reply from the Demo Agent", async (t) => {
    await withDiagnostics(t, diag(), "e2e-chat-reply", async () => {
      view = await openChat(page);
      timing("agent ready");
      await sendPrompt(view, "hello");
      await view.log.locator("strong", { hasText: "ACP Panel demo agent" }).first().waitFor({ timeout: 30_000 });
      await view.log
        .locator("pre", { hasText: "export function greet(name: string): string" })
        .first()
        .waitFor({ timeout: 30_000 });
      // The reply is complete when the turn ends (the last sentence arrived and the status left "working").
      await view.log.getByText("to see a turn you can", { exact: false }).first().waitFor({ timeout: 30_000 });
      await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end");
      timing("reply rendered");
      const shot = await screenshot(page, "e2e-chat-reply.png");
      t.diagnostic(`screenshot ${shot}`);
    });
  });

  it("stops a long turn with session/cancel", async (t) => {
    await withDiagnostics(t, diag(), "e2e-chat-cancel", async () => {
      view ??= await openChat(page);
      await sendPrompt(view, "long turn please");
      await view.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 30_000 });
      await view.status.filter({ hasText: /working/i }).waitFor({ timeout: 10_000 });
      assert.equal(await view.stop.isEnabled(), true, "Stop is enabled while the turn runs");
      const clicked = Date.now();
      await view.stop.click();

      const prompt = readWireLog(wireLog).find(
        (entry) =>
          entry.direction === "in" &&
          entry.message?.method === "session/prompt" &&
          JSON.stringify(entry.message.params?.prompt).includes("long turn please"),
      );
      assert.ok(prompt?.message, "the agent received the long prompt");
      const sessionId = prompt.message.params?.sessionId;
      const promptId = prompt.message.id;
      assert.equal(typeof sessionId, "string");

      await eventually(
        () =>
          readWireLog(wireLog).some(
            (e) =>
              e.direction === "in" &&
              e.message?.method === "session/cancel" &&
              e.message.params?.sessionId === sessionId,
          ),
        `session/cancel for ${String(sessionId)} in the agent's wire log`,
      );
      await eventually(
        () =>
          readWireLog(wireLog).some(
            (e) => e.direction === "out" && e.message?.id === promptId && e.message?.result?.stopReason === "cancelled",
          ),
        "the agent to answer the prompt with stopReason cancelled",
      );
      await view.status.filter({ hasText: "Turn cancelled" }).waitFor({ timeout: 15_000 });
      t.diagnostic(`Stop → "Turn cancelled" in ${Date.now() - clicked} ms`);
      await eventually(() => view.send.isEnabled(), "Send to be enabled again");
      const status = (await view.status.textContent()) ?? "";
      assert.doesNotMatch(status, /working|cancelling/i, "the status no longer shows a running turn");
      await view.log.getByRole("article", { name: "You stopped this turn." }).waitFor({ timeout: 15_000 });
      await screenshot(page, "e2e-chat-cancelled.png");
      timing("cancel verified");
    });
  });

  it("leaves no agent process behind when VS Code stops", async (t) => {
    await browser?.close();
    browser = undefined;
    assert.ok(server);
    const report = await server.stop();
    t.diagnostic(`code-server stopped in ${report.ms} ms`);
    assert.deepEqual(report.strays, [], "no process of this run outlived code-server's process group");
  });
});
