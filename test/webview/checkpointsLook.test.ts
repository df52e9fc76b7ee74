/**
 * The checkpoint controls in every theme: the restore confirmation card (files of each kind, a
 * warning, the choice) and the review list (an agent row, a row not by the agent, a binary row, one
 * that can't be undone), with a restore notice offering Redo. axe-core finds no violations in the
 * dark, light and high-contrast themes; the screenshots go to test-results/checkpoint-*.png for a
 * person to look at.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkpointActions, checkpointReviewActions, previewFor, restoredNotice } from "./checkpointFixture";
import { fold } from "./fullFixture";
import { eventually, settle } from "./harness";
import { ALL_THEMES, picturePath, settleWithFonts } from "./looks";
import { webviewSuite } from "./webviewSuite";

const TALL = { width: 420, height: 1_100 };
/** The checkpoint turns, a restore's notice, and a review row of every kind. */
const RESTORED_AND_REVIEWED = fold([...checkpointActions(), restoredNotice, ...checkpointReviewActions()]);

describe("checkpoint controls: axe and screenshots", { timeout: 180_000 }, () => {
  const webview = webviewSuite();

  for (const theme of ALL_THEMES) {
    it(`the restore card and the review list have no axe violations, ${theme} theme`, () =>
      webview.withPanel({ theme, viewport: TALL, state: RESTORED_AND_REVIEWED }, async (panel) => {
        const you = panel.transcript.getByRole("article", { name: "You" });
        await eventually(async () => assert.equal(await you.count(), 3));
        await you.nth(1).getByRole("button", { name: "Restore checkpoint" }).click();
        await panel.send(previewFor("u1"));
        const card = panel.page.getByRole("group", { name: "Restore checkpoint" });
        await card.getByRole("button", { name: "Restore" }).waitFor();
        const review = panel.page.getByRole("region", { name: "Files changed" });
        await panel.expandPanel("Files changed");
        await eventually(async () => assert.equal(await review.getByRole("listitem").count(), 4));
        await settleWithFonts(panel);

        assert.deepEqual(await panel.axe(), []);
        await card.screenshot({ path: picturePath(`checkpoint-restore-card-${theme}.png`) });
        await review.screenshot({ path: picturePath(`checkpoint-review-${theme}.png`) });
        await panel.page.screenshot({ path: picturePath(`checkpoint-panel-${theme}.png`) });

        // The message editor of "Edit and rerun", too.
        await card.getByRole("button", { name: "Cancel" }).click();
        await you.nth(2).getByRole("button", { name: "Edit and rerun" }).click();
        await you.nth(2).getByRole("textbox", { name: "Edit message" }).waitFor();
        await settle(panel.page);
        assert.deepEqual(await panel.axe(), []);
        await you.nth(2).screenshot({ path: picturePath(`checkpoint-edit-${theme}.png`) });
        await panel.assertHealthy();
      }));
  }
});
