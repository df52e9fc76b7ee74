/**
 * Vertical space (issue 29, section 6): the session's pickers (model, reasoning effort, mode) sit
 * in the composer's toolbar beside Stop and Send, as in Copilot, Claude Code and Zed, not in
 * rows at the top; their accessible names stay.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fullFixtureState } from "./fullFixture";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

describe("webview composer toolbar", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("at 300 px: the pickers are in the composer's toolbar, below the prompt box, and the header stays short", () =>
    webview.withPanel({ viewport: { width: 300, height: 800 }, state: fullFixtureState() }, async (panel) => {
      const model = panel.page.getByRole("combobox", { name: "Model" });
      await eventually(async () => assert.equal((await model.textContent())?.trim(), "Sonnet (Anthropic)"));
      await settle(panel.page);
      const composer = panel.page.locator(".composer");
      for (const name of ["Model", "Mode"]) {
        const picker = panel.page.getByRole("combobox", { name, exact: true });
        assert.equal(await picker.count(), 1, `one ${name} picker`);
        assert.equal(await composer.getByRole("combobox", { name, exact: true }).count(), 1, `${name} in the composer`);
      }
      assert.equal(await composer.getByRole("checkbox", { name: "Extended thinking" }).count(), 1);
      const box = (selector: string) =>
        panel.page
          .locator(selector)
          .first()
          .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      const prompt = await panel.prompt.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      const modelBox = await model.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      assert.ok(modelBox.top >= prompt.bottom - 1, "below the prompt box");
      assert.ok(modelBox.right <= 300 && modelBox.left >= 0, "inside the panel");
      const header = await box(".panel-header");
      // Tabs, then the agent with Follow agent and the context meter: the pickers took ~90 px more.
      assert.ok(header.height <= 100, `the header is ${header.height} px tall`);
      assert.deepEqual(
        await panel.page
          .getByRole("banner")
          .getByRole("combobox")
          .evaluateAll((all) => all.length),
        1,
        "only the agent picker stays at the top",
      );
      assert.equal(await composer.getByRole("button", { name: "Send" }).count(), 1);
      assert.equal(await composer.getByRole("button", { name: "Stop" }).count(), 1);
      await panel.assertHealthy();
    }));
});
