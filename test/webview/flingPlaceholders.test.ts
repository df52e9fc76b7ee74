/**
 * A fling through rows never drawn (issue 30, long threads): while it lasts those rows are blank
 * boxes of their estimated height, hidden from assistive technology, so the fling's frames stay
 * cheap; once the scroll rests they are drawn for real. Rows drawn before stay real throughout.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { longThread, readyState } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { shownInLog } from "./transcriptView";

const COUNT = 2_000;

describe("webview fling placeholders", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("draws rows never seen as placeholders during a fling and for real once it rests", () =>
    webview.withPanel({ state: readyState(longThread(COUNT)) }, async (panel) => {
      const log = panel.transcript;
      await eventually(async () => assert.equal(await shownInLog(log, `question ${COUNT - 2}`), true));
      await settle(panel.page);
      // Jump upward by many viewports, frame after frame: each frame lands on rows never drawn.
      const during = await log.evaluate(async (element) => {
        const seen: Array<{ placeholders: number; hidden: number; empty: number }> = [];
        for (let jump = 0; jump < 8; jump++) {
          element.scrollTop = Math.max(0, element.scrollTop - 5 * element.clientHeight);
          await new Promise((done) => requestAnimationFrame(done));
          await new Promise((done) => requestAnimationFrame(done));
          const boxes = [...element.querySelectorAll(".transcript-row-placeholder")];
          seen.push({
            placeholders: boxes.length,
            hidden: boxes.filter((box) => box.getAttribute("aria-hidden") === "true").length,
            empty: boxes.filter((box) => box.childElementCount === 0).length,
          });
        }
        return seen;
      });
      const flung = during.filter(({ placeholders }) => placeholders > 0);
      // Most frames, not all: on a loaded machine a frame may render only after the fling counts as rested.
      assert.ok(flung.length >= 3, `placeholders during the fling: ${JSON.stringify(during)}`);
      for (const frame of flung)
        assert.deepEqual([frame.hidden, frame.empty], [frame.placeholders, frame.placeholders]);

      await eventually(async () =>
        assert.equal(await log.locator(".transcript-row-placeholder").count(), 0, "at rest, no placeholder is left"),
      );
      const rowsInView = await log.evaluate((element) => {
        const view = element.getBoundingClientRect();
        return [...element.querySelectorAll(".transcript-row")].filter((row) => {
          const box = row.getBoundingClientRect();
          return box.bottom > view.top && box.top < view.bottom;
        }).length;
      });
      assert.ok(rowsInView > 0, "rows are drawn in view");
      await eventually(async () =>
        assert.ok((await log.getByRole("article").count()) > 0, "the rows at rest are the real entries"),
      );
      await panel.assertHealthy();
    }));
});
