/**
 * Readable in every theme and width: code blocks without stripes, tool output with its lines,
 * a tab strip that fits 300 px (whole labels, an overflow menu), and visible focus rings.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { TABS, tabsState } from "./featureFixture";
import { fold, fullFixtureActions } from "./fullFixture";
import type { Panel } from "./panel";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { focusedLabel } from "./focus";
import { acpUpdate, messageChunk, textContent } from "./fixtures";

const OUTPUT = [
  "commit 1a2b3c",
  "Author: Ada",
  "",
  "    Fix the sign in add()",
  "",
  "commit 4d5e6f",
  "Author: Bob",
  "    Add mul()",
].join("\n");

function threadWith(...updates: PanelAction[]) {
  return fold([...fullFixtureActions().slice(0, 3), ...updates]);
}

/** A tool call whose transcript entry is `t-<toolCallId>`. */
const toolCall = (fields: Record<string, unknown>): PanelAction =>
  acpUpdate(`t-${String(fields.toolCallId)}`, "tool_call", fields);

/** A finished `git log` whose output is OUTPUT. */
const gitLog = (toolCallId: string): PanelAction =>
  toolCall({ toolCallId, title: "Run git log", kind: "execute", status: "completed", content: [textContent(OUTPUT)] });

/** A command still running, `output` so far. */
const runningCommand = (toolCallId: string, title: string, output: string): PanelAction =>
  toolCall({ toolCallId, title, kind: "execute", status: "in_progress", content: [textContent(output)] });

const TWO_LINE_BLOCK = "```ts\nconst a = 1;\nconst b = 2;\n```";

describe("readable in every theme and width", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  for (const theme of ["light", "dark"] as const) {
    it(`draws a code block's background once, not behind each line (${theme})`, () =>
      webview.withPanel({ theme, state: threadWith(messageChunk("a-code", TWO_LINE_BLOCK)) }, async (panel) => {
        const code = panel.page.locator(".code-block code");
        await eventually(async () => assert.equal(await code.count(), 1));
        const style = await code.evaluate((element) => ({
          background: getComputedStyle(element).backgroundColor,
          padding: getComputedStyle(element).paddingLeft,
        }));
        assert.deepEqual(style, { background: "rgba(0, 0, 0, 0)", padding: "0px" });
        await panel.assertHealthy();
      }));
  }

  it("caps a long code block's height, with a control to show all its lines", () =>
    webview.withPanel(async (panel) => {
      const lines = Array.from({ length: 40 }, (_, index) => `const line${index} = ${index};`).join("\n");
      await panel.snapshot(0, threadWith(messageChunk("a-code", `\`\`\`ts\n${lines}\n\`\`\``)));
      const pre = panel.page.locator(".code-block pre");
      await eventually(async () => assert.equal(await pre.count(), 1));
      const overflow = () => pre.evaluate((element) => element.scrollHeight - element.clientHeight);
      assert.ok((await overflow()) > 100, "a 40-line block is capped");
      const expand = panel.page.getByRole("button", { name: "Show all 40 lines" });
      assert.equal(await expand.getAttribute("aria-expanded"), "false");
      await expand.click();
      await eventually(async () => assert.equal(await overflow(), 0));
      assert.equal(
        await panel.page.getByRole("button", { name: "Show fewer lines" }).getAttribute("aria-expanded"),
        "true",
      );
      await panel.assertHealthy();
    }));

  it("collapses a finished tool card to its header, and remembers a card the user opened", () =>
    webview.withPanel(async (panel) => {
      await panel.snapshot(0, threadWith(gitLog("done-1"), runningCommand("busy-1", "Run npm test", "running…")));
      const done = panel.page.getByRole("article", { name: "Tool: Run git log" });
      const busy = panel.page.getByRole("article", { name: "Tool: Run npm test" });
      await eventually(async () => assert.equal(await busy.getByText("running…").count(), 1, "a running card is open"));
      const toggle = done.getByRole("button", { name: "Details" });
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.equal(
        await done.getByText("Author: Ada", { exact: false }).count(),
        0,
        "a finished card shows only its header",
      );
      await toggle.click();
      await eventually(async () => assert.equal(await done.getByText("Author: Ada", { exact: false }).count(), 1));
      // UI state survives a reload (getState): the card stays open.
      await panel.reload();
      await panel.snapshot(0, threadWith(gitLog("done-1")));
      await eventually(async () => assert.equal(await done.getByText("Author: Ada", { exact: false }).count(), 1));
      assert.equal(await done.getByRole("button", { name: "Details" }).getAttribute("aria-expanded"), "true");

      // A card seen running stays open when it completes: nothing collapses under the reader.
      await panel.actions(1, [runningCommand("busy-2", "Build", "building…")]);
      const build = panel.page.getByRole("article", { name: "Tool: Build" });
      await eventually(async () => assert.equal(await build.getByText("building…").count(), 1));
      await panel.actions(2, [
        acpUpdate("t-busy-2u", "tool_call_update", { toolCallId: "busy-2", status: "completed" }),
      ]);
      await eventually(async () => assert.equal(await build.locator(".tool-status").textContent(), "Done"));
      assert.equal(await build.getByText("building…").count(), 1, "still open");
      await panel.assertHealthy();
    }));

  it("shows a tool's text output in monospace, with its lines and indentation", () =>
    webview.withPanel({ state: threadWith(gitLog("log-1")) }, async (panel) => {
      const card = panel.page.getByRole("article", { name: "Tool: Run git log" });
      await eventually(async () => assert.equal(await card.count(), 1));
      await expandCard(card);
      const output = card.getByText("Fix the sign in add()", { exact: false });
      await eventually(async () => assert.equal(await output.count(), 1));
      assert.equal(await output.innerText(), OUTPUT);
      assert.match(await output.evaluate((element) => getComputedStyle(element).fontFamily), /monospace/);
      await panel.assertHealthy();
    }));

  it("fits the tab strip in 300 px: whole labels, close buttons uncovered, an overflow menu", () =>
    webview.withPanel({ viewport: { width: 300, height: 600 }, state: threadWith() }, async (panel) => {
      const many = [...TABS, ...TABS.map((tab) => ({ ...tab, key: `${tab.key}-b`, title: `${tab.title} again` }))];
      await panel.send(tabsState("tab-2", many));
      const strip = panel.page.getByRole("tablist", { name: "Sessions" });
      // As many whole tabs as fit, the active one among them; the menu lists all of them.
      await eventually(async () =>
        assert.equal(
          await strip.getByRole("tab", { selected: true }).getAttribute("aria-label"),
          "Release notes, waiting for you",
        ),
      );
      await settle(panel.page);
      // No helper functions inside evaluate: tsx would wrap named ones in a `__name` the page lacks.
      const geometry = await panel.page.evaluate(() => {
        const list = document.querySelector('[role="tablist"]')!;
        const view = (list.closest(".tab-scroller") ?? list).getBoundingClientRect();
        const partlyVisible = [...document.querySelectorAll('[role="tab"]')]
          .filter((tab) => {
            const r = tab.getBoundingClientRect();
            return (
              r.right > view.left + 1 && r.left < view.right - 1 && (r.left < view.left - 1 || r.right > view.right + 1)
            );
          })
          .map((tab) => tab.getAttribute("aria-label"));
        const newButton = document.querySelector('button[aria-label="Show sessions"]')!.getBoundingClientRect();
        const covered = [...document.querySelectorAll(".tab-close")]
          .map((close) => close.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.right > view.left && r.left < view.right)
          .filter(
            (r) =>
              r.left < newButton.right &&
              newButton.left < r.right &&
              r.top < newButton.bottom &&
              newButton.top < r.bottom,
          ).length;
        return { partlyVisible, covered };
      });
      assert.deepEqual(
        geometry,
        { partlyVisible: [], covered: 0 },
        "no tab is cut at the strip's edges, and Show sessions covers no close button",
      );

      const more = panel.page.getByRole("button", { name: "All sessions (8)" });
      assert.equal(await more.getAttribute("aria-haspopup"), "menu");
      await more.click();
      const menu = panel.page.getByRole("menu", { name: "Open sessions" });
      await eventually(async () => assert.equal(await menu.getByRole("menuitemradio").count(), many.length));
      assert.equal(
        await menu.getByRole("menuitemradio", { checked: true }).getAttribute("aria-label"),
        "Release notes, waiting for you",
      );
      await eventually(async () =>
        assert.equal(await panel.page.evaluate(() => document.activeElement?.getAttribute("role")), "menuitemradio"),
      );
      await panel.page.keyboard.press("End");
      await panel.page.keyboard.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("tab/activate"), [{ type: "tab/activate", key: "tab-4-b" }]);
      await eventually(async () => assert.equal(await menu.count(), 0));

      await more.click();
      await eventually(async () => assert.equal(await menu.count(), 1));
      await panel.page.keyboard.press("Escape");
      await eventually(async () => assert.equal(await menu.count(), 0));
      assert.equal(await focusedLabel(panel.page), "All sessions (8)", "Escape returns focus");
      assert.deepEqual(await panel.axe(), []);
      await panel.assertHealthy();
    }));

  it("keeps a visible focus ring on the agent picker and the Follow checkbox", () =>
    webview.withPanel({ state: threadWith() }, async (panel) => {
      for (const name of ["Agent", "Follow agent"]) {
        const control = name === "Agent" ? panel.page.locator(".agent-picker") : panel.page.locator(".follow-toggle");
        await eventually(async () => assert.equal(await control.count(), 1));
        // Reach it from the keyboard, as a user would; the select's host is out of the Tab order
        // (tabindex -1, vscode-elements), so it is focused directly after the walk.
        for (let step = 0; step < 20 && !(await control.evaluate((element) => element.matches(":focus"))); step++)
          await panel.page.keyboard.press("Tab");
        if (name === "Agent") await control.focus();
        const ring = await control.evaluate((element) => ({
          focused: element.matches(":focus"),
          style: getComputedStyle(element).outlineStyle,
          width: getComputedStyle(element).outlineWidth,
        }));
        assert.equal(ring.focused, true, `${name} has keyboard focus`);
        assert.notEqual(ring.style, "none", `${name} shows a focus ring`);
        assert.notEqual(ring.width, "0px", `${name} shows a focus ring`);
      }
    }));
});

/** Finished tool cards start collapsed: open one (a no-op on a card that is already open). */
async function expandCard(card: ReturnType<Panel["page"]["getByRole"]>): Promise<void> {
  const toggle = card.getByRole("button", { name: "Details" });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
}
