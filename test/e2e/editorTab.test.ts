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
import { describe } from "node:test";
import { pickContextMenuItem, runCommand, screenshot } from "../harness/browser";
import { chat, eventually, sendPrompt, type Chat } from "../harness/chat";
import { panel, reloadWindow } from "../harness/panel";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { steerEntry, steerMidTurn, turnEnded, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { cancelSent, promptedSessions, promptsContaining } from "./fixture/wire";

const AGENT = "Bub (fake)";
const FIRST = "steer-inject please refactor the parser";
const STEER = "also cover the tokenizer";

describe("a session in an editor tab", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "editor-tab",
    files: { "README.md": "# editor tab e2e\n" },
    agents: { [AGENT]: fakeAgent({ profile: "bub", state: true, lody: true, env: { FAKE_AGENT_STEP_MS: "600" } }) },
  });
  let editor: Chat;

  e2e.it(
    "opens the panel's session in an editor tab from the tab's context menu, and the panel marks its tab",
    "e2e-editor-open",
    async ({ page, wireLog }) => {
      const parts = panel(page);
      await parts.tabs.first().click({ button: "right" });
      await pickContextMenuItem(page, "Open Session in Editor");
      editor = chat(page, "editor");
      await untilReady(editor);
      await parts.tablist.getByRole("tab", { name: /in an editor/ }).waitFor({ timeout: 15_000 });
      assert.equal(await parts.tabs.count(), 1, "one session, not a second tab");
      const sessions = clientMessages(wireLog, "session/new").length;
      assert.equal(sessions, 1, "the editor tab started no session of its own");
      // The palette command on the same session focuses that editor tab rather than opening another.
      await runCommand(page, "ACP: Open Session in Editor");
      await untilReady(editor, /is ready/, 15_000);
      const editorTabs = await page.locator(`iframe.webview:not([src*="purpose="])`).count();
      assert.equal(editorTabs, 1, "one editor tab for the session");
      await screenshot(page, "e2e-editor-open.png");
    },
  );

  e2e.it(
    "streams, and applies a steer sent mid-turn, from the editor tab; the panel follows in step",
    "e2e-editor-steer",
    async ({ page, view, wireLog }) => {
      const side = view;
      await steerMidTurn(editor, wireLog, FIRST, STEER);
      // The same session in the panel, in step.
      await steerEntry(side, STEER).getByText("Applied to the running turn").waitFor({ timeout: 15_000 });
      for (const view of [editor, side])
        await view.log.getByText("Done.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await turnEnded(editor, 20_000);
      await turnEnded(side, 20_000);
      await screenshot(page, "e2e-editor-steer.png");
    },
  );

  e2e.it("stops a long turn from the editor tab with session/cancel", "e2e-editor-stop", async ({ page, view }) => {
    const side = view;
    const wireLog = e2e.wireLog();
    await sendPrompt(editor, "long turn please");
    await editor.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 30_000 });
    await side.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 15_000 });
    assert.equal(await editor.stop.isEnabled(), true, "Stop is enabled while the turn runs");
    await editor.stop.click();
    const prompt = promptsContaining(wireLog, "long turn please")[0];
    assert.ok(prompt?.message, "the agent received the long prompt");
    const sessionId = prompt.message.params?.sessionId;
    await eventually(() => cancelSent(wireLog, sessionId), "session/cancel in the agent's wire log");
    for (const view of [editor, side])
      await view.status.filter({ hasText: "Turn cancelled" }).waitFor({ timeout: 15_000 });
    await eventually(() => editor.send.isEnabled(), "Send to be enabled again in the editor tab");
    await screenshot(page, "e2e-editor-stopped.png");
  });

  e2e.it(
    "a permission answered in the editor tab leaves the panel as well",
    "e2e-editor-permission",
    async ({ view }) => {
      const side = view;
      // The fake agent asks at once when the "go" file exists: README.md is in the workspace.
      await sendPrompt(editor, "follow-ask README.md");
      const publish = (view: Chat) => view.frame.getByRole("button", { name: "Publish them" });
      await publish(editor).waitFor({ timeout: 20_000 });
      await publish(side).waitFor({ timeout: 15_000 });
      await publish(editor).click();
      await editor.log.getByText("Follow permission: publish.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await eventually(async () => (await publish(side).count()) === 0, "the request to leave the panel", 15_000);
      await side.log.getByText("Follow permission: publish.", { exact: false }).first().waitFor({ timeout: 15_000 });
      await turnEnded(editor, 20_000);
    },
  );

  e2e.it(
    "comes back with its session after Reload Window, and still answers",
    "e2e-editor-reload",
    async ({ page, wireLog }) => {
      const prompted = () => promptedSessions(wireLog);
      const sessionsBefore = new Set(prompted());
      assert.equal(sessionsBefore.size, 1, "one session before the reload");
      await reloadWindow(page);
      editor = chat(page, "editor");
      await editor.log.getByText(STEER, { exact: false }).first().waitFor({ timeout: 60_000 });
      await editor.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 20_000 });
      await untilReady(editor);
      await screenshot(page, "e2e-editor-restored.png");

      const promptsBefore = prompted().length;
      await sendPrompt(editor, "basic-stream after the reload");
      await editor.log.getByText("basic-stream after the reload").first().waitFor({ timeout: 15_000 });
      await eventually(() => prompted().length === promptsBefore + 1, "the prompt to reach the agent", 20_000);
      assert.ok(sessionsBefore.has(prompted().at(-1)!), "answered in the same session, loaded again");
      await turnEnded(editor, 30_000);

      const side = await e2e.showChat();
      await panel(page)
        .tablist.getByRole("tab", { name: /in an editor/ })
        .waitFor({ timeout: 30_000 });
      assert.equal(await panel(page).tabs.count(), 1, "the panel restored the session once, not twice");
      await side.log.getByText("basic-stream after the reload").first().waitFor({ timeout: 15_000 });
    },
  );
});
