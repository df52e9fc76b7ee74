/**
 * axe-core over the panel holding the full fixture (every entry kind and content type), in the dark,
 * light and high-contrast themes, at a narrow and a wide width: any violation fails the suite.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tabsState } from "./featureFixture";
import { fullFixtureState } from "./fullFixture";
import { eventually } from "./harness";
import { ALL_THEMES, settleWithFonts } from "./looks";
import { expandFullFixture } from "./scenes";
import { webviewSuite } from "./webviewSuite";

describe("accessibility (axe-core)", { timeout: 420_000 }, () => {
  const webview = webviewSuite();

  for (const theme of ALL_THEMES) {
    for (const width of [300, 700]) {
      it(`finds no violations in the full fixture, ${theme} theme, ${width} px`, () =>
        // Tall enough that the whole transcript is rendered (the list is virtualised).
        webview.withPanel({ theme, viewport: { width, height: 4_000 }, state: fullFixtureState() }, async (panel) => {
          await panel.send(tabsState("tab-2"));
          await eventually(async () => assert.equal(await panel.page.getByRole("tab", { selected: true }).count(), 1));
          await expandFullFixture(panel);
          await settleWithFonts(panel);
          assert.deepEqual(await panel.axe(), []);
          await panel.assertHealthy();
        }));
    }
  }
});
