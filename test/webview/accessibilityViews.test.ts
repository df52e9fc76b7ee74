/**
 * axe-core over the panel's other views, in the dark, light and high-contrast themes at 300 and
 * 700 px (issue 29, done-when 3): the first-run view (presets to install, one to copy, one
 * installed) and the session list with its search, filters and rows, and a row's "…" menu open. The transcript with every
 * entry kind is accessibility.test.ts. Any violation fails.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AGENT, readyState } from "./fixtures";
import { sessionsList, tabsState } from "./featureFixture";
import { eventually, settle } from "./harness";
import { ALL_THEMES, settleWithFonts } from "./looks";
import { openFirstRun, openSessionList } from "./scenes";
import { webviewSuite } from "./webviewSuite";

describe("accessibility of the first run and the session list (axe-core)", { timeout: 420_000 }, () => {
  const webview = webviewSuite();

  for (const theme of ALL_THEMES) {
    for (const width of [300, 700]) {
      it(`the first-run view has no violations, ${theme} theme, ${width} px`, () =>
        webview.withPanel({ theme, viewport: { width, height: 900 } }, async (panel) => {
          const agents = await openFirstRun(panel);
          await eventually(async () => assert.equal(await agents.getByRole("listitem").count(), 4));
          await settleWithFonts(panel);
          assert.deepEqual(await panel.axe(), []);
          await panel.assertHealthy();
        }));

      it(`the session list has no violations, ${theme} theme, ${width} px`, () =>
        webview.withPanel({ theme, viewport: { width, height: 900 }, state: readyState() }, async (panel) => {
          await panel.send(tabsState("tab-1"));
          const list = await openSessionList(panel, (now) => {
            const listed = sessionsList(now);
            return {
              ...listed,
              sessions: [...listed.sessions, { ...listed.sessions[2]!, sessionId: "s-old", archived: true }],
            };
          });
          await eventually(async () => assert.ok((await list.getByRole("listitem").count()) >= 4));
          assert.ok(await list.getByRole("listitem").filter({ hasText: AGENT }).first().isVisible());
          await settleWithFonts(panel);
          assert.deepEqual(await panel.axe(), []);
          // A row's "…" menu, open: every action of the row, whatever the width.
          await list.getByRole("button", { name: "More actions for Speed up the test matrix" }).first().click();
          const menu = panel.page.getByRole("menu");
          await eventually(async () => assert.ok((await menu.getByRole("menuitem").count()) >= 2));
          await settle(panel.page);
          assert.deepEqual(await panel.axe(), []);
          await panel.assertHealthy();
        }));
    }
  }
});
