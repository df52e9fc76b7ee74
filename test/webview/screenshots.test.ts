/**
 * Screenshots of the panel holding the full fixture (every entry kind and content type), in a
 * dark and a light theme, at 300 and 700 px, for a person to look at:
 * test-results/webview-full-<theme>-<width>.png.
 * The assertions only check the page rendered cleanly; the pictures are the point.
 */
import * as assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { tabsState } from "./featureFixture";
import { fullFixtureState } from "./fullFixture";
import { type Harness, Panel, type Theme, eventually, settle, startHarness } from "./harness";

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-results");

describe("webview screenshots", { timeout: 120_000 }, () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
    mkdirSync(outDir, { recursive: true });
  });
  after(async () => {
    await harness?.close();
  });

  for (const theme of ["dark", "light"] as const satisfies readonly Theme[])
    for (const width of [300, 700]) {
      it(`renders the full fixture in the ${theme} theme at ${width} px`, async () => {
        // Tall enough that the whole transcript is in view (and so rendered) at once.
        const panel = await Panel.open(harness, { theme, viewport: { width, height: 3_600 } });
        try {
          await panel.snapshot(0, fullFixtureState());
          await panel.send(tabsState("tab-2"));
          const log = panel.page.getByRole("log", { name: "Transcript" });
          await eventually(async () =>
            assert.equal(await log.getByRole("article", { name: "Tool: Write src/math.ts" }).count(), 1),
          );
          await panel.expandToolCards();
          await panel.page.evaluate(() => document.fonts.ready);
          await settle(panel.page);
          // Shrink the page to the content, so the picture has no empty stretch.
          const spare = await log.evaluate((element) => {
            const style = getComputedStyle(element);
            const used =
              (element.firstElementChild?.getBoundingClientRect().height ?? 0) +
              parseFloat(style.paddingTop) +
              parseFloat(style.paddingBottom);
            return Math.floor(element.clientHeight - used);
          });
          if (spare > 0) await panel.page.setViewportSize({ width, height: 3_600 - spare });
          await settle(panel.page);
          await panel.page.screenshot({ path: join(outDir, `webview-full-${theme}-${width}.png`), fullPage: true });
          await panel.assertHealthy();
        } finally {
          await panel.close();
        }
      });
    }
});
