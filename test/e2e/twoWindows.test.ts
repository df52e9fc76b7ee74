/**
 * Two VS Code windows on one workspace (issue 27, "Faults survived"): two pages of one browser on
 * one code-server, so each has its own extension host while they share what a second desktop
 * window shares: the workspace's and the user's state (the browser's storage) and the extension's
 * global storage (the journal). Each window holds its own conversation; after both reload, each
 * window has its own tab back with its own transcript (neither took the other's tabs nor lost its
 * own), and the session list of each window lists both conversations.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import type { Page } from "playwright-core";
import { eventually, openChat, type Chat } from "../harness/chat";
import { screenshot } from "../harness/browser";
import { panel, reloadWindow } from "../harness/panel";
import { fakeAgent } from "./fixture/agents";
import { converse, DEMO_REPLY, openSessionList } from "./fixture/steps";
import { useE2e, type E2e } from "./fixture/useE2e";

const AGENT = "Demo";
const ALPHA = "alpha conversation of the first window";
const BRAVO = "bravo conversation of the second window";

interface Window {
  readonly name: string;
  readonly page: Page;
  view: Chat;
  readonly mine: string;
  readonly theirs: string;
}

describe("two windows on one workspace", { timeout: 400_000 }, () => {
  const windows: Window[] = [];
  /** The second window: a page of the same browser (its storage is shared, as two desktop windows share theirs). */
  const openSecondWindow = async (e2e: E2e) => {
    windows.push({ name: "first", page: e2e.page, view: e2e.view, mine: ALPHA, theirs: BRAVO });
    const second = await e2e.page.context().newPage();
    second.on("pageerror", (error) => e2e.errors.push(`second window: ${error.message}`));
    await second.goto(e2e.server.folderUrl(), { timeout: 90_000 });
    await second.locator(".monaco-workbench").waitFor({ timeout: 90_000 });
    windows.push({
      name: "second",
      page: second,
      view: await openChat(second, /Demo is ready/),
      mine: BRAVO,
      theirs: ALPHA,
    });
  };
  // No wire log: both windows' agents would write to the same one.
  const e2e = useE2e({
    label: "two-windows",
    files: { "README.md": "# two windows e2e\n" },
    agents: { [AGENT]: fakeAgent({ log: false }) },
    chat: /Demo is ready/,
    whenOpen: openSecondWindow,
  });

  e2e.it("each window holds its own conversation", "e2e-two-windows-before", async () => {
    for (const window of windows) await converse(window.view, window.mine);
    for (const window of windows) {
      await panel(window.page).tabs.filter({ hasText: window.mine }).first().waitFor({ timeout: 10_000 });
      assert.equal(await window.view.log.getByText(window.theirs).count(), 0, `only its own in the ${window.name}`);
    }
  });

  e2e.it(
    "after both windows reload, each has its own tab and transcript back, and each lists both conversations",
    "e2e-two-windows-after",
    async () => {
      for (const window of windows) {
        await reloadWindow(window.page);
        window.view = await openChat(window.page, /Demo is ready/, 60_000);
      }
      for (const window of windows) {
        const { page, view } = window;
        const tabs = panel(page).tabs;
        await eventually(
          async () => (await tabs.filter({ hasText: window.mine }).count()) === 1,
          `the ${window.name} window's own tab ("${window.mine}") back`,
          30_000,
        );
        assert.equal(await tabs.filter({ hasText: window.theirs }).count(), 0, `not the other window's tab`);
        await tabs.filter({ hasText: window.mine }).first().click();
        await view.log.getByText(window.mine).first().waitFor({ timeout: 20_000 });
        await view.log.getByText(DEMO_REPLY, { exact: false }).first().waitFor({ timeout: 20_000 });
        await screenshot(page, `e2e-two-windows-${window.name}.png`);
      }
      // The next prompt in each window is answered.
      for (const window of windows) await converse(window.view, `${window.mine}, once more`);
      for (const window of windows) {
        const parts = await openSessionList(window.page);
        for (const text of [ALPHA, BRAVO])
          await parts.sessionList.getByRole("listitem").filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
      }
    },
  );
});
