/**
 * Issue 18 §4 in real VS Code (code-server + Chromium, the installed .vsix): *ACP: Open Session in
 * Editor* shows the panel's session in an editor tab. From the editor tab a reply streams, a steer
 * sent mid-turn is applied, Stop cancels the turn and a permission is answered, exactly as in the
 * panel (an answered request leaves both), while the panel
 * shows the same session in step and marks its tab. After Developer: Reload Window the editor tab
 * comes back with its session (loaded again, one tab in the panel), and it still answers.
 *
 * The fake agent runs the Bub profile as a Lody client: it can steer and reopen sessions.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { readWireLog } from "../harness/agent";
import {
  launchBrowser,
  openChatView,
  openWorkbench,
  pickContextMenuItem,
  runCommand,
  screenshot,
} from "../harness/browser";
import { chat, eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, panel, reloadWindow, sawText, watchForText } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, clientMessages, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const AGENT = "Bub (fake)";
const FIRST = "steer-inject please refactor the parser";
const STEER = "also cover the tokenizer";

describe("a session in an editor tab", { timeout: 300_000 }, () => {
  let scratch: string;
  let wireLog: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  let side: Chat;
  let editor: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog });
  const notWorking = async (view: Chat) => !/working/i.test((await view.status.textContent()) ?? "");
  const prompted = () =>
    clientMessages(wireLog, "session/prompt").map((line) => line.message?.params?.sessionId as string);

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-editor-tab-"));
    const workspace = join(scratch, "workspace");
    wireLog = join(scratch, "bub-wire.jsonl");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# editor tab e2e\n");
    server = await startCodeServer({
      label: "editor-tab",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings({
        [AGENT]: fakeProfileAgent({
          profile: "bub",
          state: join(scratch, "bub-state.json"),
          log: wireLog,
          lody: true,
          env: { FAKE_AGENT_STEP_MS: "600" },
        }),
      }),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    side = await openChat(page);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("opens the panel's session in an editor tab from the tab's context menu, and the panel marks its tab", async (t) => {
    await withDiagnostics(t, diag(), "e2e-editor-open", async () => {
      const p = page!;
      await panel(p).tabs.first().click({ button: "right" });
      await pickContextMenuItem(p, "Open Session in Editor");
      editor = chat(p, "editor");
      await editor.status.filter({ hasText: /is ready/ }).waitFor({ timeout: 30_000 });
      await panel(p)
        .tablist.getByRole("tab", { name: /in an editor/ })
        .waitFor({ timeout: 15_000 });
      assert.equal(await panel(p).tabs.count(), 1, "one session, not a second tab");
      assert.equal(clientMessages(wireLog, "session/new").length, 1, "the editor tab started no session of its own");
      // The palette command on the same session focuses that editor tab rather than opening another.
      await runCommand(p, "ACP: Open Session in Editor");
      await editor.status.filter({ hasText: /is ready/ }).waitFor({ timeout: 15_000 });
      assert.equal(
        await p.locator(`iframe.webview:not([src*="purpose="])`).count(),
        1,
        "one editor tab for the session",
      );
      await screenshot(p, "e2e-editor-open.png");
    });
  });

  it("streams, and applies a steer sent mid-turn, from the editor tab; the panel follows in step", async (t) => {
    await withDiagnostics(t, diag(), "e2e-editor-steer", async () => {
      const p = page!;
      await sendPrompt(editor, FIRST);
      await editor.log.getByText("Working", { exact: false }).first().waitFor({ timeout: 20_000 });
      await editor.status.filter({ hasText: /working/i }).waitFor({ timeout: 10_000 });
      await watchForText(editor.log, "sawPendingSteer", "Sending to the running turn");
      await editor.prompt.click();
      await editor.prompt.fill(STEER);
      await editor.send.click();
      const steer = (view: Chat) => view.log.locator("article.entry-steer", { hasText: STEER });
      await steer(editor).getByText("Applied to the running turn").waitFor({ timeout: 15_000 });
      await editor.log.getByText(`[steered: ${STEER}]`, { exact: false }).first().waitFor({ timeout: 15_000 });
      assert.ok(await sawText(editor.log, "sawPendingSteer"), 'the steer showed "Sending to the running turn…" first');
      assert.equal(clientMessages(wireLog, "session/prompt").length, 1, "the steer went to the running turn");
      // The same session in the panel, in step.
      await steer(side).getByText("Applied to the running turn").waitFor({ timeout: 15_000 });
      await editor.log.getByText("Done.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await side.log.getByText("Done.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await eventually(() => notWorking(editor), "the turn to end in the editor tab", 20_000);
      await eventually(() => notWorking(side), "the turn to end in the panel", 20_000);
      await screenshot(p, "e2e-editor-steer.png");
    });
  });

  it("stops a long turn from the editor tab with session/cancel", async (t) => {
    await withDiagnostics(t, diag(), "e2e-editor-stop", async () => {
      await sendPrompt(editor, "long turn please");
      await editor.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 30_000 });
      await side.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 15_000 });
      assert.equal(await editor.stop.isEnabled(), true, "Stop is enabled while the turn runs");
      await editor.stop.click();
      const prompt = readWireLog(wireLog).find(
        (entry) =>
          entry.direction === "in" &&
          entry.message?.method === "session/prompt" &&
          JSON.stringify(entry.message.params?.prompt).includes("long turn please"),
      );
      assert.ok(prompt?.message, "the agent received the long prompt");
      const sessionId = prompt.message.params?.sessionId;
      await eventually(
        () =>
          readWireLog(wireLog).some(
            (e) =>
              e.direction === "in" &&
              e.message?.method === "session/cancel" &&
              e.message.params?.sessionId === sessionId,
          ),
        "session/cancel in the agent's wire log",
      );
      await editor.status.filter({ hasText: "Turn cancelled" }).waitFor({ timeout: 15_000 });
      await side.status.filter({ hasText: "Turn cancelled" }).waitFor({ timeout: 15_000 });
      await eventually(() => editor.send.isEnabled(), "Send to be enabled again in the editor tab");
      await screenshot(page!, "e2e-editor-stopped.png");
    });
  });

  it("a permission answered in the editor tab leaves the panel as well", async (t) => {
    await withDiagnostics(t, diag(), "e2e-editor-permission", async () => {
      // The fake agent asks at once when the "go" file exists: README.md is in the workspace.
      await sendPrompt(editor, "follow-ask README.md");
      const publish = (view: Chat) => view.frame.getByRole("button", { name: "Publish them" });
      await publish(editor).waitFor({ timeout: 20_000 });
      await publish(side).waitFor({ timeout: 15_000 });
      await publish(editor).click();
      await editor.log.getByText("Follow permission: publish.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await eventually(async () => (await publish(side).count()) === 0, "the request to leave the panel", 15_000);
      await side.log.getByText("Follow permission: publish.", { exact: false }).first().waitFor({ timeout: 15_000 });
      await eventually(() => notWorking(editor), "the turn to end", 20_000);
    });
  });

  it("comes back with its session after Reload Window, and still answers", async (t) => {
    await withDiagnostics(t, diag(), "e2e-editor-reload", async () => {
      const p = page!;
      const sessionsBefore = new Set(prompted());
      assert.equal(sessionsBefore.size, 1, "one session before the reload");
      await reloadWindow(p);
      editor = chat(p, "editor");
      await editor.log.getByText(STEER, { exact: false }).first().waitFor({ timeout: 60_000 });
      await editor.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 20_000 });
      await editor.status.filter({ hasText: /is ready/ }).waitFor({ timeout: 30_000 });
      await screenshot(p, "e2e-editor-restored.png");

      const promptsBefore = prompted().length;
      await sendPrompt(editor, "basic-stream after the reload");
      await editor.log.getByText("basic-stream after the reload").first().waitFor({ timeout: 15_000 });
      await eventually(() => prompted().length === promptsBefore + 1, "the prompt to reach the agent", 20_000);
      assert.ok(sessionsBefore.has(prompted().at(-1)!), "answered in the same session, loaded again");
      await eventually(() => notWorking(editor), "the turn to end", 30_000);

      await openChatView(p);
      side = chat(p);
      await panel(p)
        .tablist.getByRole("tab", { name: /in an editor/ })
        .waitFor({ timeout: 30_000 });
      assert.equal(await panel(p).tabs.count(), 1, "the panel restored the session once, not twice");
      await side.log.getByText("basic-stream after the reload").first().waitFor({ timeout: 15_000 });
    });
  });
});
