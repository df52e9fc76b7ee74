/**
 * Issue 18 §2 in real VS Code (code-server + Chromium), against the fake agent with the unstable
 * session methods (`bub` profile, FAKE_AGENT_SESSION_OPS): ACP: Fork Session opens a tab that
 * continues the history; the tab's right-click menu renames it (session/set_title); the session
 * list archives and unarchives with "Show archived"; the header shows auth/status. Issue 29 §4: the
 * fork shows its chat with the source's pickers and a fresh list; closing a tab with a running turn
 * asks first, and ACP: Reopen Closed Tab brings the session back.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { pickContextMenuItem, runCommand, screenshot } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { modalDialog, panel } from "../harness/panel";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { DEMO_REPLY, openSessionList, pickerValue, turnEnded, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const OPS = "Fake Ops";
const PROMPT = "hello before the fork";

describe("fork, rename and archive in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "session-ops",
    files: { "README.md": "# session ops e2e\n" },
    agents: { [OPS]: fakeAgent({ profile: "bub", state: true, env: { FAKE_AGENT_SESSION_OPS: "1" } }) },
    chat: /Fake Ops is ready/,
  });
  const tabs = () => panel(e2e.page).tabs;

  e2e.it(
    "ACP: Fork Session opens a tab that continues the history; the header shows auth/status",
    "e2e-session-ops-fork",
    async ({ page, view, wireLog }) => {
      await panel(page).frame.getByRole("note", { name: "Agent sign-in: Signed in" }).waitFor({ timeout: 20_000 });
      await sendPrompt(view, PROMPT);
      await view.log.getByText(DEMO_REPLY, { exact: false }).first().waitFor({ timeout: 30_000 });
      await turnEnded(view);
      const source = clientMessages(wireLog, "session/prompt")[0]?.message?.params?.sessionId;
      const model = await pickerValue(page, "Model");
      const parts = await openSessionList(page);
      await runCommand(page, "ACP: Fork Session");
      await eventually(async () => (await tabs().count()) === 2, "a second tab", 30_000);
      await eventually(
        () => clientMessages(wireLog, "session/fork").some((m) => m.message?.params?.sessionId === source),
        "session/fork of the first session",
        30_000,
      );
      await eventually(
        async () => (await tabs().nth(1).getAttribute("aria-selected")) === "true",
        "the fork's tab is active",
      );
      await untilReady(view, OPS);
      await view.log.getByText(PROMPT).first().waitFor({ timeout: 10_000 });
      await view.log.getByText(DEMO_REPLY, { exact: false }).first().waitFor({ timeout: 10_000 });
      assert.equal(await parts.sessionList.count(), 0, "the fork's chat is shown, not the list");
      assert.equal(await pickerValue(page, "Model"), model, "the fork keeps the source's Model picker");
      await parts.showSessions.click();
      await parts.sessionList.getByRole("listitem").filter({ hasText: "(fork)" }).first().waitFor({ timeout: 15_000 });
      await parts.showSessions.click();
      await parts.sessionList.waitFor({ state: "detached", timeout: 10_000 });
      await screenshot(page, "e2e-session-ops-forked.png");
    },
  );

  e2e.it(
    "closing a tab with a running turn asks first; ACP: Reopen Closed Tab brings its session back",
    "e2e-session-ops-close",
    async ({ page, view, wireLog }) => {
      const cancels = clientMessages(wireLog, "session/cancel").length;
      await sendPrompt(view, "long turn");
      await view.log.getByText("Working, step 2", { exact: false }).first().waitFor({ timeout: 30_000 });
      // The active tab's close button (the fork's).
      await panel(page).frame.locator("button.tab-close-selected").click();
      const dialog = modalDialog(page);
      await dialog.waitFor({ timeout: 15_000 });
      assert.match(await dialog.innerText(), /Stop the turn and close\?/);
      await screenshot(page, "e2e-session-ops-close-running.png");
      await dialog.getByRole("button", { name: "Stop and Close" }).click();
      await eventually(async () => (await tabs().count()) === 1, "the tab closed", 15_000);
      await eventually(() => clientMessages(wireLog, "session/cancel").length > cancels, "session/cancel on the wire");
      await runCommand(page, "ACP: Reopen Closed Tab");
      await eventually(async () => (await tabs().count()) === 2, "the tab is back", 30_000);
      await eventually(
        async () => (await tabs().nth(1).getAttribute("aria-selected")) === "true",
        "the reopened tab is active",
      );
      await view.log.getByText("long turn").first().waitFor({ timeout: 30_000 });
    },
  );

  e2e.it(
    "renames the tab from its right-click menu (session/set_title)",
    "e2e-session-ops-rename",
    async ({ page, wireLog }) => {
      await tabs().nth(0).click({ button: "right" });
      const item = page.locator(".context-view .monaco-menu .action-label", { hasText: "Rename Session" });
      await item.waitFor({ timeout: 10_000 });
      assert.equal(
        await page.locator(".context-view .monaco-menu .action-label", { hasText: "Fork Session" }).count(),
        1,
        "Fork is offered: the agent can fork",
      );
      await pickContextMenuItem(page, "Rename Session");
      const input = page.locator(".quick-input-widget .quick-input-box input");
      await input.waitFor({ timeout: 10_000 });
      await input.fill("Renamed in VS Code");
      await input.press("Enter");
      await eventually(
        async () => (await tabs().nth(0).innerText()).includes("Renamed in VS Code"),
        "the tab's new title",
        15_000,
      );
      await eventually(
        () =>
          clientMessages(wireLog, "session/set_title").some((m) => m.message?.params?.title === "Renamed in VS Code"),
        "session/set_title on the wire",
      );
    },
  );

  e2e.it(
    "archives from the session list, shows it with Show archived, and unarchives",
    "e2e-session-ops-archive",
    async ({ page, wireLog }) => {
      const parts = await openSessionList(page);
      const row = parts.sessionList.getByRole("listitem").filter({ hasText: "Renamed in VS Code" });
      await row.first().waitFor({ timeout: 15_000 });
      await row.getByRole("button", { name: "Archive Renamed in VS Code" }).click();
      await eventually(async () => (await row.count()) === 0, "the archived row leaves the list", 15_000);
      assert.ok(clientMessages(wireLog, "session/archive").length >= 1, "session/archive on the wire");
      await eventually(async () => (await tabs().count()) === 1, "its tab closed");
      const show = parts.frame.getByRole("checkbox", { name: /Show archived/ });
      await show.check();
      await row.first().waitFor({ timeout: 10_000 });
      await screenshot(page, "e2e-session-ops-archived.png");
      await row.getByRole("button", { name: "Unarchive Renamed in VS Code" }).click();
      await eventually(() => clientMessages(wireLog, "session/unarchive").length >= 1, "session/unarchive on the wire");
      await eventually(
        async () => (await row.innerText()).includes("archived") === false,
        "the row is no longer archived",
        15_000,
      );
    },
  );
});
