/**
 * Issue 27 §2 in the panel (Chromium): the history list searches the conversations' full text.
 * Typing asks the host (`history/search`); its ranked answer puts the matching conversations
 * first, each with a snippet whose matched words are marked, even where the title does not
 * match; rows show changed files and cost where known; the agent filter and "Show archived"
 * narrow the list; the view stays axe-clean. Each row's state reads running / waiting for you /
 * ended / archived, and the two filters combine.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SessionListItem } from "../../src/shared/wire/protocol";
import { AGENT, readyState } from "./fixtures";
import { sessionsList, tabsState } from "./featureFixture";
import { eventually } from "./harness";
import type { Panel } from "./panel";
import { openSessionList } from "./scenes";
import { webviewSuite } from "./webviewSuite";

describe("webview history search", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  async function openHistory(panel: Panel) {
    await panel.snapshot(0, readyState());
    await panel.send(tabsState("tab-1"));
    const list = await openSessionList(panel, (now) => {
      const base = sessionsList(now).sessions;
      const extra: SessionListItem[] = [
        {
          agent: "Codex",
          sessionId: "session-old",
          cwd: "/home/ada/work/site",
          title: "Plan for the morning",
          updatedAt: new Date(now - 5 * 86_400_000).toISOString(),
          status: "closed",
          changedFiles: 3,
          cost: { amount: 0.42, currency: "USD" },
        },
        { ...base[3]!, sessionId: "session-archived", title: "Archived lantern notes", archived: true },
      ];
      return { type: "sessions/list", sessions: [...base, ...extra] };
    });
    await eventually(async () => assert.equal(await list.getByRole("listitem").count(), 5));
    return list;
  }

  it("sends the query, shows the ranked hits first with their snippet, and is axe-clean", () =>
    webview.withPanel(async (panel) => {
      const list = await openHistory(panel);
      const search = panel.page.getByRole("searchbox", { name: "Search sessions" });
      await search.fill("harbour lantern");
      await eventually(async () =>
        assert.ok((await panel.sentOfType("history/search")).some((m) => m.query === "harbour lantern")),
      );
      // Before the answer, the title filter alone: no title has these words.
      await eventually(async () => assert.equal(await list.getByRole("listitem").count(), 0));
      await panel.send({
        type: "history/results",
        query: "harbour lantern",
        hits: [
          {
            agent: "Codex",
            sessionId: "session-old",
            snippet: [
              { text: "…then remember the violet " },
              { text: "harbour", match: true },
              { text: " " },
              { text: "lantern", match: true },
              { text: " before lunch." },
            ],
          },
          { agent: AGENT, sessionId: "session-1", snippet: [{ text: "the " }, { text: "harbour", match: true }] },
        ],
      });
      const rows = list.getByRole("listitem");
      await eventually(async () => assert.equal(await rows.count(), 2));
      assert.match((await rows.nth(0).innerText()).replace(/\s+/g, " "), /Plan for the morning/);
      assert.match((await rows.nth(1).innerText()).replace(/\s+/g, " "), /Parser refactor/);
      const first = rows.nth(0);
      assert.match(
        (await first.locator(".session-snippet").innerText()).replace(/\s+/g, " "),
        /remember the violet harbour lantern before lunch/,
      );
      assert.deepEqual(await first.locator("mark").allInnerTexts(), ["harbour", "lantern"]);
      const meta = (await first.innerText()).replace(/\s+/g, " ");
      assert.match(meta, /Codex/);
      assert.match(meta, /ended/);
      assert.match(meta, /3 files changed/);
      assert.match(meta, /0\.42 USD/);
      assert.ok(await first.getByRole("button", { name: "Open Plan for the morning" }).isVisible());
      assert.deepEqual(await panel.axe(), []);
      await panel.assertHealthy();
    }));

  it("an answer to an older query is not shown for a newer one", () =>
    webview.withPanel(async (panel) => {
      const list = await openHistory(panel);
      const search = panel.page.getByRole("searchbox", { name: "Search sessions" });
      await search.fill("docs");
      await panel.send({
        type: "history/results",
        query: "harbour",
        hits: [{ agent: "Codex", sessionId: "session-old", snippet: [{ text: "harbour", match: true }] }],
      });
      // "docs" matches the title "Docs typo" only; the stale hit for "harbour" is not added.
      await eventually(async () => assert.equal(await list.getByRole("listitem").count(), 1));
      assert.match(await list.getByRole("listitem").first().innerText(), /Docs typo/);
    }));

  it("filters by agent and shows archived conversations only when asked", () =>
    webview.withPanel(async (panel) => {
      const list = await openHistory(panel);
      const rows = list.getByRole("listitem");
      const filter = panel.page.getByRole("combobox", { name: "Agent filter" });
      await filter.selectOption("Codex");
      await eventually(async () => assert.equal(await rows.count(), 2));
      assert.deepEqual((await rows.locator(".session-title").allInnerTexts()).sort(), [
        "Plan for the morning",
        "Speed up the test matrix",
      ]);
      await filter.selectOption("");
      await eventually(async () => assert.equal(await rows.count(), 5));
      await panel.page.getByRole("checkbox", { name: /Show archived/ }).check();
      await eventually(async () => assert.equal(await rows.count(), 6));
      assert.ok(await rows.filter({ hasText: "Archived lantern notes" }).first().isVisible());
      assert.deepEqual(await panel.axe(), []);
    }));

  it("each row shows agent, date, state, changed files and cost; the agent and archived filters combine", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send(tabsState("tab-1"));
      const list = await openSessionList(panel, (now) => {
        const [running] = sessionsList(now).sessions;
        const ago = (ms: number) => new Date(now - ms).toISOString();
        const sessions: SessionListItem[] = [
          running!,
          {
            agent: "Codex",
            sessionId: "w",
            cwd: "/w",
            title: "Needs your answer",
            status: "waiting",
            updatedAt: ago(60_000),
          },
          {
            agent: "Codex",
            sessionId: "e",
            cwd: "/w",
            title: "Finished yesterday",
            status: "closed",
            updatedAt: ago(26 * 3_600_000),
            changedFiles: 2,
            cost: { amount: 1.25, currency: "USD" },
          },
          { agent: "Codex", sessionId: "a", cwd: "/w", title: "Old archived plan", status: "closed", archived: true },
        ];
        return { type: "sessions/list", sessions };
      });
      const rows = list.getByRole("listitem");
      const titles = async () => (await rows.locator(".session-title").allInnerTexts()).sort();
      const rowText = async (title: string) =>
        (await rows.filter({ hasText: title }).first().innerText()).replace(/\s+/g, " ");
      await eventually(async () =>
        assert.deepEqual(await titles(), ["Finished yesterday", "Needs your answer", "Parser refactor"]),
      );
      assert.match(await rowText("Parser refactor"), /running/);
      assert.match(await rowText("Needs your answer"), /Codex.*waiting for you|waiting for you.*Codex/);
      const ended = await rowText("Finished yesterday");
      for (const part of [/Codex/, /ended/, /yesterday|1 day ago/, /2 files changed/, /1\.25 USD/])
        assert.match(ended, part);

      const filter = panel.page.getByRole("combobox", { name: "Agent filter" });
      const archived = panel.page.getByRole("checkbox", { name: /Show archived/ });
      await filter.selectOption("Codex");
      await eventually(async () => assert.deepEqual(await titles(), ["Finished yesterday", "Needs your answer"]));
      await archived.check();
      await eventually(async () =>
        assert.deepEqual(await titles(), ["Finished yesterday", "Needs your answer", "Old archived plan"]),
      );
      assert.match(await rowText("Old archived plan"), /archived/);
      await filter.selectOption(AGENT);
      await eventually(async () => assert.deepEqual(await titles(), ["Parser refactor"]));
      await archived.uncheck();
      await filter.selectOption("");
      await eventually(async () => assert.equal(await rows.count(), 3));
      assert.deepEqual(await panel.axe(), []);
      await panel.assertHealthy();
    }));
});
