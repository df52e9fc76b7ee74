/**
 * Auto-retry (issue 28 item 3), in Chromium: each retry the host announces shows as its own notice
 * (why, the wait, the attempt), the turn stays running so Stop is offered, and Stop asks the host
 * to cancel (which ends the wait).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { messageChunk, readyState } from "./fixtures";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { webviewSuite } from "./webviewSuite";

const retrying = (attempt: number, delayMs: number): ThreadAction => ({
  type: "turn/retrying",
  entryId: `r${attempt}`,
  attempt,
  of: 3,
  delayMs,
  reason: "rate limited",
  error: "Internal error: 429 Too Many Requests (-32603)",
});

describe("webview auto-retry", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows each retry with its wait and attempt, keeps Stop, and Stop cancels", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.actions(1, [
        { type: "turn/started", entryId: "u1", text: "Fix the parser", at: 1 },
        retrying(1, 2_000),
        retrying(2, 4_000),
      ]);
      const log = panel.transcript;
      const first = log.getByRole("article", {
        name: "The agent's error looks temporary (rate limited): retrying in 2 s (attempt 1 of 3).",
      });
      const second = log.getByRole("article", {
        name: "The agent's error looks temporary (rate limited): retrying in 4 s (attempt 2 of 3).",
      });
      await first.waitFor();
      await second.waitFor();
      await first.getByText("Internal error: 429 Too Many Requests (-32603)").waitFor();
      assert.equal(await log.getByRole("article", { name: /retrying in/ }).count(), 2, "one notice per retry");

      await panel.page.getByRole("button", { name: "Stop" }).click();
      await panel.waitForSent("turn/cancel");

      // The retry that follows answers: its reply shows under the retries, with no error.
      await panel.actions(4, [messageChunk("a1", "Fixed."), { type: "turn/ended", stopReason: "end_turn" }]);
      await log.getByText("Fixed.").waitFor();
      assert.equal(await log.getByRole("article", { name: "Error", exact: true }).count(), 0);
      await panel.assertHealthy();
    }));
});
