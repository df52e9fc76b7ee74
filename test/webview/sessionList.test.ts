/**
 * The session list: opened from the header ("Show sessions"), refreshed on open, rows with
 * title, agent, folder, time and status (live from the tab strip), search, and Open / Delete /
 * Close posting the right messages; at 300 px every action through the row's "…" menu (issue 29 §4).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AGENT, readyState } from "./fixtures";
import { TABS, sessionsList, tabsState } from "./featureFixture";
import type { Panel } from "./panel";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { hasFocus, focusedLabel } from "./focus";

describe("webview session list", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  async function openList(panel: Panel, archivable = false) {
    await panel.snapshot(0, readyState());
    await panel.send(tabsState("tab-1"));
    const toggle = panel.page.getByRole("button", { name: "Show sessions" });
    await toggle.click();
    await panel.waitForSent("sessions/refresh");
    const now = await panel.page.evaluate(() => Date.now());
    const list = sessionsList(now);
    await panel.send(
      archivable ? { ...list, sessions: list.sessions.map((item) => ({ ...item, canArchive: true })) } : list,
    );
    const rows = panel.page.getByRole("list", { name: "Session list" });
    await eventually(async () => assert.equal(await rows.getByRole("listitem").count(), 4));
    return { toggle, list: rows };
  }

  it("toggles from the header, asks for a refresh, and shows title, agent, folder, time and status", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const toggle = panel.page.getByRole("button", { name: "Show sessions" });
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      await toggle.click();
      await panel.waitForSent("sessions/refresh");
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      assert.equal(await panel.page.getByText("Loading sessions…").count(), 1);
      assert.equal(await panel.prompt.count(), 0, "the list replaces the chat");
      assert.equal(await focusedLabel(panel.page), "Search sessions", "focus goes to the search box");

      const now = await panel.page.evaluate(() => Date.now());
      await panel.send(sessionsList(now));
      const rows = panel.page.getByRole("list", { name: "Session list" }).getByRole("listitem");
      await eventually(async () => assert.equal(await rows.count(), 4));
      // Title | status | agent | folder | time | buttons, as the row shows them.
      // (No named functions inside evaluate: tsx would wrap them in a helper the page lacks.)
      const described = await rows.evaluateAll((items) =>
        items.map((item) =>
          [
            ...[".session-title", ".session-status", ".session-agent", ".session-cwd", "time"].map(
              (selector) => item.querySelector(selector)?.textContent ?? "-",
            ),
            [...item.querySelectorAll(".session-actions button")]
              .map((button) => button.textContent?.split(" ")[0])
              .join(","),
          ].join(" | "),
        ),
      );
      assert.deepEqual(described, [
        "Parser refactor | running | Echo Agent | …/work/parser | 5 minutes ago | Open,Close,Rename,Delete",
        "Release notes | waiting for you | Bub | …/work/site | 3 hours ago | Open,Close,Rename,Delete",
        "Speed up the test matrix | ended | Codex | …/work/ci-tools | yesterday | Open,Rename,Delete",
        "Docs typo | ended | Echo Agent | …/src/docs | - | Open,Rename,Delete",
      ]);
      assert.equal(
        await rows.nth(0).getByRole("button", { name: "Close Parser refactor" }).count(),
        1,
        "row buttons name their session",
      );
      assert.equal(
        await rows.nth(0).getByTitle("/home/ada/work/parser").count(),
        1,
        "the full folder is in the tooltip",
      );

      await toggle.click();
      await eventually(async () => assert.equal(await panel.prompt.count(), 1));
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      await toggle.click();
      await panel.waitForSent("sessions/refresh", 2);
      await panel.assertHealthy();
    }));

  it("filters by title, agent and folder", () =>
    webview.withPanel(async (panel) => {
      const { list } = await openList(panel);
      const search = panel.page.getByRole("searchbox", { name: "Search sessions" });
      const titles = () => list.getByRole("listitem").locator(".session-title").allTextContents();
      await search.fill("codex");
      await eventually(async () => assert.deepEqual(await titles(), ["Speed up the test matrix"]));
      await search.fill("work/site");
      await eventually(async () => assert.deepEqual(await titles(), ["Release notes"]));
      await search.fill("DOCS echo");
      await eventually(async () => assert.deepEqual(await titles(), ["Docs typo"]), 2_000);
      await search.fill("parser");
      await eventually(async () => assert.deepEqual(await titles(), ["Parser refactor"]));
      await search.fill("nothing like this");
      await eventually(async () => assert.equal(await list.getByRole("listitem").count(), 0));
      assert.equal(await panel.page.getByText("No session matches “nothing like this”.").count(), 1);
      // Escape clears the search first, then leaves the list.
      await search.press("Escape");
      await eventually(async () => assert.equal(await list.getByRole("listitem").count(), 4));
      await search.press("Escape");
      await eventually(async () => assert.equal(await panel.prompt.count(), 1));
      await panel.assertHealthy();
    }));

  it("posts Open, Delete and Close for a row, and follows tab changes live", () =>
    webview.withPanel(async (panel) => {
      const { list } = await openList(panel);
      const row = (title: string) =>
        list.getByRole("listitem").filter({ has: panel.page.getByText(title, { exact: true }) });

      await row("Speed up the test matrix")
        .getByRole("button", { name: /^Delete/ })
        .click();
      assert.deepEqual(await panel.waitForSentOfType("session/delete"), [
        { type: "session/delete", agent: "Codex", sessionId: "session-9" },
      ]);

      await row("Release notes")
        .getByRole("button", { name: /^Close/ })
        .click();
      assert.deepEqual(await panel.waitForSentOfType("tab/close"), [{ type: "tab/close", key: "tab-2" }]);
      // The host closes the tab: the row says so without another refresh.
      await panel.send(
        tabsState(
          "tab-1",
          TABS.filter((tab) => tab.key !== "tab-2"),
        ),
      );
      await eventually(async () =>
        assert.match((await row("Release notes").innerText()).replace(/\s+/g, " "), /ended/),
      );
      assert.equal(
        await row("Release notes")
          .getByRole("button", { name: /^Close/ })
          .count(),
        0,
      );
      // And a tab that starts running shows as running.
      await panel.send(
        tabsState(
          "tab-1",
          TABS.map((tab) => (tab.key === "tab-1" ? { ...tab, status: "waiting" } : tab)),
        ),
      );
      await eventually(async () => assert.match(await row("Parser refactor").innerText(), /waiting for you/));

      await row("Docs typo").getByRole("button", { name: /^Open/ }).click();
      assert.deepEqual(await panel.waitForSentOfType("session/open"), [
        { type: "session/open", agent: AGENT, sessionId: "session-8" },
      ]);
      const prompt = panel.prompt;
      await eventually(async () => assert.equal(await prompt.count(), 1, "opening a session goes back to the chat"));
      await eventually(async () => assert.equal(await hasFocus(prompt), true));
      await settle(panel.page);
      await panel.assertHealthy();
    }));

  it('at 300 px, every row action is in its "…" menu, by mouse, right-click and keyboard', () =>
    webview.withPanel({ viewport: { width: 300, height: 720 } }, async (panel) => {
      const { list } = await openList(panel, true);
      const page = panel.page;
      const row = (title: string) => list.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
      const more = (title: string) => page.getByRole("button", { name: `More actions for ${title}`, exact: true });
      const menu = (title: string) => page.getByRole("menu", { name: `Actions for ${title}` });
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
      const within300 = async (title: string) => {
        for (const item of await menu(title).getByRole("menuitem").all()) {
          const box = await item.boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= 300, `${await item.innerText()} is on screen`);
        }
      };

      // Mouse: the button opens the menu of the row's actions, all on screen; an item posts its message.
      await more("Parser refactor").click();
      assert.equal(await more("Parser refactor").getAttribute("aria-expanded"), "true");
      const items = await menu("Parser refactor").getByRole("menuitem").allInnerTexts();
      assert.deepEqual(items, ["Open", "Close", "Rename", "Archive", "Delete"]);
      await within300("Parser refactor");
      assert.deepEqual(await panel.axe(), [], "axe-clean with the menu open");
      await menu("Parser refactor").getByRole("menuitem", { name: "Rename" }).click();
      await panel.waitForSent("session/rename");
      assert.equal(await menu("Parser refactor").count(), 0, "choosing closes the menu");
      assert.equal(await focused(), "More actions for Parser refactor", "and focus returns to its button");

      // Keyboard: Enter opens with the first item focused; End, ArrowUp, Enter picks Archive.
      await page.keyboard.press("Enter");
      await eventually(async () => assert.equal(await focused(), "Open"));
      await page.keyboard.press("End");
      await page.keyboard.press("ArrowUp");
      assert.equal(await focused(), "Archive");
      await page.keyboard.press("Enter");
      await panel.waitForSent("session/archive");
      assert.equal(await focused(), "More actions for Parser refactor");

      // Shift+F10 on a row's button opens its menu; Escape closes it, back on "…", the list still shown.
      await row("Speed up the test matrix").getByRole("button", { name: /^Open/ }).focus();
      await page.keyboard.press("Shift+F10");
      await eventually(async () => assert.equal(await focused(), "Open"));
      assert.deepEqual(await menu("Speed up the test matrix").getByRole("menuitem").allInnerTexts(), [
        "Open",
        "Rename",
        "Archive",
        "Delete",
      ]);
      await page.keyboard.press("Escape");
      await eventually(async () => assert.equal(await menu("Speed up the test matrix").count(), 0));
      assert.equal(await focused(), "More actions for Speed up the test matrix");
      assert.equal(await list.getByRole("listitem").count(), 4, "Escape in the menu does not leave the list");
      // The ContextMenu key too; ArrowUp wraps from the first item to the last.
      await page.keyboard.press("ContextMenu");
      await eventually(async () => assert.equal(await focused(), "Open"));
      await page.keyboard.press("ArrowUp");
      assert.equal(await focused(), "Delete");
      await page.keyboard.press("Enter");
      await panel.waitForSent("session/delete");

      // Right-click on the row opens the same menu.
      await row("Release notes").locator(".session-title").click({ button: "right" });
      await eventually(async () => assert.equal(await menu("Release notes").count(), 1));
      await within300("Release notes");
      await menu("Release notes").getByRole("menuitem", { name: "Close" }).click();
      await panel.waitForSent("tab/close");

      assert.deepEqual(
        (await panel.sent()).filter((m) => /^session\/(rename|archive|delete)$|^tab\/close$/.test(m.type)),
        [
          { type: "session/rename", agent: AGENT, sessionId: "session-1" },
          { type: "session/archive", agent: AGENT, sessionId: "session-1", archived: true },
          { type: "session/delete", agent: "Codex", sessionId: "session-9" },
          { type: "tab/close", key: "tab-2" },
        ],
      );
      // Open, by keyboard from the menu: the session opens and the chat comes back.
      await more("Docs typo").focus();
      await page.keyboard.press("Enter");
      await eventually(async () => assert.equal(await focused(), "Open"));
      await page.keyboard.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("session/open"), [
        { type: "session/open", agent: AGENT, sessionId: "session-8" },
      ]);
      await eventually(async () => assert.equal(await panel.prompt.count(), 1));
      await panel.assertHealthy();
    }));
});
