/**
 * Screenshots of the panel holding the full fixture (every entry kind and content type), in a
 * dark and a light theme, at 300 and 700 px, for a person to look at:
 * test-results/webview-full-<theme>-<width>.png.
 * The assertions only check the page rendered cleanly; the pictures are the point.
 */
import { describe, it } from "node:test";
import { tabsState } from "./featureFixture";
import { fullFixtureState } from "./fullFixture";
import { PICTURE_THEMES, fitViewportToLog, picturePath, settleWithFonts } from "./looks";
import { expandFullFixture } from "./scenes";
import { webviewSuite } from "./webviewSuite";

describe("webview screenshots", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  for (const theme of PICTURE_THEMES)
    for (const width of [300, 700]) {
      it(`renders the full fixture in the ${theme} theme at ${width} px`, () =>
        // Tall enough that the whole transcript is in view (and so rendered) at once.
        webview.withPanel({ theme, viewport: { width, height: 3_600 }, state: fullFixtureState() }, async (panel) => {
          await panel.send(tabsState("tab-2"));
          const log = await expandFullFixture(panel);
          await settleWithFonts(panel);
          await fitViewportToLog(panel, log, width, 3_600);
          await panel.page.screenshot({ path: picturePath(`webview-full-${theme}-${width}.png`), fullPage: true });
          await panel.assertHealthy();
        }));
    }
});
