/**
 * Issue 18 §2 in the webview: Rename on every listed session, Archive/Unarchive only where the
 * agent offers it, archived sessions hidden until "Show archived", and the tab's right-click
 * context (`data-vscode-context`) offering Fork only where the agent can fork; a fork (a new tab
 * made active) shows its chat in place of the list (issue 29 §4).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readyState } from "./fixtures";
import { TABS, sessionsList, tabsState } from "./featureFixture";
import type { Panel } from "./panel";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

describe("webview session fork, rename and archive", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  async function openList(panel: Panel, now: number) {
    await panel.snapshot(0, readyState());
    await panel.send(tabsState("tab-1"));
    await panel.page.getByRole("button", { name: "Show sessions" }).click();
    await panel.waitForSent("sessions/refresh");
    const base = sessionsList(now);
    const sessions = base.sessions.map((item, at) => (at === 2 ? { ...item, canArchive: true } : item));
    sessions.push({
      agent: "Codex",
      sessionId: "session-10",
      cwd: "/home/ada/work/old",
      title: "Old experiment",
      status: "closed",
      archived: true,
      canArchive: true,
    });
    await panel.send({ type: "sessions/list", sessions });
    return panel.page.getByRole("list", { name: "Session list" }).getByRole("listitem");
  }

  it("archived sessions show only with Show archived; Archive/Unarchive and Rename post the session", () =>
    webview.withPanel(async (panel) => {
      const rows = await openList(panel, await panel.page.evaluate(() => Date.now()));
      await eventually(async () => assert.equal(await rows.count(), 4, "the archived session is hidden"));
      const show = panel.page.getByRole("checkbox", { name: "Show archived (1)" });
      await show.check();
      await eventually(async () => assert.equal(await rows.count(), 5));
      const archivedRow = rows.filter({ hasText: "Old experiment" });
      assert.match((await archivedRow.textContent()) ?? "", /archived/);
      await archivedRow.getByRole("button", { name: "Unarchive Old experiment" }).click();
      await panel.waitForSent("session/archive");
      await panel.page.getByRole("button", { name: "Archive Speed up the test matrix" }).click();
      await panel.waitForSent("session/archive", 2);
      assert.equal(
        await panel.page.getByRole("button", { name: "Archive Parser refactor" }).count(),
        0,
        "not offered where the agent can't archive",
      );
      await panel.page.getByRole("button", { name: "Rename Docs typo" }).click();
      await panel.waitForSent("session/rename");
      const sent = (await panel.sent()).filter((m) => m.type === "session/archive" || m.type === "session/rename");
      assert.deepEqual(sent, [
        { type: "session/archive", agent: "Codex", sessionId: "session-10", archived: false },
        { type: "session/archive", agent: "Codex", sessionId: "session-9", archived: true },
        { type: "session/rename", agent: "Echo Agent", sessionId: "session-8" },
      ]);
      await show.uncheck();
      await eventually(async () => assert.equal(await rows.count(), 4));
      await panel.assertHealthy();
    }));

  it("the header shows the active agent's auth/status; the list shows session/status", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send(
        tabsState(
          "tab-1",
          TABS.map((tab, at) =>
            at === 0
              ? { ...tab, auth: "authenticated" as const }
              : at === 1
                ? { ...tab, auth: "unauthenticated" as const }
                : tab,
          ),
        ),
      );
      const note = panel.page.getByRole("note", { name: /Agent sign-in/ });
      await eventually(async () => assert.equal(await note.textContent(), " Signed in"));
      await panel.send(
        tabsState(
          "tab-2",
          TABS.map((tab, at) => (at === 1 ? { ...tab, auth: "unauthenticated" as const } : tab)),
        ),
      );
      await eventually(async () => assert.equal(await note.getAttribute("aria-label"), "Agent sign-in: Not signed in"));
      await panel.send(tabsState("tab-3"));
      await eventually(async () => assert.equal(await note.count(), 0, "nothing for an agent without auth/status"));
      await panel.page.getByRole("button", { name: "Show sessions" }).click();
      await panel.waitForSent("sessions/refresh");
      const base = sessionsList(await panel.page.evaluate(() => Date.now()));
      await panel.send({
        type: "sessions/list",
        sessions: base.sessions.map((item, at) =>
          at === 2
            ? { ...item, agentStatus: "saved" as const }
            : at === 0
              ? { ...item, agentStatus: "open" as const }
              : item,
        ),
      });
      const rows = panel.page.getByRole("list", { name: "Session list" }).getByRole("listitem");
      await eventually(async () =>
        assert.deepEqual(
          await rows.evaluateAll((items) =>
            items.map((item) => item.querySelector(".session-agent-status")?.textContent ?? "-"),
          ),
          ["open in the agent", "-", "saved", "-"],
        ),
      );
      await panel.assertHealthy();
    }));

  it("a new tab that becomes active (a fork, a reopened tab) shows its chat in place of the list", () =>
    webview.withPanel(async (panel) => {
      const rows = await openList(panel, await panel.page.evaluate(() => Date.now()));
      await eventually(async () => assert.equal(await rows.count(), 4));
      // Another existing tab becomes active (e.g. one closed from the list): the list stays.
      await panel.send(tabsState("tab-2"));
      await panel.send(tabsState("tab-2", TABS.slice(1)));
      await eventually(async () => assert.equal(await rows.count(), 4, "the list stays open"));
      const fork = { ...TABS[1]!, key: "tab-5", sessionId: "session-5", title: "Release notes (fork)" };
      // As the host sends a new tab: first listed, then made active.
      await panel.send(tabsState("tab-2", [...TABS.slice(1), fork]));
      await eventually(async () => assert.equal(await rows.count(), 4, "the list stays while the fork starts"));
      await panel.send(tabsState("tab-5", [...TABS.slice(1), fork]));
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("list", { name: "Session list" }).count(), 0, "the list is closed"),
      );
      await eventually(async () => assert.equal(await panel.prompt.count(), 1));
      await panel.assertHealthy();
    }));

  it("each tab carries its right-click context: Fork only where the agent can fork", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.send(
        tabsState(
          "tab-1",
          TABS.map((tab, at) => (at === 0 ? { ...tab, canFork: true } : tab)),
        ),
      );
      const tabs = panel.page.getByRole("tab");
      await eventually(async () => assert.equal(await tabs.count(), TABS.length));
      const contexts = await tabs.evaluateAll((items) =>
        items.map((item) => JSON.parse(item.getAttribute("data-vscode-context") ?? "{}") as Record<string, unknown>),
      );
      assert.deepEqual(contexts[0], {
        webviewSection: "tab",
        tabKey: "tab-1",
        canFork: true,
        hasSession: true,
        inWorktree: false,
        preventDefaultContextMenuItems: true,
      });
      assert.equal(contexts[1]?.canFork, false);
      await panel.assertHealthy();
    }));
});
