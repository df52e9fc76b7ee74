/**
 * Gemini's shell tool card has no content at all: the command's output is only in the reply
 * (issue 16, point 5). The card shows as a complete, compact card (kind icon, title, "Done"),
 * not as a broken one: no empty content box, no raw sections, no render error.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AGENT, messageChunk, readyState, turnStarted, acpUpdate } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

describe("webview: a tool card with no content", { timeout: 60_000 }, () => {
  const webview = webviewSuite();

  it("shows Gemini's shell card with no content as a compact, complete card, the output in the reply", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.actions(1, [
        turnStarted("u1", "gemini-shell"),
        acpUpdate("t1", "tool_call", {
          toolCallId: "run_shell_command-1",
          title: "echo hi (Print a greeting)",
          kind: "execute",
          status: "in_progress",
          content: [],
          locations: [],
        }),
        acpUpdate("t2", "tool_call_update", { toolCallId: "run_shell_command-1", status: "completed", content: [] }),
        messageChunk("a1", "The command printed `hi`."),
        { type: "turn/ended", stopReason: "end_turn" },
      ]);
      const card = panel.page.getByRole("log").getByRole("article", { name: "Tool: echo hi (Print a greeting)" });
      await eventually(async () => assert.equal(await card.count(), 1));
      await eventually(async () => assert.equal((await card.locator(".tool-status").textContent())?.trim(), "Done"));
      assert.equal(await card.locator(".tool-header .codicon-terminal").count(), 1, "the shell's kind icon");
      assert.equal(
        await card.locator(".tool-content, .tool-raw-sections, .tool-locations").count(),
        0,
        "no empty boxes under the header",
      );
      assert.equal(await card.getByText(/could not|error|failed/i).count(), 0, "nothing that reads as broken");
      const header = await card.locator(".tool-header").boundingBox();
      const box = await card.boundingBox();
      assert.ok(
        header && box && header.height > 0 && box.height < header.height + 24,
        `just the header (card ${box?.height} px, header ${header?.height} px)`,
      );
      await panel.page.getByRole("log").getByText("hi", { exact: true }).first().waitFor({ timeout: 5_000 });
      assert.match((await panel.page.getByRole("status").textContent()) ?? "", new RegExp(`${AGENT} is ready`));
      await panel.assertHealthy();
    }));
});
