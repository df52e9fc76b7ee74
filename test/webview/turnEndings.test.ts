/**
 * Turns that end honestly (issue 28 item 3), in Chromium: a turn that ends `end_turn` having shown
 * nothing says so with Retry (its prompt again); the token and request limits say so with Continue
 * (a short follow-up); both wait while a turn runs. A turn with a reply gets no notice.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { messageChunk, readyState } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

const EMPTY = "The agent ended the turn without any output: no reply, no tool call, no plan.";
const TOKENS = "The agent stopped at its token limit.";
const REQUESTS = "The agent stopped at its limit of requests for one turn.";

// `state/actions` seq numbers count actions: each batch starts after the previous one's last.
describe("webview turn endings", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("an empty end_turn offers Retry with the same prompt; a limit offers Continue; a reply gets neither", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.actions(1, [
        { type: "turn/started", entryId: "u1", text: "Fix the parser", at: 1 },
        { type: "turn/ended", stopReason: "end_turn" },
      ]);
      const log = panel.transcript;
      const empty = log.getByRole("article", { name: EMPTY });
      await empty.waitFor();
      await empty.getByRole("button", { name: "Retry" }).click();
      await panel.waitForSent("prompt/send");
      assert.deepEqual(
        (await panel.sentOfType("prompt/send")).map((m) => m.text),
        ["Fix the parser"],
      );

      // A turn with a reply ends without a notice.
      await panel.actions(3, [
        { type: "turn/started", entryId: "u2", text: "Say hi", at: 2 },
        messageChunk("a2", "Hi."),
        { type: "turn/ended", stopReason: "end_turn" },
      ]);
      await log.getByText("Hi.").waitFor();
      assert.equal(await log.getByRole("article", { name: EMPTY }).count(), 1, "only the empty turn's notice");

      // The token limit: Continue sends a short follow-up, and waits while a turn runs.
      await panel.actions(6, [
        { type: "turn/started", entryId: "u3", text: "Write the docs", at: 3 },
        messageChunk("a3", "Here is the first half"),
        { type: "turn/ended", stopReason: "max_tokens" },
      ]);
      const tokens = log.getByRole("article", { name: TOKENS });
      await tokens.getByRole("button", { name: "Continue" }).click();
      assert.equal((await panel.waitForSentOfType("prompt/send", 2))[1]?.text, "Continue.");
      await panel.actions(9, [{ type: "turn/started", entryId: "u4", text: "Continue.", at: 4 }]);
      await eventually(async () =>
        assert.equal(await tokens.getByRole("button", { name: "Continue" }).getAttribute("aria-disabled"), "true"),
      );
      await tokens.getByRole("button", { name: "Continue" }).click({ force: true });
      await panel.actions(10, [
        messageChunk("a4", "and the second."),
        { type: "turn/ended", stopReason: "max_turn_requests" },
      ]);
      await log.getByRole("article", { name: REQUESTS }).getByRole("button", { name: "Continue" }).waitFor();
      assert.equal((await panel.sentOfType("prompt/send")).length, 2, "a disabled Continue sent nothing");
      await panel.assertHealthy();
    }));
});
