/**
 * The mode change marker, in Chromium: when the agent leaves Plan mode by itself, the transcript
 * shows a thin "Mode: Default" note after the reply that was planned; switching back before
 * anything else happened takes it away again, and an echo of the current mode adds nothing. The
 * note is named for screen readers and translated.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelState } from "../../src/shared/wire/panelState";
import { acpUpdate, messageChunk, readyState } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

/** A ready panel whose agent offers Plan and Default, in Plan mode. */
function inPlanMode(): PanelState {
  const state = readyState();
  const availableModes = [
    { id: "plan", name: "Plan" },
    { id: "default", name: "Default" },
  ];
  return { ...state, thread: { ...state.thread, modes: { currentModeId: "plan", availableModes } } };
}

const mode = (entryId: string, currentModeId: string) => acpUpdate(entryId, "current_mode_update", { currentModeId });

describe("webview mode change marker", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows where the agent left Plan mode, once; a switch straight back removes it", () =>
    webview.withPanel({ state: inPlanMode() }, async (panel) => {
      const log = panel.transcript;
      const marker = log.getByRole("note", { name: "Mode: Default" });
      await panel.actions(1, [
        { type: "turn/started", entryId: "u1", text: "Plan the fix", at: 1 },
        messageChunk("a1", "1. Read the parser. 2. Fix it."),
        mode("m1", "default"),
        mode("m2", "default"),
      ]);
      await marker.waitFor();
      assert.equal(await marker.innerText(), "Mode: Default");
      assert.equal(await log.getByRole("note", { name: /^Mode:/ }).count(), 1, "the echo added nothing");
      const rows = await log.locator(".transcript-row").allInnerTexts();
      assert.match(rows.join("\n|"), /Plan the fix[\s\S]*Fix it\.[\s\S]*\n\|Mode: Default$/, "after the reply");
      const rule = await marker.evaluate((node) => getComputedStyle(node, "::before").borderTopStyle);
      assert.equal(rule, "solid", "a thin divider, not a card");
      assert.deepEqual(await panel.axe(), []);

      // Back to Plan with nothing between: nothing changed, so no marker.
      await panel.actions(5, [mode("m3", "plan")]);
      await eventually(async () => assert.equal(await log.getByRole("note", { name: /^Mode:/ }).count(), 0));
      await panel.actions(6, [mode("m4", "default"), messageChunk("a2", "Editing now.")]);
      await marker.waitFor();
      await log.getByText("Editing now.").waitFor();
      await panel.assertHealthy();
    }));

  it("is translated: 模式：Default in Simplified Chinese, the mode's own name as the agent gave it", () =>
    webview.withPanel({ locale: "zh-cn", state: inPlanMode() }, async (panel) => {
      await panel.actions(1, [mode("m1", "default")]);
      await panel.page.getByRole("log").getByRole("note", { name: "模式：Default" }).waitFor();
      await panel.assertHealthy();
    }));
});
