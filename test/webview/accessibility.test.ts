/**
 * axe-core over the panel holding the full fixture (every entry kind and content type), in the dark,
 * light and high-contrast themes, at a narrow and a wide width: any violation fails the suite.
 */
import * as assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { tabsState } from "./featureFixture";
import { fullFixtureState } from "./fullFixture";
import { type Harness, Panel, type Theme, eventually, settle, startHarness } from "./harness";

describe("accessibility (axe-core)", { timeout: 420_000 }, () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });

  for (const theme of ["dark", "light", "high-contrast"] as const satisfies readonly Theme[]) {
    for (const width of [300, 700]) {
      it(`finds no violations in the full fixture, ${theme} theme, ${width} px`, async () => {
        // Tall enough that the whole transcript is rendered (the list is virtualised).
        const panel = await Panel.open(harness, { theme, viewport: { width, height: 4_000 } });
        try {
          await panel.snapshot(0, fullFixtureState());
          await panel.send(tabsState("tab-2"));
          await eventually(async () => assert.equal(await panel.page.getByRole("tab", { selected: true }).count(), 1));
          const log = panel.page.getByRole("log", { name: "Transcript" });
          await eventually(async () =>
            assert.equal(await log.getByRole("article", { name: "Tool: Write src/math.ts" }).count(), 1),
          );
          await panel.expandToolCards();
          await panel.page.evaluate(() => document.fonts.ready);
          await settle(panel.page);
          assert.deepEqual(await panel.axe(), []);
          await panel.assertHealthy();
        } finally {
          await panel.close();
        }
      });
    }
  }
});
