/**
 * Agent Markdown at sidebar width (issue 29, section 5): a wide table scrolls sideways instead of
 * breaking its words; a `diff` fence gives added and removed lines different theme colours.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { oneExchange } from "./fixtures";
import { computedColour, eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { ALL_THEMES } from "./looks";

const TABLE = [
  "| Option | Default | Description |",
  "| --- | --- | --- |",
  "| `processPerSession` | false | Starts a separate agent process for every session instead of sharing |",
  "| reasoningEffort | medium | How much the model thinks before answering |",
].join("\n");

const DIFF = ["```diff", " unchanged line", "-removed line", "+added line", "```"].join("\n");

describe("webview markdown at 300 px", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("scrolls a wide table sideways, never breaking a word inside a cell", () =>
    webview.withPanel({ viewport: { width: 300, height: 700 } }, async (panel) => {
      await panel.snapshot(0, oneExchange("options?", TABLE));
      const table = panel.page.getByRole("log").locator(".markdown table");
      await table.waitFor();
      const shape = await table.evaluate((element) => ({
        scrolls: element.scrollWidth > element.clientWidth,
        overflowX: getComputedStyle(element).overflowX,
        tabIndex: element.tabIndex,
      }));
      assert.equal(shape.scrolls, true, "the table is wider than the panel");
      assert.equal(shape.overflowX, "auto");
      assert.equal(shape.tabIndex, 0, "a scrolling table takes keyboard focus");
      const wrap = await table
        .locator("td")
        .first()
        .evaluate((cell) => ({
          overflowWrap: getComputedStyle(cell).overflowWrap,
          wordBreak: getComputedStyle(cell).wordBreak,
        }));
      assert.ok(!["anywhere", "break-word"].includes(wrap.overflowWrap) && wrap.wordBreak !== "break-all");
      const longWord = table.locator("td code", { hasText: "processPerSession" });
      const wordBox = await longWord.evaluate((element) => element.getClientRects().length);
      assert.equal(wordBox, 1, "processPerSession is on one line");
      await panel.assertHealthy();
    }));

  for (const theme of ALL_THEMES) {
    it(`colours the + and - lines of a diff fence differently (${theme}), with the theme's added and deleted colours`, () =>
      webview.withPanel({ theme, viewport: { width: 300, height: 700 } }, async (panel) => {
        await panel.snapshot(0, oneExchange("diff?", DIFF));
        const code = panel.page.getByRole("log").locator(".markdown pre code");
        await eventually(async () => assert.equal(await code.locator(".hljs-addition").count(), 1));
        const colourOf = (selector: string) =>
          code
            .locator(selector)
            .first()
            .evaluate((element) => getComputedStyle(element).color);
        const added = await colourOf(".hljs-addition");
        const removed = await colourOf(".hljs-deletion");
        const plain = await code.evaluate((element) => getComputedStyle(element).color);
        assert.notEqual(added, removed);
        assert.notEqual(added, plain);
        assert.notEqual(removed, plain);
        const mix = (name: string) =>
          computedColour(
            panel.page,
            `color-mix(in srgb, var(--vscode-gitDecoration-${name}ResourceForeground) var(--hljs-tint, 60%), var(--vscode-editor-foreground, var(--vscode-foreground)))`,
          );
        assert.equal(added, await mix("added"));
        assert.equal(removed, await mix("deleted"));
        await panel.assertHealthy();
      }));
  }
});
