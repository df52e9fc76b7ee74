/**
 * Sessions in editor tabs (issue 18 §4), as the webview shows them: the panel's tab strip marks a
 * tab also shown in an editor tab and names each tab for VS Code's webview context menu (*Open
 * Session in Editor*); the session list offers "Show in editor" for a session an editor tab shows;
 * a webview that is an editor tab keeps its session in the webview state (read back by the host's
 * serializer after a reload).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readyState } from "./fixtures";
import { TABS, sessionsList, tabsState } from "./featureFixture";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

const IN_EDITOR = TABS.map((tab) => (tab.key === "tab-2" ? { ...tab, inEditor: true } : tab));

describe("webview editor tabs", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("marks a tab shown in an editor, and names each tab for the Open Session in Editor context menu", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send(tabsState("tab-1", IN_EDITOR));
      const strip = panel.page.getByRole("tablist", { name: "Sessions" });
      const marked = strip.getByRole("tab", { name: "Release notes, in an editor, waiting for you" });
      await marked.waitFor({ timeout: 5_000 });
      // One "New session" button: the view title's (the tab strip had a second one).
      assert.equal(await panel.page.getByRole("button", { name: "New session" }).count(), 0);
      assert.equal(await marked.locator(".codicon-window").count(), 1, "the window marker");
      assert.equal(await strip.locator(".codicon-window").count(), 1, "only that tab is marked");

      // Right-click on a tab: VS Code's webview context menu reads the tab from data-vscode-context.
      const contexts = await strip
        .getByRole("tab")
        .evaluateAll((all) =>
          all.map((tab) => JSON.parse(tab.getAttribute("data-vscode-context") ?? "null") as unknown),
        );
      assert.deepEqual(
        contexts,
        TABS.map((tab) => ({
          webviewSection: "tab",
          tabKey: tab.key,
          canFork: false,
          hasSession: tab.sessionId !== undefined,
          inWorktree: false,
          preventDefaultContextMenuItems: true,
        })),
      );
      await panel.assertHealthy();
    }));

  it("offers Show in editor for a session shown in an editor tab, in the session list", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send(tabsState("tab-1", IN_EDITOR));
      await panel.page.getByRole("button", { name: "Show sessions" }).click();
      await panel.waitForSent("sessions/refresh");
      await panel.send(sessionsList(await panel.page.evaluate(() => Date.now())));
      const list = panel.page.getByRole("list", { name: "Session list" });
      await eventually(async () => assert.equal(await list.getByRole("listitem").count(), 4));
      await list.getByRole("button", { name: "Show in editor Release notes" }).click();
      assert.equal(
        await list.getByRole("button", { name: /^Show in editor/ }).count(),
        1,
        "only the session an editor tab shows",
      );
      assert.deepEqual(await panel.waitForSentOfType("tab/openInEditor"), [{ type: "tab/openInEditor", key: "tab-2" }]);
    }));

  it("an editor tab's webview keeps its session in the webview state", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send({ type: "tabs/state", tabs: [{ ...TABS[1], inEditor: true }], activeKey: "tab-2" });
      await panel.send({ type: "editor/session", agent: "Bub", sessionId: "session-2" });
      const stored = async () =>
        panel.page.evaluate(
          () => JSON.parse(sessionStorage.getItem("acp-panel-test-state") ?? "{}") as { editorSession?: unknown },
        );
      await eventually(async () =>
        assert.deepEqual((await stored()).editorSession, { agent: "Bub", sessionId: "session-2" }),
      );
      // One session, in VS Code's own tab: no tab strip of the panel's nested inside it.
      await panel.prompt.waitFor();
      await eventually(async () => assert.equal(await panel.page.getByRole("tablist").count(), 0));
      assert.equal(await panel.page.getByRole("button", { name: "Show sessions" }).count(), 0);
      assert.equal(await panel.page.getByRole("button", { name: "New session" }).count(), 0);
      await panel.assertHealthy();
    }));
});
