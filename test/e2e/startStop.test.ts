/**
 * Issue 16 items 2 and 3 in real VS Code (code-server + Chromium, the installed .vsix): a slow-
 * starting fake agent (slow `initialize` and `session/new`, config options before the result),
 * Send clicked all through its start-up; then Stop with a turn whose agent ignores `session/cancel`.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { eventually, sendPrompt, type Chat } from "../harness/chat";
import { fakeAgent } from "./fixture/agents";
import { untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { promptsContaining } from "./fixture/wire";

// Long enough that Send is pressed several times while the agent starts, however late the panel shows.
const SLOW_START_MS = 8000;

/**
 * The queued messages' texts (each is an editable textbox). The queue shows as one collapsed row
 * until expanded: expand it when it is there (it may be sent and gone before the click lands).
 */
async function queuedTexts(view: Chat): Promise<string[]> {
  const collapsed = view.frame.getByRole("button", { name: /^Queued/, expanded: false });
  if ((await collapsed.count()) > 0) await collapsed.click({ timeout: 2_000 }).catch(() => undefined);
  const boxes = view.frame.getByRole("list", { name: "Queued messages" }).getByRole("textbox");
  return Promise.all((await boxes.all()).map((box) => box.inputValue()));
}

describe("start-up and Stop edges in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "startstop",
    agents: { [DEMO_AGENT]: fakeAgent({ env: { FAKE_AGENT_SLOW_START: String(SLOW_START_MS) } }) },
    chat: false,
  });
  const prompts = (text: string) => promptsContaining(e2e.wireLog(), text);
  /** The turn is over once the status says the agent is ready again. */
  const turnOver = (what = "the turn to end") =>
    eventually(async () => /is ready/.test((await e2e.view.status.textContent()) ?? ""), what);

  e2e.it(
    "Send clicked all through a slow start-up: the message is kept until it can go, then sent once",
    "e2e-send-during-start",
    async ({ t }) => {
      const view = await e2e.showChat();
      await view.prompt.waitFor({ timeout: 60_000 });
      const text = "late-text typed while the agent starts";
      await view.prompt.click();
      await view.prompt.fill(text);
      let clicks = 0;
      let clicksWhileStarting = 0;
      // Send every ~150 ms, whatever the state, until the agent has the message.
      while (prompts(text).length === 0) {
        const starting = /Starting|Loading/.test((await view.status.textContent()) ?? "");
        // Enter in the box, or a click on Send even while it is disabled (a click as the page gets it).
        if (clicks % 2 === 0) await view.prompt.press("Enter", { timeout: 2_000 }).catch(() => undefined);
        else await view.send.dispatchEvent("click", undefined, { timeout: 2_000 }).catch(() => undefined);
        clicks += 1;
        if (starting) clicksWhileStarting += 1;
        // Not sent yet: it is still in the prompt box, in the queue or the transcript (after the
        // moment it is in flight from the webview to the host), never gone.
        await eventually(
          async () =>
            prompts(text).length > 0 ||
            (await view.prompt.inputValue()) === text ||
            (await queuedTexts(view)).includes(text) ||
            (await view.log.getByText(text).count()) > 0,
          `click ${clicks}: the message kept or sent`,
          5_000,
        );
        assert.ok(clicks < 400, "the message was never sent");
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      t.diagnostic(`${clicks} clicks, ${clicksWhileStarting} while the agent was starting`);
      assert.ok(clicksWhileStarting >= 3, "Send was clicked during the start-up");
      await view.log.getByText("The complete answer, sent at the end.").first().waitFor({ timeout: 30_000 });
      await turnOver();
      assert.equal(prompts(text).length, 1, "sent exactly once");
      assert.equal(await view.log.getByText(text, { exact: true }).count(), 1, "shown once in the transcript");
      assert.equal(await view.prompt.inputValue(), "");
    },
  );

  e2e.it(
    "Stop with an agent that ignores session/cancel leaves a usable panel within seconds",
    "e2e-stop-ignored",
    async ({ t, page, view }) => {
      await untilReady(view, /is ready/, 60_000);
      await sendPrompt(view, "ignore-cancel 4000");
      await view.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 30_000 });
      const clicked = Date.now();
      await view.stop.click();
      await view.status.filter({ hasText: "hasn't confirmed the stop yet" }).waitFor({ timeout: 10_000 });
      t.diagnostic(`Stop → panel usable in ${Date.now() - clicked} ms`);
      assert.ok(Date.now() - clicked < 8_000, "usable within a few seconds");
      await view.log.getByText(`${DEMO_AGENT} kept working after Stop`).first().waitFor({ timeout: 10_000 });
      await view.log.getByText("Still going after Stop, 12.", { exact: false }).first().waitFor({ timeout: 15_000 });
      await screenshot(page, "e2e-stop-ignored.png");

      // Sending again: the fake agent cannot steer, so the message is queued until the agent answers.
      await sendPrompt(view, "basic-stream after the ignored stop");
      await eventually(
        async () => (await queuedTexts(view)).includes("basic-stream after the ignored stop"),
        "the message in the queue",
      );
      assert.equal(
        prompts("basic-stream after the ignored stop").length,
        0,
        "not sent while the stopped prompt is unanswered",
      );
      await eventually(
        () => prompts("basic-stream after the ignored stop").length === 1,
        "the queued message to be sent once the agent answers",
        30_000,
      );
      await view.log.locator("strong", { hasText: "basic-stream" }).first().waitFor({ timeout: 30_000 });
      await turnOver("the status to be ready again");
    },
  );
});
