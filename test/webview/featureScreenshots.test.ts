/**
 * Screenshots of a working session with tabs, a subagent run inside its tool call (expanded),
 * a member lane, steers and the files-changed review, in both themes, for a person to look at:
 * test-results/webview-features-<theme>.png. Also the session list: webview-sessions-<theme>.png.
 * At 300 px (issue 29, done-when 4): the composer toolbar with the session's pickers and the history list:
 * test-results/issue29-composer-300.png, test-results/issue29-history-300.png.
 */
import * as assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { featureState, sessionsList, tabsState } from "./featureFixture";
import { fullFixtureState } from "./fullFixture";
import { type Harness, Panel, type Theme, eventually, settle, startHarness } from "./harness";

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-results");

describe("webview feature screenshots", { timeout: 120_000 }, () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
    mkdirSync(outDir, { recursive: true });
  });
  after(async () => {
    await harness?.close();
  });

  for (const theme of ["dark", "light"] as const satisfies readonly Theme[]) {
    it(`renders tabs, a subagent run, steers and files changed in the ${theme} theme`, async () => {
      const panel = await Panel.open(harness, { theme, viewport: { width: 440, height: 1_500 } });
      try {
        await panel.snapshot(0, featureState());
        await panel.send(tabsState("tab-1"));
        await panel.page.getByRole("textbox", { name: "Prompt" }).fill("Then run the benchmarks");
        const run = panel.page.getByRole("group", { name: "Subagent: Write parser tests" });
        await eventually(async () => assert.equal(await run.count(), 1));
        await run.getByRole("button", { name: /Write parser tests/ }).click();
        await eventually(async () =>
          assert.equal(await run.getByRole("article", { name: "Tool: Read src/parser.ts" }).count(), 1),
        );
        assert.equal(await panel.page.getByRole("group", { name: "Member: Reviewer" }).count(), 1);
        assert.equal(await panel.page.getByRole("region", { name: "Files changed" }).count(), 1);
        await panel.page.evaluate(() => document.fonts.ready);
        await settle(panel.page);
        // Shrink the page to the content, so the picture has no empty stretch.
        const spare = await panel.page.getByRole("log").evaluate((element) => {
          const style = getComputedStyle(element);
          const used =
            (element.firstElementChild?.getBoundingClientRect().height ?? 0) +
            parseFloat(style.paddingTop) +
            parseFloat(style.paddingBottom);
          return Math.floor(element.clientHeight - used);
        });
        if (spare > 0) await panel.page.setViewportSize({ width: 440, height: 1_500 - spare });
        await settle(panel.page);
        await panel.page.screenshot({ path: join(outDir, `webview-features-${theme}.png`) });
        await panel.assertHealthy();
      } finally {
        await panel.close();
      }
    });

    it(`renders the session list in the ${theme} theme`, async () => {
      const panel = await Panel.open(harness, { theme, viewport: { width: 420, height: 520 } });
      try {
        await panel.snapshot(0, featureState());
        await panel.send(tabsState("tab-1"));
        await panel.page.getByRole("button", { name: "Show sessions" }).click();
        await panel.waitForSent("sessions/refresh");
        await panel.send(sessionsList(await panel.page.evaluate(() => Date.now())));
        await eventually(async () =>
          assert.equal(await panel.page.getByRole("list", { name: "Session list" }).getByRole("listitem").count(), 4),
        );
        await panel.page.evaluate(() => document.fonts.ready);
        await settle(panel.page);
        await panel.page.screenshot({ path: join(outDir, `webview-sessions-${theme}.png`) });
        await panel.assertHealthy();
      } finally {
        await panel.close();
      }
    });
  }

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
