/**
 * Screenshots of a working session with tabs, a subagent run inside its tool call (expanded),
 * a member lane, steers and the files-changed review, in both themes, for a person to look at:
 * test-results/webview-features-<theme>.png. Also the session list: webview-sessions-<theme>.png.
 * At 300 px (issue 29, done-when 4): the composer toolbar with the session's pickers and the history list:
 * test-results/issue29-composer-300.png, test-results/issue29-history-300.png.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { featureState, tabsState } from "./featureFixture";
import { fullFixtureState } from "./fullFixture";
import { eventually } from "./harness";
import { PICTURE_THEMES, fitViewportToLog, picturePath, settleWithFonts } from "./looks";
import { openSessionList } from "./scenes";
import { webviewSuite } from "./webviewSuite";

describe("webview feature screenshots", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  for (const theme of PICTURE_THEMES) {
    it(`renders tabs, a subagent run, steers and files changed in the ${theme} theme`, () =>
      webview.withPanel({ theme, viewport: { width: 440, height: 1_500 }, state: featureState() }, async (panel) => {
        await panel.send(tabsState("tab-1"));
        await panel.prompt.fill("Then run the benchmarks");
        const run = panel.page.getByRole("group", { name: "Subagent: Write parser tests" });
        await eventually(async () => assert.equal(await run.count(), 1));
        await run.getByRole("button", { name: /Write parser tests/ }).click();
        await eventually(async () =>
          assert.equal(await run.getByRole("article", { name: "Tool: Read src/parser.ts" }).count(), 1),
        );
        assert.equal(await panel.page.getByRole("group", { name: "Member: Reviewer" }).count(), 1);
        assert.equal(await panel.page.getByRole("region", { name: "Files changed" }).count(), 1);
        await settleWithFonts(panel);
        await fitViewportToLog(panel, panel.page.getByRole("log"), 440, 1_500);
        await panel.page.screenshot({ path: picturePath(`webview-features-${theme}.png`) });
        await panel.assertHealthy();
      }));

    it(`renders the session list in the ${theme} theme`, () =>
      webview.withPanel({ theme, viewport: { width: 420, height: 520 }, state: featureState() }, async (panel) => {
        await panel.send(tabsState("tab-1"));
        const list = await openSessionList(panel);
        await eventually(async () => assert.equal(await list.getByRole("listitem").count(), 4));
        await settleWithFonts(panel);
        await panel.page.screenshot({ path: picturePath(`webview-sessions-${theme}.png`) });
        await panel.assertHealthy();
      }));
  }

  it("the composer toolbar at 300 px", () =>
    webview.withPanel({ viewport: { width: 300, height: 700 }, state: fullFixtureState() }, async (panel) => {
      await panel.send(tabsState("tab-2"));
      await eventually(async () =>
        assert.equal(
          (await panel.page.getByRole("combobox", { name: "Model" }).textContent())?.trim(),
          "Sonnet (Anthropic)",
        ),
      );
      await settleWithFonts(panel);
      await panel.page.screenshot({ path: picturePath("issue29-composer-300.png") });
      await panel.assertHealthy();
    }));

  it("the history list at 300 px", () =>
    webview.withPanel({ viewport: { width: 300, height: 700 }, state: fullFixtureState() }, async (panel) => {
      await panel.send(tabsState("tab-2"));
      const list = await openSessionList(panel);
      await eventually(async () => assert.ok((await list.getByRole("listitem").count()) > 0));
      await settleWithFonts(panel);
      await panel.page.screenshot({ path: picturePath("issue29-history-300.png") });
      await panel.assertHealthy();
    }));
});
