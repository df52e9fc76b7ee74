/**
 * The tab strip (`tabs/state`): tabs with status badges, activation by mouse and keyboard, close
 * and new; and each tab keeping its own draft across switches and reloads.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AGENT, readyState, userEntry } from "./fixtures";
import { TABS, tabsState } from "./featureFixture";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { focusedLabel } from "./focus";
import { ALL_THEMES } from "./looks";

describe("webview tabs", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows each open session as a tab with its status badge", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send(tabsState("tab-1"));
      const strip = panel.page.getByRole("tablist", { name: "Sessions" });
      const tabs = strip.getByRole("tab");
      await eventually(async () => assert.equal(await tabs.count(), 4));
      assert.deepEqual(await tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute("aria-label"))), [
        "Parser refactor, running",
        "Release notes, waiting for you",
        "Flaky CI, failed",
        "Docs typo",
      ]);
      assert.deepEqual(await tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute("aria-selected"))), [
        "true",
        "false",
        "false",
        "false",
      ]);
      assert.equal(
        await strip.getByRole("tab", { name: "Release notes, waiting for you" }).locator(".codicon-bell-dot").count(),
        1,
      );
      assert.equal(
        await strip
          .getByRole("tab", { name: /^Parser refactor/ })
          .locator(".codicon-loading.codicon-modifier-spin")
          .count(),
        1,
      );
      assert.equal(
        await strip
          .getByRole("tab", { name: /^Flaky CI/ })
          .locator(".codicon-error")
          .count(),
        1,
      );
      assert.equal(
        await strip.getByRole("tab", { name: "Docs typo" }).locator(".codicon").count(),
        0,
        "idle: no badge",
      );
      assert.deepEqual(
        await tabs.evaluateAll((all) => all.map((tab) => tab.tabIndex)),
        [0, -1, -1, -1],
        "roving tabindex on the active tab",
      );

      // Status changes arrive as a new tabs/state.
      await panel.send(
        tabsState(
          "tab-1",
          TABS.map((tab) => (tab.key === "tab-2" ? { ...tab, status: "idle" } : tab)),
        ),
      );
      await eventually(async () =>
        assert.equal(
          await strip.getByRole("tab", { name: "Release notes", exact: true }).locator(".codicon").count(),
          0,
        ),
      );
      await panel.assertHealthy();
    }));

  it("activates tabs by click and by arrows + Enter, closes them, and opens a new session", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send(tabsState("tab-1"));
      const strip = panel.page.getByRole("tablist", { name: "Sessions" });
      await eventually(async () => assert.equal(await strip.getByRole("tab").count(), 4));

      await strip.getByRole("tab", { name: /^Release notes/ }).click();
      await panel.waitForSent("tab/activate");
      await strip.getByRole("tab", { name: /^Parser refactor/ }).click();
      await settle(panel.page);
      assert.deepEqual(
        await panel.sentOfType("tab/activate"),
        [{ type: "tab/activate", key: "tab-2" }],
        "the active tab posts nothing",
      );

      // Keyboard: arrows move focus only; Enter activates; Delete closes the focused tab.
      await strip.getByRole("tab", { name: /^Parser refactor/ }).focus();
      await panel.page.keyboard.press("ArrowRight");
      await panel.page.keyboard.press("ArrowRight");
      assert.equal(await focusedLabel(panel.page), "Flaky CI, failed");
      await panel.page.keyboard.press("End");
      await panel.page.keyboard.press("ArrowRight");
      assert.equal(await focusedLabel(panel.page), "Parser refactor, running", "wraps around");
      await panel.page.keyboard.press("ArrowLeft");
      await settle(panel.page);
      assert.equal((await panel.sentOfType("tab/activate")).length, 1, "moving focus does not switch");
      await panel.page.keyboard.press("Enter");
      assert.deepEqual((await panel.waitForSentOfType("tab/activate", 2))[1], { type: "tab/activate", key: "tab-4" });
      await panel.page.keyboard.press("Delete");
      await panel.waitForSent("tab/close");

      await panel.page.getByRole("button", { name: "Close Flaky CI" }).click();
      assert.deepEqual(await panel.waitForSentOfType("tab/close", 2), [
        { type: "tab/close", key: "tab-4" },
        { type: "tab/close", key: "tab-3" },
      ]);

      // New session is the view title's (a command): the host answers with the new tab.
      await panel.send(
        tabsState("tab-5", [
          TABS[0]!,
          TABS[1]!,
          { key: "tab-5", agent: AGENT, title: "New session", status: "starting" },
        ]),
      );
      await eventually(async () =>
        assert.equal(await strip.getByRole("tab", { selected: true, name: "New session, starting" }).count(), 1),
      );
      assert.equal(await strip.getByRole("tab").count(), 3);
      await panel.assertHealthy();
    }));

  it("keeps a draft per tab: switching tabs and reloading bring each tab's draft back", () =>
    webview.withPanel(async (panel) => {
      const prompt = panel.prompt;
      const switchTo = async (seq: number, key: string, text: string) => {
        // What the host sends on a switch: the new tab's snapshot, and the tab strip.
        await panel.snapshot(seq, readyState([userEntry(`u-${key}`, text)]));
        await panel.send(tabsState(key));
        await eventually(async () =>
          assert.equal(await panel.page.getByRole("log").getByRole("article", { name: "You" }).textContent(), text),
        );
      };
      await panel.snapshot(0, readyState());
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await panel.page.getByRole("tab", { selected: true }).count(), 1));
      await prompt.fill("draft for the parser");

      await switchTo(10, "tab-2", "release notes thread");
      await eventually(async () => assert.equal(await prompt.inputValue(), ""));
      await prompt.fill("draft for the release notes");

      await switchTo(20, "tab-1", "parser thread");
      await eventually(async () => assert.equal(await prompt.inputValue(), "draft for the parser"));

      // Sending clears this tab's draft only.
      await prompt.press("Enter");
      await panel.waitForSent("prompt/send");
      assert.equal(await prompt.inputValue(), "");
      await switchTo(30, "tab-2", "release notes thread");
      await eventually(async () => assert.equal(await prompt.inputValue(), "draft for the release notes"));

      await panel.reload();
      // Before the host says which tab is active, the composer shows the tab it showed last.
      await eventually(async () => assert.equal(await prompt.inputValue(), "draft for the release notes"));
      await panel.snapshot(0, readyState([userEntry("u-tab-2", "release notes thread")]));
      await panel.send(tabsState("tab-2"));
      await settle(panel.page);
      assert.equal(await prompt.inputValue(), "draft for the release notes");
      await switchTo(40, "tab-1", "parser thread");
      await eventually(async () => assert.equal(await prompt.inputValue(), ""));
      await prompt.fill("second parser draft");
      await switchTo(50, "tab-2", "release notes thread");
      await eventually(async () => assert.equal(await prompt.inputValue(), "draft for the release notes"));
      await switchTo(60, "tab-1", "parser thread");
      await eventually(async () => assert.equal(await prompt.inputValue(), "second parser draft"));
      await panel.assertHealthy();
    }));

  it("moves a draft typed before any tab was known to the first tab", () =>
    webview.withPanel(async (panel) => {
      const prompt = panel.prompt;
      await panel.snapshot(0, readyState());
      await prompt.fill("typed early");
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await panel.page.getByRole("tab", { selected: true }).count(), 1));
      await settle(panel.page);
      assert.equal(await prompt.inputValue(), "typed early");
      await panel.send(tabsState("tab-2"));
      await eventually(async () => assert.equal(await prompt.inputValue(), ""));
      await panel.send(tabsState("tab-1"));
      await eventually(async () => assert.equal(await prompt.inputValue(), "typed early"));
      await panel.assertHealthy();
    }));

  it("a tab in a git worktree shows its branch and says so; the strip stays axe-clean in every theme", async () => {
    const worktreeTabs = [
      { ...TABS[0]!, title: "Fix login", worktree: { branch: "acp/fix-login", path: "/w/repo-1/acp-fix-login" } },
      { ...TABS[3]!, title: "Add tests", worktree: { branch: "acp/add-tests", path: "/w/repo-1/acp-add-tests" } },
    ];
    for (const theme of ALL_THEMES) {
      await webview.withPanel({ theme, viewport: { width: 700, height: 600 }, state: readyState() }, async (panel) => {
        await panel.send(tabsState("tab-1", worktreeTabs));
        const strip = panel.page.getByRole("tablist", { name: "Sessions" });
        const first = strip.getByRole("tab", { name: "acp/fix-login Fix login, in a worktree, running" });
        await first.waitFor();
        await strip.getByRole("tab", { name: "acp/add-tests Add tests, in a worktree" }).waitFor();
        assert.equal(await first.locator(".tab-branch .codicon-git-branch").count(), 1);
        assert.equal(await first.locator(".tab-branch-name").innerText(), "acp/fix-login");
        assert.match(
          (await first.getAttribute("title")) ?? "",
          /Worktree: branch acp\/fix-login in \/w\/repo-1\/acp-fix-login/,
        );
        const context = JSON.parse((await first.getAttribute("data-vscode-context")) ?? "{}") as {
          inWorktree?: boolean;
        };
        assert.equal(context.inWorktree, true, "the tab's menu offers the worktree's actions");
        assert.deepEqual(await panel.axe(), []);
        await panel.assertHealthy();
      });
    }
  });
});
