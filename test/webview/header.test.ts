/**
 * The header (session title, config and mode pickers, context meter, Follow agent), the plan
 * checklist above the composer, and the token usage of the last turn.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { fullFixtureState } from "./fullFixture";
import { readyState, turnStarted, userEntry, acpUpdate } from "./fixtures";
import { computedColour, eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

const update = (sessionUpdate: string, fields: Record<string, unknown>): PanelAction =>
  acpUpdate(`u-${sessionUpdate}`, sessionUpdate, fields);

describe("webview header, plan and usage", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("titles the session from session_info_update, else the first prompt's first line, else New session", () =>
    webview.withPanel(async (panel) => {
      const title = panel.page.getByRole("banner").getByRole("heading");
      await panel.snapshot(0, readyState());
      await eventually(async () => assert.equal(await title.textContent(), "New session"));
      await panel.actions(1, [turnStarted("u1", "  Refactor the parser\nand add tests")]);
      await eventually(async () => assert.equal(await title.textContent(), "Refactor the parser"));
      await panel.actions(2, [update("session_info_update", { title: "Parser refactor" })]);
      await eventually(async () => assert.equal(await title.textContent(), "Parser refactor"));
      await panel.actions(3, [update("session_info_update", { title: null })]);
      await eventually(async () => assert.equal(await title.textContent(), "Refactor the parser"), 2_000);
      await panel.assertHealthy();
    }));

  it("offers each config option as a labelled picker that posts config/set, and legacy modes as Mode", () =>
    webview.withPanel({ state: fullFixtureState() }, async (panel) => {
      const model = panel.page.getByRole("combobox", { name: "Model" });
      await eventually(async () => assert.equal((await model.textContent())?.trim(), "Sonnet (Anthropic)"));
      await model.click();
      assert.deepEqual(
        (await panel.page.getByRole("option").allTextContents()).map((t) => t.trim()).filter((t) => t.includes("(")),
        ["Sonnet (Anthropic)", "Opus (Anthropic)", "GPT-5 (OpenAI)"],
      );
      await panel.page.getByRole("option", { name: "Opus (Anthropic)" }).click();
      await panel.waitForSent("config/set");

      // Keyboard-first: the checkbox toggles with Space.
      await panel.page.getByRole("checkbox", { name: "Extended thinking" }).focus();
      await panel.page.keyboard.press("Space");
      assert.deepEqual(await panel.waitForSentOfType("config/set", 2), [
        { type: "config/set", configId: "model", value: "opus" },
        { type: "config/set", configId: "thinking", value: true },
      ]);

      const mode = panel.page.getByRole("combobox", { name: "Mode", exact: true });
      assert.equal((await mode.textContent())?.trim(), "Code");
      await mode.click();
      await panel.page.getByRole("option", { name: "Ask" }).click();
      assert.deepEqual(await panel.waitForSentOfType("mode/set"), [{ type: "mode/set", modeId: "ask" }]);

      // A config option of category "mode" supersedes the legacy modes.
      await panel.actions(1, [
        update("config_option_update", {
          configOptions: [
            {
              type: "select",
              id: "mode",
              name: "Session mode",
              category: "mode",
              currentValue: "plan",
              options: [
                { value: "plan", name: "Plan" },
                { value: "act", name: "Act" },
              ],
            },
          ],
        }),
      ]);
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("combobox", { name: "Session mode" }).count(), 1),
      );
      assert.equal(await panel.page.getByRole("combobox", { name: "Mode", exact: true }).count(), 0);
      assert.equal(
        await panel.page.getByRole("combobox", { name: "Model" }).count(),
        0,
        "a config update replaces the options whole",
      );
      await panel.assertHealthy();
    }));

  it("meters the context window, with cost, in the warning colour past 80%", () =>
    webview.withPanel({ state: fullFixtureState() }, async (panel) => {
      const meter = panel.page.getByRole("meter", { name: "Context window" });
      await eventually(async () => assert.equal(await meter.getAttribute("aria-valuenow"), "172000"));
      assert.equal(await meter.getAttribute("aria-valuemax"), "200000");
      assert.equal(await meter.getAttribute("aria-valuetext"), "86% (172k of 200k tokens)");
      const header = panel.page.getByRole("banner");
      assert.equal(await header.getByText("86%", { exact: true }).count(), 1);
      assert.equal(await header.getByText("$0.42").count(), 1);
      const percentColour = () => header.getByText(/^\d+%$/).evaluate((element) => getComputedStyle(element).color);
      const warning = await computedColour(
        panel.page,
        "color-mix(in srgb, var(--vscode-editorWarning-foreground) 55%, var(--vscode-foreground))",
      );
      assert.equal(
        await percentColour(),
        warning,
        "--vscode-editorWarning-foreground (mixed toward the text colour for contrast)",
      );

      await panel.actions(1, [update("usage_update", { used: 50_000, size: 200_000 })]);
      await eventually(async () => assert.equal(await meter.getAttribute("aria-valuenow"), "50000"));
      assert.equal(await header.getByText("25%", { exact: true }).count(), 1);
      assert.notEqual(await percentColour(), warning);
      assert.equal(await header.getByText("$0.42").count(), 0, "no cost when the agent stops reporting it");
      await panel.assertHealthy();
    }));

  it("toggles Follow agent", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const follow = panel.page.getByRole("checkbox", { name: "Follow agent" });
      await follow.focus();
      await panel.page.keyboard.press("Space");
      await panel.waitForSent("follow/set");
      await panel.page.keyboard.press("Space");
      assert.deepEqual(await panel.waitForSentOfType("follow/set", 2), [
        { type: "follow/set", enabled: true },
        { type: "follow/set", enabled: false },
      ]);
      await panel.assertHealthy();
    }));

  it("shows the plan as a collapsible checklist with its progress; a new plan replaces it", () =>
    webview.withPanel({ state: fullFixtureState() }, async (panel) => {
      const plan = panel.page.getByRole("list", { name: "Plan" });
      const toggle = panel.page.getByRole("button", { name: /^Plan/ });
      await toggle.waitFor();
      assert.equal(await toggle.getAttribute("aria-expanded"), "false", "one summary row until expanded");
      assert.match((await toggle.textContent()) ?? "", /Run the tests/, "collapsed, it names the current step");
      await toggle.click();
      await eventually(async () => assert.equal(await plan.getByRole("listitem").count(), 5));
      assert.deepEqual(await plan.getByRole("listitem").allTextContents(), [
        "Read src/math.ts(Done)",
        "Fix add()(Done)",
        "Run the tests(In progress)",
        "Add a test for mul()(Pending)",
        "Explain the bug(Pending)",
      ]);
      assert.match((await toggle.textContent()) ?? "", /2 of 5 done/);
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      const planTop = await plan.evaluate((element) => element.getBoundingClientRect().top);
      const promptTop = await panel.prompt.evaluate((element) => element.getBoundingClientRect().top);
      assert.ok(planTop < promptTop, "above the composer");

      await toggle.click();
      await eventually(async () => assert.equal(await plan.count(), 0));
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.match((await toggle.textContent()) ?? "", /Run the tests/, "collapsed, it names the current step");
      await toggle.click();

      await panel.actions(1, [
        update("plan", {
          entries: [
            { content: "Start over", priority: "high", status: "pending" },
            { content: "Finish", priority: "low", status: "pending" },
          ],
        }),
      ]);
      await eventually(async () => assert.equal(await plan.getByRole("listitem").count(), 2));
      assert.match((await toggle.textContent()) ?? "", /0 of 2 done/);
      await panel.assertHealthy();
    }));

  it("shows the token usage of the turn that just ended", () =>
    webview.withPanel({ state: readyState([userEntry("u0", "earlier")]) }, async (panel) => {
      await panel.actions(1, [turnStarted("u1", "count")]);
      await panel.actions(2, [
        {
          type: "turn/ended",
          stopReason: "end_turn",
          usage: { totalTokens: 1574, inputTokens: 1234, outputTokens: 340 },
        },
      ]);
      const log = panel.page.getByRole("log");
      await eventually(async () => assert.equal(await log.getByText("1.2k in · 340 out", { exact: true }).count(), 1));
      await panel.actions(3, [turnStarted("u2", "again")]);
      await eventually(async () =>
        assert.equal(await log.getByText("1.2k in · 340 out").count(), 0, "hidden while the next turn runs"),
      );
      await settle(panel.page);
      await panel.assertHealthy();
    }));
});
