/**
 * axe-core over the panel's other views, in the dark, light and high-contrast themes at 300 and
 * 700 px (issue 29, done-when 3): the first-run view (presets to install, one to copy, one
 * installed) and the session list with its search, filters and rows, and a row's "…" menu open. The transcript with every
 * entry kind is accessibility.test.ts. Any violation fails.
 */
import * as assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { AGENT, readyState } from "./fixtures";
import { catalog, noAgentState, sessionsList, tabsState } from "./featureFixture";
import { type Harness, Panel, type Theme, eventually, settle, startHarness } from "./harness";

describe("accessibility of the first run and the session list (axe-core)", { timeout: 420_000 }, () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });

  for (const theme of ["dark", "light", "high-contrast"] as const satisfies readonly Theme[]) {
    for (const width of [300, 700]) {
      it(`the first-run view has no violations, ${theme} theme, ${width} px`, async () => {
        const panel = await Panel.open(harness, { theme, viewport: { width, height: 900 } });
        try {
          await panel.send(catalog());
          await panel.snapshot(0, noAgentState());
          const agents = panel.page.getByRole("list", { name: "Agents" });
          await eventually(async () => assert.equal(await agents.getByRole("listitem").count(), 4));
          await panel.page.evaluate(() => document.fonts.ready);
          await settle(panel.page);
          assert.deepEqual(await panel.axe(), []);
          await panel.assertHealthy();
        } finally {
          await panel.close();
        }
      });

      it(`the session list has no violations, ${theme} theme, ${width} px`, async () => {
        const panel = await Panel.open(harness, { theme, viewport: { width, height: 900 } });
        try {
          await panel.snapshot(0, readyState());
          await panel.send(tabsState("tab-1"));
          await panel.page.getByRole("button", { name: "Show sessions" }).click();
          await panel.waitForSent("sessions/refresh");
          const now = await panel.page.evaluate(() => Date.now());
          const listed = sessionsList(now);
          await panel.send({
            ...listed,
            sessions: [...listed.sessions, { ...listed.sessions[2]!, sessionId: "s-old", archived: true }],
          });
          const list = panel.page.getByRole("list", { name: "Session list" });
          await eventually(async () => assert.ok((await list.getByRole("listitem").count()) >= 4));
          assert.ok(await list.getByRole("listitem").filter({ hasText: AGENT }).first().isVisible());
          await panel.page.evaluate(() => document.fonts.ready);
          await settle(panel.page);
          assert.deepEqual(await panel.axe(), []);
          // A row's "…" menu, open: every action of the row, whatever the width.
          await list.getByRole("button", { name: "More actions for Speed up the test matrix" }).first().click();
          const menu = panel.page.getByRole("menu");
          await eventually(async () => assert.ok((await menu.getByRole("menuitem").count()) >= 2));
          await settle(panel.page);
          assert.deepEqual(await panel.axe(), []);
          await panel.assertHealthy();
        } finally {
          await panel.close();
        }
      });
    }
  }
});
