/**
 * Issue 27 §2 in real VS Code (code-server + Chromium, the installed .vsix): history people can
 * search. With an agent that cannot reopen sessions (the demo agent), a tab's first session is
 * continued by a new one after Developer: Reload Window. *ACP: Open Session…* then finds that
 * earlier conversation by a phrase from the middle of its first message (not its title), shows a
 * snippet of the match, and picking it shows the conversation. The panel's history search finds
 * it too, with the snippet on the row.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { runCommand, screenshot } from "../harness/browser";
import { eventually } from "../harness/chat";
import { panel, quickPickRows, quickPickTitle } from "../harness/panel";
import { fakeAgent } from "./fixture/agents";
import { converse, openSessionList, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { promptedSessions } from "./fixture/wire";

const AGENT = "Demo";
const TITLE = "Plan for the morning";
const PHRASE = "violet harbour lantern";
const FIRST = `${TITLE}\nThen remember the ${PHRASE} before lunch.`;
const AFTER = "a second message after the reload";

describe("history search: the earlier session of a tab", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "history-search",
    files: { "README.md": "# history e2e\n" },
    agents: { [AGENT]: fakeAgent() },
    chat: /Demo is ready/,
  });

  e2e.it(
    "a tab's first session is continued by a new one after a reload",
    "e2e-history-continue",
    async ({ wireLog }) => {
      await converse(e2e.view, FIRST, TITLE);
      const view = await e2e.reload();
      await view.log.getByText(PHRASE, { exact: false }).first().waitFor({ timeout: 30_000 });
      await untilReady(view, /Demo is ready/);
      await converse(view, AFTER);
      const sessions = new Set(promptedSessions(wireLog));
      assert.equal(sessions.size, 2, "the message after the reload went to a new session");
    },
  );

  e2e.it(
    "Open Session… finds the earlier conversation by a phrase from its first message, with a snippet",
    "e2e-history-open-session",
    async ({ page, view }) => {
      const parts = panel(page);
      // Another tab, so that opening the found conversation has something to switch from.
      await parts.newSession.click();
      await eventually(async () => (await parts.tabs.count()) === 2, "a second tab");
      await runCommand(page, "ACP: Open Session…");
      assert.equal(await quickPickTitle(page), "ACP: Open Session");
      await page.locator(".quick-input-widget .quick-input-box input").fill(PHRASE);
      const row = quickPickRows(page).filter({ hasText: TITLE }).first();
      await row.waitFor({ timeout: 15_000 });
      assert.match((await row.textContent()) ?? "", /violet harbour lantern/i, "the row shows a snippet of the match");
      await screenshot(page, "e2e-history-open-session.png");
      await row.click();
      await eventually(
        async () => (await parts.tabs.filter({ hasText: TITLE }).first().getAttribute("aria-selected")) === "true",
        "the found conversation's tab selected",
      );
      await view.log.getByText(PHRASE, { exact: false }).first().waitFor({ timeout: 20_000 });
    },
  );

  e2e.it(
    "the panel's history search finds it too, with the snippet on the row",
    "e2e-history-panel",
    async ({ page }) => {
      // A picker left open by a failed step above would cover the panel.
      if (await page.locator(".quick-input-widget").isVisible()) await page.keyboard.press("Escape");
      const parts = await openSessionList(page);
      await parts.searchSessions.fill("harbour lantern");
      const row = parts.sessionList.getByRole("listitem").filter({ hasText: TITLE }).first();
      await row.getByText(PHRASE, { exact: false }).waitFor({ timeout: 15_000 });
      await screenshot(page, "e2e-history-panel.png");
    },
  );
});
