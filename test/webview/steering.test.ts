/**
 * Steering and the queue: a steer shows as the user's message with its state line (pending,
 * applied, not applied); queued messages are listed above the composer, editable in place, and
 * can be removed or sent now.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { fold } from "./fullFixture";
import { readyActions } from "./featureFixture";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

const running: PanelAction[] = [
  ...readyActions,
  { type: "turn/started", entryId: "u1", text: "Write the release notes", at: 1 },
];
const queueSet = (...texts: string[]): PanelAction => ({
  type: "queue/set",
  items: texts.map((text, i) => ({ id: `q${i + 1}`, text })),
});

/** A running turn with two messages queued behind it. */
const TWO_QUEUED = fold([...running, queueSet("Then bump the version", "And tag the release")]);

describe("webview steering and queue", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows a steer as the user's message with a pending, applied or failed state line", () =>
    webview.withPanel({ state: fold(running) }, async (panel) => {
      await panel.actions(1, [
        { type: "steer/sent", entryId: "s1", steerId: "st-1", text: "Mention the new CLI flag" },
        { type: "steer/sent", entryId: "s2", steerId: "st-2", text: "Keep it short" },
      ]);
      const log = panel.transcript;
      const steer = (text: string) => log.getByRole("article", { name: "You" }).filter({ hasText: text });
      await eventually(async () => assert.equal(await steer("Mention the new CLI flag").count(), 1));
      assert.match((await steer("Mention the new CLI flag").textContent()) ?? "", /Sending to the running turn…$/);
      assert.equal(
        await steer("Mention the new CLI flag").locator(".codicon-loading.codicon-modifier-spin").count(),
        1,
      );

      await panel.actions(3, [{ type: "steer/applied", steerId: "st-1" }]);
      await eventually(async () =>
        assert.match((await steer("Mention the new CLI flag").textContent()) ?? "", /Applied to the running turn$/),
      );
      assert.equal(await steer("Mention the new CLI flag").locator(".codicon-loading").count(), 0);

      await panel.actions(4, [
        {
          type: "steer/failed",
          steerId: "st-2",
          entryId: "e1",
          message: "The agent did not take the message; it is back in the prompt box.",
        },
      ]);
      await eventually(async () => assert.match((await steer("Keep it short").textContent()) ?? "", /Not applied$/));
      assert.equal(await log.getByRole("article", { name: "Error" }).count(), 1);
      assert.equal(
        await log.getByRole("article", { name: "You" }).first().textContent(),
        "Write the release notes",
        "a plain prompt has no state line",
      );
      await panel.assertHealthy();
    }));

  it("lists queued messages above the composer; edits, removals and Send now post queue messages", () =>
    webview.withPanel({ state: TWO_QUEUED }, async (panel) => {
      await panel.expandPanel("Queued");
      const queue = panel.page.getByRole("list", { name: "Queued messages" });
      await eventually(async () => assert.equal(await queue.getByRole("listitem").count(), 2));
      const first = queue.getByRole("textbox", { name: "Queued message 1" });
      const second = queue.getByRole("textbox", { name: "Queued message 2" });
      assert.equal(await first.inputValue(), "Then bump the version");
      assert.equal(await second.inputValue(), "And tag the release");
      const queueBottom = await queue.evaluate((element) => element.getBoundingClientRect().bottom);
      const promptTop = await panel.prompt.evaluate((element) => element.getBoundingClientRect().top);
      assert.ok(queueBottom <= promptTop, "above the composer");

      // Enter saves an edit.
      await first.fill("Then bump the minor version");
      await first.press("Enter");
      await panel.waitForSent("queue/edit");
      // Leaving the box saves too; Escape reverts and does not stop the turn.
      await second.fill("And tag it v2.1.0");
      await panel.prompt.click();
      assert.deepEqual(await panel.waitForSentOfType("queue/edit", 2), [
        { type: "queue/edit", id: "q1", text: "Then bump the minor version" },
        { type: "queue/edit", id: "q2", text: "And tag it v2.1.0" },
      ]);
      await first.fill("scratch that");
      await first.press("Escape");
      assert.equal(await first.inputValue(), "Then bump the version", "reverted to the host's text");
      await first.press("Tab");
      await settle(panel.page);
      assert.equal((await panel.sentOfType("queue/edit")).length, 2, "nothing saved after Escape");
      assert.deepEqual(await panel.sentOfType("turn/cancel"), []);

      // The host echoes the edits as a new queue.
      await panel.actions(1, [queueSet("Then bump the minor version", "And tag it v2.1.0")]);
      await eventually(async () => assert.equal(await first.inputValue(), "Then bump the minor version"));

      await queue.getByRole("listitem").nth(1).getByRole("button", { name: "Remove" }).click();
      await panel.waitForSent("queue/remove");
      await queue.getByRole("listitem").nth(0).getByRole("button", { name: "Send now" }).click();
      await panel.waitForSent("queue/sendNow");
      assert.deepEqual(await panel.sentOfType("queue/remove"), [{ type: "queue/remove", id: "q2" }]);
      assert.deepEqual(await panel.sentOfType("queue/sendNow"), [{ type: "queue/sendNow", id: "q1" }]);

      await panel.actions(2, [{ type: "queue/set", items: [] }]);
      await eventually(async () => assert.equal(await queue.count(), 0, "an empty queue shows nothing"));
      await panel.assertHealthy();
    }));

  it("enables Send during a running turn when the box has text, and keeps Stop available", () =>
    webview.withPanel({ state: fold([...running, queueSet("Then bump the version")]) }, async (panel) => {
      await panel.expandPanel("Queued");
      const send = panel.page.getByRole("button", { name: "Send", exact: true });
      const stop = panel.page.getByRole("button", { name: "Stop" });
      const prompt = panel.prompt;
      await eventually(async () => assert.equal(await stop.isDisabled(), false));
      assert.equal(await send.isDisabled(), true, "empty box");
      await prompt.fill("   ");
      await settle(panel.page);
      assert.equal(await send.isDisabled(), true, "blank box");
      await prompt.fill("Also add a migration note");
      await eventually(async () => assert.equal(await send.isDisabled(), false));
      assert.equal(await stop.isDisabled(), false);
      await send.click();
      assert.deepEqual(await panel.waitForSentOfType("prompt/send"), [
        { type: "prompt/send", text: "Also add a migration note", attachments: [] },
      ]);
      await eventually(async () => assert.equal(await send.isDisabled(), true, "sent: the box is empty again"));

      // Stopped: the host pauses the queue, and the list says so.
      await panel.actions(1, [{ type: "turn/ended", stopReason: "cancelled" }]);
      const heading = panel.page.getByText(/^paused/);
      await eventually(async () => assert.equal(await heading.count(), 1));
      assert.equal(await panel.page.getByRole("list", { name: "Queued messages" }).getByRole("listitem").count(), 1);
      await panel.assertHealthy();
    }));

  it("marks a queued message its agent ended before sending as not sent, with Send again", () =>
    webview.withPanel(async (panel) => {
      const crashed: PanelAction = {
        type: "queue/set",
        items: [{ id: "q1", text: "Then bump the version", notSent: true }],
      };
      await panel.snapshot(0, fold([...readyActions, crashed]));
      await panel.expandPanel("Queued");
      const queue = panel.page.getByRole("list", { name: "Queued messages" });
      const item = queue.getByRole("listitem");
      await eventually(async () => assert.equal(await item.count(), 1));
      assert.match((await item.textContent()) ?? "", /Not sent/);
      const box = queue.getByRole("textbox", { name: "Queued message 1" });
      assert.equal(await box.getAttribute("aria-describedby"), "q1-not-sent", "the mark is the box's description");
      assert.equal(await item.getByRole("button", { name: "Send now" }).count(), 0);
      await item.getByRole("button", { name: "Send again" }).click();
      assert.deepEqual(await panel.waitForSentOfType("queue/sendAgain"), [{ type: "queue/sendAgain", id: "q1" }]);

      // The host takes it back into the queue: the mark goes, and Send now is back.
      await panel.actions(1, [queueSet("Then bump the version")]);
      await eventually(async () => assert.equal(await item.getByRole("button", { name: "Send now" }).count(), 1));
      assert.doesNotMatch((await item.textContent()) ?? "", /Not sent/);
      await panel.assertHealthy();
    }));
});
