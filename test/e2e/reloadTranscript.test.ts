/**
 * Nothing lost on reload, with an agent that cannot reopen sessions (the demo agent: no
 * `loadSession`, no `session/resume`), in real VS Code (code-server + Chromium). Two tabs with a
 * conversation each; after Developer: Reload Window both show their transcript (kept by the
 * panel), say that the next message starts a new session, and the next prompt is answered in a
 * new session, with no error card anywhere. A closed session opened again from the session list
 * shows its kept transcript too.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { screenshot } from "../harness/browser";
import { eventually } from "../harness/chat";
import { panel } from "../harness/panel";
import { fakeAgent } from "./fixture/agents";
import { converse, DEMO_REPLY, openSessionList, selectTab, tab, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { promptedSessions } from "./fixture/wire";

const AGENT = "Demo";
const FIRST = "hello from the first tab";
const SECOND = "hello from the second tab";
const AFTER = "hello again after the reload";

describe("reload with an agent that cannot reopen sessions", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "reload-transcript",
    files: { "README.md": "# reload e2e\n" },
    agents: { [AGENT]: fakeAgent() },
    chat: /Demo is ready/,
  });
  const errorCards = () => e2e.view.frame.getByRole("article", { name: "Error" });
  const replies = () => e2e.view.log.getByText(DEMO_REPLY, { exact: false });

  e2e.it("has two tabs with a conversation each", "e2e-reload-before", async ({ page, view }) => {
    await converse(view, FIRST);
    await panel(page).newSession.click();
    await eventually(async () => (await panel(page).tabs.count()) === 2, "a second tab");
    await untilReady(view, /Demo is ready/);
    await converse(view, SECOND);
    await tab(page, FIRST).waitFor({ timeout: 10_000 });
    await tab(page, SECOND).waitFor({ timeout: 10_000 });
  });

  e2e.it(
    "after Reload Window every tab shows its transcript, and the next prompt is answered in a new session without an error card",
    "e2e-reload-after",
    async ({ page, wireLog }) => {
      const sessionsBefore = new Set(promptedSessions(wireLog));
      assert.equal(sessionsBefore.size, 2, "two sessions before the reload");
      const view = await e2e.reload();
      await eventually(async () => (await panel(page).tabs.count()) === 2, "both tabs restored", 60_000);
      for (const [text, other] of [
        [FIRST, SECOND],
        [SECOND, FIRST],
      ] as const) {
        await tab(page, text).waitFor({ timeout: 30_000 });
        await selectTab(page, text);
        await view.log.getByText(text).first().waitFor({ timeout: 20_000 });
        await replies().first().waitFor({ timeout: 20_000 });
        await view.log
          .getByText("can't reopen past sessions; your next message starts a new one", { exact: false })
          .first()
          .waitFor({ timeout: 20_000 });
        assert.equal(await view.log.getByText(other).count(), 0, "each tab shows its own transcript");
        assert.equal(await errorCards().count(), 0, `no error card in "${text}"`);
        await untilReady(view, /Demo is ready/);
        assert.ok(await view.send.isEnabled(), "Send is enabled");
      }
      await screenshot(page, "e2e-reload-restored.png");

      await converse(view, AFTER);
      const last = promptedSessions(wireLog).at(-1);
      assert.ok(last && !sessionsBefore.has(last), `answered in a new session (${last})`);
      assert.equal(await replies().count(), 2, "the old reply and the new one");
      assert.equal(await errorCards().count(), 0, "no error card after the new prompt");
      await screenshot(page, "e2e-reload-continued.png");
    },
  );

  e2e.it(
    "a closed session opened again from the session list shows its kept transcript, with no error card",
    "e2e-reload-session-list",
    async ({ page, view }) => {
      const parts = await openSessionList(page);
      const row = parts.sessionList.getByRole("listitem").filter({ hasText: SECOND });
      await row.getByRole("button", { name: `Close ${SECOND}` }).click();
      await eventually(async () => (await parts.tabs.count()) === 1, "the second tab to close", 15_000);
      await row.getByRole("button", { name: `Open ${SECOND}` }).click();
      await eventually(async () => (await parts.tabs.count()) === 2, "the session to open in a tab again", 30_000);
      await eventually(
        async () => (await tab(page, SECOND).getAttribute("aria-selected")) === "true",
        "its tab selected",
      );
      await view.log.getByText(SECOND).first().waitFor({ timeout: 20_000 });
      await view.log.getByText(AFTER).first().waitFor({ timeout: 20_000 });
      await untilReady(view, /Demo is ready/);
      assert.equal(await errorCards().count(), 0, "no error card");
      assert.ok(await view.send.isEnabled(), "Send is enabled");
      await screenshot(page, "e2e-reload-from-list.png");
    },
  );
});
