/**
 * Screenshots at 300 px for a person to look at (issue 29, done-when 4): the composer toolbar with
 * the session's pickers, and the history list with its rows' "…" menus:
 * test-results/issue29-composer-300.png, test-results/issue29-history-300.png.
 */
import * as assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { sessionsList, tabsState } from "./featureFixture";
import { fullFixtureState } from "./fullFixture";
import { type Harness, Panel, eventually, settle, startHarness } from "./harness";

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-results");

describe("webview screenshots (issue 29)", { timeout: 120_000 }, () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
    mkdirSync(outDir, { recursive: true });
  });
  after(async () => {
    await harness?.close();
  });

  it("the composer toolbar at 300 px", async () => {
    const panel = await Panel.open(harness, { viewport: { width: 300, height: 700 } });
    try {
      await panel.snapshot(0, fullFixtureState());
      await panel.send(tabsState("tab-2"));
      await eventually(async () =>
        assert.equal(
          (await panel.page.getByRole("combobox", { name: "Model" }).textContent())?.trim(),
          "Sonnet (Anthropic)",
        ),
      );
      await panel.page.evaluate(() => document.fonts.ready);
      await settle(panel.page);
      await panel.page.screenshot({ path: join(outDir, "issue29-composer-300.png") });
      await panel.assertHealthy();
    } finally {
      await panel.close();
    }
  });

  it("the history list at 300 px", async () => {
    const panel = await Panel.open(harness, { viewport: { width: 300, height: 700 } });
    try {
      await panel.snapshot(0, fullFixtureState());
      await panel.send(tabsState("tab-2"));
      await panel.page.getByRole("button", { name: "Show sessions" }).click();
      await panel.waitForSent("sessions/refresh");
      await panel.send(sessionsList(await panel.page.evaluate(() => Date.now())));
      const list = panel.page.getByRole("list", { name: "Session list" });
      await eventually(async () => assert.ok((await list.getByRole("listitem").count()) > 0));
      await panel.page.evaluate(() => document.fonts.ready);
      await settle(panel.page);
      await panel.page.screenshot({ path: join(outDir, "issue29-history-300.png") });
      await panel.assertHealthy();
    } finally {
      await panel.close();
    }
  });
});
