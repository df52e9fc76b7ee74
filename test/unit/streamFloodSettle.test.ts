/**
 * A flood's settle window (webview/host/streamFlood.ts) runs from the end of the frame that showed
 * it, however long that frame took: the Markdown renderer holds back for the whole frame. It ran
 * from the frame's start, so on a loaded machine a flood's frame that took longer than the window
 * formatted its text after all (the webview flood test failed so on a fresh clone's run: 28 blocks
 * formatted in a flood's first frame).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { FLOOD_CHARS, FLOOD_SETTLE_MS, floodRemainingMs, noteStreamedText } from "../../webview/host/streamFlood";
import { waitFor } from "../support/waitFor";

/** A frame's render that keeps the thread busy for `ms` (a loaded machine's long frame). */
function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

test("a flood's frame holds the Markdown back for as long as it renders, and the window runs from its end", async () => {
  noteStreamedText(FLOOD_CHARS + 1);
  busyFor(FLOOD_SETTLE_MS + 20);
  assert.ok(floodRemainingMs() > 0, "still the flood's frame: no Markdown yet");

  await new Promise((resolve) => setTimeout(resolve, 0)); // the frame's task is over
  const remaining = floodRemainingMs();
  assert.ok(remaining > FLOOD_SETTLE_MS / 2, `the window starts when the frame ends (${remaining} ms left)`);
  await waitFor(floodRemainingMs, (ms) => ms === 0, "the flood settled");
});

test("an ordinary frame is no flood", () => {
  noteStreamedText(FLOOD_CHARS);
  assert.equal(floodRemainingMs(), 0);
});
