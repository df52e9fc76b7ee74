/**
 * Plan, Files changed and the queue above the composer (issue 29 §6): each is one summary row by
 * default, so together they leave the transcript its room in a 900 px sidebar. A disclosure button
 * (aria-expanded, Enter or Space) shows the full list; the choice is per panel kind, kept across a
 * reload of the webview, and the summary row keeps the files' Review all / Keep all / Undo all.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { fold } from "./fullFixture";
import { readyActions } from "./featureFixture";
import type { Panel } from "./panel";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { acpUpdate } from "./fixtures";

const ROOT = "/home/ada/work/parser";
const steps = ["Read the parser", "Split the tokenizer", "Build the tree", "Keep parseLegacy", "Add tests", "Docs"];
const plan: PanelAction = acpUpdate("p1", "plan", {
  entries: steps.map((content, i) => ({
    content,
    priority: "medium",
    status: i < 2 ? "completed" : i === 2 ? "in_progress" : "pending",
  })),
});
const files = ["src/a.ts", "src/b.ts", "src/c.ts", "test/a.test.ts", "test/b.test.ts", "README.md"];
const changes: PanelAction[] = files.map((file, i) => ({
  type: "review/recorded",
  path: `${ROOT}/${file}`,
  additions: i + 1,
  deletions: i % 2,
  created: false,
  undoable: true,
}));
const queue: PanelAction = {
  type: "queue/set",
  items: ["Then bump the version", "And tag the release", "Then write the notes"].map((text, i) => ({
    id: `q${i + 1}`,
    text,
  })),
};
const state = () =>
  fold([
    ...readyActions,
    { type: "turn/started", entryId: "u1", text: "Refactor the parser", at: 1 },
    plan,
    ...changes,
    queue,
  ]);

/** The three panels' toggles, by the name each summary row starts with. */
const toggles = (panel: Panel) => ({
  plan: panel.page.getByRole("button", { name: /^Plan/ }),
  files: panel.page.getByRole("region", { name: "Files changed" }).getByRole("button", { name: /^Files changed/ }),
  queue: panel.page.getByRole("button", { name: /^Queued/ }),
});

/** Combined height of the panels between the status line and the composer. */
function panelsHeight(panel: Panel): Promise<number> {
  return panel.page.evaluate(() =>
    [".plan", ".files-changed", ".queued"]
      .map((selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0)
      .reduce((sum, height) => sum + height, 0),
  );
}

describe("webview summary rows above the composer", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("at 900 px: a 6-step plan, 6 changed files and 3 queued messages take one row each until expanded", () =>
    webview.withPanel({ viewport: { width: 420, height: 900 }, state: state() }, async (panel) => {
      const { plan: planToggle, files: filesToggle, queue: queueToggle } = toggles(panel);
      await queueToggle.waitFor();
      for (const toggle of [planToggle, filesToggle, queueToggle]) {
        assert.equal(await toggle.getAttribute("aria-expanded"), "false", "collapsed by default");
      }
      assert.equal(await panel.page.getByRole("list", { name: "Plan" }).count(), 0);
      assert.equal(await panel.page.getByRole("list", { name: "Changed files" }).count(), 0);
      assert.equal(await panel.page.getByRole("list", { name: "Queued messages" }).count(), 0);
      const collapsed = await panelsHeight(panel);
      assert.ok(collapsed <= 120, `three summary rows: ${collapsed} px`);
      const summary = async (toggle: typeof planToggle) => ((await toggle.textContent()) ?? "").replace(/\s+/g, " ");
      assert.match(await summary(planToggle), /2 of 6 done.*Build the tree/);
      assert.match(await summary(filesToggle), /6 files \+21 −3/);
      assert.match(await summary(queueToggle), /Queued 3/);
      // The review's actions stay on the summary row.
      const region = panel.page.getByRole("region", { name: "Files changed" });
      for (const name of ["Review all", "Keep all", "Undo all"]) {
        assert.equal(await region.getByRole("button", { name }).count(), 1, name);
      }

      // Keyboard: Enter on one, Space on another, a click on the third.
      await planToggle.focus();
      await panel.page.keyboard.press("Enter");
      await filesToggle.focus();
      await panel.page.keyboard.press(" ");
      await queueToggle.click();
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("list", { name: "Queued messages" }).getByRole("listitem").count(), 3),
      );
      assert.equal(await panel.page.getByRole("list", { name: "Plan" }).getByRole("listitem").count(), 6);
      assert.equal(await panel.page.getByRole("list", { name: "Changed files" }).getByRole("listitem").count(), 6);
      for (const toggle of [planToggle, filesToggle, queueToggle]) {
        assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      }
      const expanded = await panelsHeight(panel);
      assert.ok(expanded > collapsed + 200, `expanded: ${expanded} px`);
      assert.equal(
        await panel.page
          .getByRole("list", { name: "Queued messages" })
          .getByRole("button", { name: "Send now" })
          .count(),
        3,
      );

      // Collapse the plan again with the keyboard: Space.
      await planToggle.focus();
      await panel.page.keyboard.press(" ");
      await eventually(async () => assert.equal(await planToggle.getAttribute("aria-expanded"), "false"));
      await panel.assertHealthy();
    }));

  it("keeps each panel's choice across a reload of the webview", () =>
    webview.withPanel({ viewport: { width: 420, height: 900 }, state: state() }, async (panel) => {
      await toggles(panel).files.click();
      await toggles(panel).queue.click();
      await eventually(async () => assert.equal(await toggles(panel).queue.getAttribute("aria-expanded"), "true"));

      await panel.reload();
      await panel.snapshot(0, state());
      const { plan: planToggle, files: filesToggle, queue: queueToggle } = toggles(panel);
      await queueToggle.waitFor();
      await settle(panel.page);
      assert.equal(await planToggle.getAttribute("aria-expanded"), "false");
      assert.equal(await filesToggle.getAttribute("aria-expanded"), "true");
      assert.equal(await queueToggle.getAttribute("aria-expanded"), "true");
      assert.equal(await panel.page.getByRole("list", { name: "Changed files" }).getByRole("listitem").count(), 6);

      await panel.assertHealthy();
    }));

  it("fits a 300 px sidebar: each summary row is one line, its text cut with an ellipsis", () =>
    webview.withPanel({ viewport: { width: 300, height: 900 }, state: state() }, async (panel) => {
      await toggles(panel).queue.waitFor();
      const rows = await panel.page.evaluate(() =>
        [".plan", ".files-changed", ".queued"].map((selector) => {
          const element = document.querySelector(selector);
          return element === null ? 0 : element.getBoundingClientRect().height;
        }),
      );
      for (const height of rows) assert.ok(height > 0 && height <= 40, `one row each: ${rows.join(", ")} px`);
      assert.ok(
        await panel.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        "no sideways scroll",
      );
      await panel.assertHealthy();
    }));
});
