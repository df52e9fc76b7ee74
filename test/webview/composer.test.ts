/**
 * The composer: Enter/Shift+Enter, Send and Stop with their enabled states (Send stays usable
 * during a turn), Escape, prompt history, host insert/focus commands, and the draft surviving a reload.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AGENT, readyState, turnStarted, userEntry } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { hasFocus } from "./focus";

describe("webview composer", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("sends on Enter and clears the box; Shift+Enter inserts a newline instead", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      await prompt.click();
      await prompt.pressSequentially("first line");
      await prompt.press("Shift+Enter");
      await prompt.pressSequentially("second line");
      assert.equal(await prompt.inputValue(), "first line\nsecond line");
      assert.deepEqual(await panel.sentOfType("prompt/send"), [], "Shift+Enter does not send");

      await prompt.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("prompt/send"), [
        { type: "prompt/send", text: "first line\nsecond line", attachments: [] },
      ]);
      assert.equal(await prompt.inputValue(), "");

      await prompt.press("Enter");
      await prompt.fill("   ");
      await prompt.press("Enter");
      await settle(panel.page);
      assert.equal((await panel.sentOfType("prompt/send")).length, 1, "empty and blank prompts are not sent");

      await prompt.fill("via the button");
      await panel.page.getByRole("button", { name: "Send" }).click();
      assert.deepEqual((await panel.waitForSentOfType("prompt/send", 2))[1], {
        type: "prompt/send",
        text: "via the button",
        attachments: [],
      });
      assert.equal(await prompt.inputValue(), "");
      await panel.assertHealthy();
    }));

  it("keeps Send usable while a turn runs (the host steers or queues); Stop and Escape cancel it", () =>
    webview.withPanel(async (panel) => {
      const send = panel.page.getByRole("button", { name: "Send" });
      const stop = panel.page.getByRole("button", { name: "Stop" });
      const prompt = panel.prompt;
      await panel.snapshot(0, readyState());
      await eventually(async () => assert.equal(await send.isDisabled(), false));
      assert.equal(await stop.isDisabled(), true, "nothing to stop while idle");

      await panel.actions(1, [turnStarted("u1", "work")]);
      await eventually(async () =>
        assert.equal(await send.isDisabled(), true, "busy with an empty box: nothing to send"),
      );
      assert.equal(await stop.isDisabled(), false);
      assert.equal(await panel.page.getByRole("status").textContent(), `${AGENT} is working…`);

      await prompt.click();
      await prompt.pressSequentially("typed while running");
      await eventually(async () =>
        assert.equal(await send.isDisabled(), false, "busy with text: Send steers or queues"),
      );
      await prompt.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("prompt/send"), [
        { type: "prompt/send", text: "typed while running", attachments: [] },
      ]);
      assert.equal(await prompt.inputValue(), "", "sent: the box is cleared");
      assert.equal(await stop.isDisabled(), false, "Stop stays available");

      await prompt.fill("by the button");
      await send.click();
      assert.deepEqual((await panel.waitForSentOfType("prompt/send", 2))[1], {
        type: "prompt/send",
        text: "by the button",
        attachments: [],
      });

      await stop.click();
      await panel.waitForSent("turn/cancel");
      await prompt.press("Escape");
      await panel.waitForSent("turn/cancel", 2);

      await panel.actions(2, [{ type: "turn/cancelling" }]);
      await eventually(async () => assert.equal(await stop.isDisabled(), true));
      await prompt.press("Escape");
      await settle(panel.page);
      assert.equal((await panel.sentOfType("turn/cancel")).length, 2, "Escape cancels only a running turn");

      await panel.actions(3, [{ type: "turn/ended", stopReason: "cancelled" }]);
      await eventually(async () => assert.equal(await panel.page.getByRole("status").textContent(), "Turn cancelled"));
      assert.equal(await send.isDisabled(), false);
      await panel.assertHealthy();
    }));

  it("disables Send until the agent connection is ready", () =>
    webview.withPanel(async (panel) => {
      const send = panel.page.getByRole("button", { name: "Send" });
      await panel.snapshot(0, { ...readyState(), connection: { status: "starting", agent: AGENT } });
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("status").textContent(), `Starting ${AGENT}…`),
      );
      assert.equal(await send.isDisabled(), true);
      const prompt = panel.prompt;
      await prompt.fill("too early");
      await prompt.press("Enter");
      await panel.actions(1, [{ type: "connection/ready", agent: AGENT, sessionId: "s2" }]);
      await eventually(async () => assert.equal(await send.isDisabled(), false));
      assert.deepEqual(await panel.sentOfType("prompt/send"), []);
      await send.click();
      assert.deepEqual(await panel.waitForSentOfType("prompt/send"), [
        { type: "prompt/send", text: "too early", attachments: [] },
      ]);
      await panel.assertHealthy();
    }));

  it("recalls sent prompts with Up and Down at the edges of the box", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      for (const text of ["one", "two\nlines"]) {
        await prompt.fill(text);
        await prompt.press("Enter");
      }
      await panel.waitForSent("prompt/send", 2);
      await prompt.pressSequentially("unsent");
      await prompt.press("Home");
      await prompt.press("ArrowUp");
      assert.equal(await prompt.inputValue(), "two\nlines");
      await prompt.press("ArrowUp");
      assert.equal(await prompt.inputValue(), "one");
      await prompt.press("ArrowUp");
      assert.equal(await prompt.inputValue(), "one", "no older prompt");
      await prompt.press("End");
      await prompt.press("ArrowDown");
      assert.equal(await prompt.inputValue(), "two\nlines");
      await prompt.press("ArrowDown");
      assert.equal(await prompt.inputValue(), "unsent", "past the newest prompt the unsent draft returns");
      await panel.assertHealthy();
    }));

  it("inserts host text into the draft and focuses the box on request", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      await prompt.fill("Explain ");
      await panel.page.getByRole("log").click();
      await panel.send({ type: "composer/insert", text: "`const x = 1;`" });
      await eventually(async () => assert.equal(await prompt.inputValue(), "Explain `const x = 1;`"));
      assert.equal(await hasFocus(prompt), true);

      await panel.page.getByRole("log").click();
      assert.equal(await hasFocus(prompt), false);
      await panel.send({ type: "composer/focus" });
      await eventually(async () => assert.equal(await hasFocus(prompt), true));
      await panel.assertHealthy();
    }));

  it("restores the draft and prompt history from the webview state after a reload", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "earlier")]) }, async (panel) => {
      const prompt = panel.prompt;
      await prompt.fill("remembered prompt");
      await prompt.press("Enter");
      await panel.waitForSent("prompt/send");
      await prompt.pressSequentially("half-written thought");

      await panel.reload();
      assert.deepEqual(await panel.sent(), [{ type: "webview/ready" }], "a fresh page: nothing else sent yet");
      await eventually(async () => assert.equal(await prompt.inputValue(), "half-written thought"));
      await prompt.press("Home");
      await prompt.press("ArrowUp");
      assert.equal(await prompt.inputValue(), "remembered prompt");
      await panel.assertHealthy();
    }));
});
