/**
 * The flood detector (webview/host/streamFlood.ts) and the Markdown budget it holds back
 * (renderBudget.ts): a batch of more streamed text than a screen holds starts a flood, during
 * which no Markdown budget is given; it settles FLOOD_SETTLE_MS after the last such batch.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FLOOD_CHARS, floodRemainingMs, noteStreamedText, streamedChars } from "../../webview/host/streamFlood";
import { hasRenderBudget } from "../../webview/transcript/markdown/renderBudget";
import { acpUpdate, messageChunk, textBlock, thoughtChunk } from "./fixtures";

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("stream flood", () => {
  it("counts the reply and thought text a batch appends, nothing else", () => {
    const actions = [
      messageChunk("a1", "12345"),
      thoughtChunk("a1", "678"),
      acpUpdate("u1", "user_message_chunk", { content: textBlock("not streamed by the agent") }),
      acpUpdate("t1", "tool_call", { toolCallId: "t1", title: "a tool with a long title", status: "pending" }),
    ];
    assert.equal(streamedChars(actions), 8);
  });

  it("a screenful of text is no flood; more is, and it holds the Markdown budget back until it settles", async () => {
    await until(() => floodRemainingMs() === 0, "no flood");
    noteStreamedText(FLOOD_CHARS);
    assert.equal(floodRemainingMs(), 0, "a batch of exactly a screenful is an ordinary stream");
    await until(() => hasRenderBudget(), "a fresh task's budget");

    noteStreamedText(FLOOD_CHARS + 1);
    assert.ok(floodRemainingMs() > 0, "a bigger batch starts a flood");
    assert.equal(hasRenderBudget(), false, "no Markdown budget in a flood, not even a task's first check");
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(hasRenderBudget(), false, "nor in the next task");

    await until(() => floodRemainingMs() === 0, "the flood to settle");
    await until(() => hasRenderBudget(), "the budget to come back");
  });
});
