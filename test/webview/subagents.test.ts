/**
 * Subagent runs and member lanes as nested timelines: inside their tool call's card or as their
 * own timeline entries, with state, description, summary or reason, progress, and the child
 * thread drawn by the same entry components; open while running, collapsed once done.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { fold } from "./fullFixture";
import {
  memberUpdate,
  readyActions,
  subagentActions,
  subagentDone,
  subagentEvent,
  reviewerSearch,
} from "./featureFixture";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { acpUpdate, messageChunk, textBlock } from "./fixtures";

const running: PanelAction[] = [
  ...readyActions,
  { type: "turn/started", entryId: "u1", text: "Refactor the parser", at: 1 },
];

describe("webview subagent runs", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("nests a run inside its tool call's card, open with the child's entries while it runs", () =>
    webview.withPanel({ state: fold(running) }, async (panel) => {
      const actions = subagentActions();
      for (const [i, action] of actions.entries()) await panel.actions(i + 1, [action]);
      const log = panel.transcript;
      const card = log.getByRole("article", { name: "Tool: Task: write parser tests" });
      const run = card.getByRole("group", { name: "Subagent: Write parser tests" });
      await eventually(async () => assert.equal(await run.count(), 1));
      assert.equal(await log.getByRole("group", { name: /^Subagent/ }).count(), 1, "shown once, in the card only");

      const toggle = run.getByRole("button", { name: /Write parser tests/ });
      assert.equal(await toggle.getAttribute("aria-expanded"), "true", "open while running");
      assert.match((await toggle.textContent()) ?? "", /Running$/);
      assert.equal(await toggle.locator(".codicon-loading.codicon-modifier-spin").count(), 1);
      assert.equal(
        await run.locator(".run-progress").textContent(),
        "3 tool calls · 2 turns · 1m 4s · 15k tokens · last: Read",
      );
      // The child's entries, with the same components as the main thread.
      const reply = run.getByRole("article", { name: "Agent" });
      assert.match((await reply.textContent()) ?? "", /Reading src\/parser\.ts to see what needs covering\./);
      assert.equal(await reply.locator("strong").textContent(), "src/parser.ts", "Markdown, like the main thread");
      assert.equal(await reply.locator("details.thought").count(), 1);
      assert.equal(await run.getByRole("article", { name: "Tool: Read src/parser.ts" }).count(), 1);
      const indent = await run
        .locator(".run-thread")
        .evaluate(
          (element) =>
            parseFloat(getComputedStyle(element).marginLeft) + parseFloat(getComputedStyle(element).paddingLeft),
        );
      assert.ok(indent >= 16, "the child timeline is indented");

      // Done: collapsed, with the summary and the final progress.
      const done = subagentDone();
      await panel.actions(actions.length + 1, done);
      await eventually(async () => assert.equal(await toggle.getAttribute("aria-expanded"), "false"));
      assert.match((await toggle.textContent()) ?? "", /Done$/);
      assert.equal(await run.getByRole("article").count(), 0, "the child's entries are folded away");
      assert.equal(await run.locator(".run-summary").textContent(), "Added 12 tests in test/parser.test.ts");
      assert.equal(
        await run.locator(".run-progress").textContent(),
        "3 tool calls · 2 turns · 1m 4s · 15k tokens",
        "no last tool once done",
      );

      await toggle.click();
      await eventually(async () =>
        assert.match(
          (await run.getByRole("article", { name: "Agent" }).last().textContent()) ?? "",
          /Wrote 12 tests; all pass\./,
        ),
      );
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      await panel.assertHealthy();
    }));

  it("shows member lanes and unattached runs as their own timeline entries, after the entry that was last when they started", () =>
    webview.withPanel(async (panel) => {
      await panel.snapshot(
        0,
        fold([
          ...running,
          messageChunk("a1", "Asking the team."),
          memberUpdate("m1", "Reviewer", { content: textBlock("Reviewing the tokenizer.") }),
          reviewerSearch,
          subagentEvent("s1", "run-docs", {
            type: "snapshot",
            snapshot: { state: "running", description: "Update the docs" },
          }),
          subagentEvent("s2", "run-docs", { type: "progress", progress: { toolsUsed: 1 } }),
          acpUpdate("t1", "tool_call", {
            toolCallId: "call-t1",
            title: "Run tests",
            kind: "execute",
            status: "completed",
          }),
          messageChunk("a2", "Both are on it."),
          { type: "turn/ended", stopReason: "end_turn" },
          { type: "turn/started", entryId: "u2", text: "Next question", at: 2 },
        ]),
      );
      const log = panel.transcript;
      const member = log.getByRole("group", { name: "Member: Reviewer" });
      await eventually(async () => assert.equal(await member.count(), 1));
      const order = await log
        .locator(".transcript-row > *")
        .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
      assert.deepEqual(
        order,
        ["You", "Agent", "Member: Reviewer", "Subagent: Update the docs", "Tool: Run tests", "Agent", "You"],
        "in arrival order, where they started",
      );

      assert.match(
        (await member.getByRole("article", { name: "Agent" }).textContent()) ?? "",
        /Reviewing the tokenizer\./,
      );
      assert.equal(await member.getByRole("article", { name: "Tool: Search for parse(" }).count(), 1);
      assert.equal(
        await log.getByRole("group", { name: "Subagent: Update the docs" }).locator(".run-progress").textContent(),
        "1 tool used",
      );
      assert.equal(
        await log.getByRole("group", { name: "Subagent: Update the docs" }).getByText("Waiting for output…").count(),
        1,
      );

      // Output keeps streaming into the lane, wherever it sits.
      await panel.actions(1, [memberUpdate("m3", "Reviewer", { content: textBlock(" Found two issues.") })]);
      await eventually(async () =>
        assert.match(
          (await member.getByRole("article", { name: "Agent" }).last().textContent()) ?? "",
          /Found two issues\./,
        ),
      );
      assert.deepEqual(
        await member.getByRole("article").evaluateAll((items) => items.map((item) => item.getAttribute("aria-label"))),
        ["Agent", "Tool: Search for parse(", "Agent"],
      );
      await settle(panel.page);
      await panel.assertHealthy();
    }));

  it("shows a failed run's reason and a cancelled run's state, collapsed", () =>
    webview.withPanel(async (panel) => {
      await panel.snapshot(
        0,
        fold([
          ...running,
          ...subagentActions("run-a"),
          subagentEvent("f1", "run-a", {
            type: "snapshot",
            snapshot: {
              state: "failed",
              reason: { code: "error", message: "child exploded" },
              endedAtEpochSeconds: 1_787_300_005,
            },
          }),
          subagentEvent("c0", "run-b", {
            type: "snapshot",
            snapshot: { state: "running", description: "Try again", parentToolCallId: "call-task" },
          }),
          subagentEvent("c1", "run-b", {
            type: "snapshot",
            snapshot: { state: "cancelled", reason: { code: "cancelled", message: null } },
          }),
        ]),
      );
      const card = panel.page.getByRole("article", { name: "Tool: Task: write parser tests" });
      const failed = card.getByRole("group", { name: "Subagent: Write parser tests" });
      const cancelled = card.getByRole("group", { name: "Subagent: Try again" });
      await eventually(async () => assert.equal(await cancelled.count(), 1));
      assert.match((await failed.getByRole("button").first().textContent()) ?? "", /Failed$/);
      assert.equal(await failed.locator(".run-reason").textContent(), "error: child exploded");
      assert.equal(await failed.getByRole("button").first().getAttribute("aria-expanded"), "false");
      assert.match((await cancelled.getByRole("button").first().textContent()) ?? "", /Cancelled$/);
      assert.equal(await cancelled.locator(".run-reason").textContent(), "cancelled");
      await panel.assertHealthy();
    }));
});
