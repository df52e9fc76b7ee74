/**
 * Checkpoints in the transcript: "Restore checkpoint" on a user message asks the host what would
 * change, the card under the message shows the answer and confirms (files only, or files and
 * conversation); Cancel and Escape close it; a restore's notice offers Redo, a pruned checkpoint's
 * "Bring back"; "Edit and rerun"
 * edits a past message in place and sends it back with message/editResend.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Locator } from "playwright-core";
import type { WebviewMessage } from "../../src/shared/wire/protocol";
import { checkpointState, previewFor, restoredNotice } from "./checkpointFixture";
import { eventually, settle } from "./harness";
import type { Panel } from "./panel";
import { webviewSuite } from "./webviewSuite";
import { hasFocus } from "./focus";

/**
 * Presses a notice's `button`, which posts `type` and then stays pressed (aria-disabled): a second
 * press posts nothing more. Returns what the webview posted of `type`.
 */
async function pressOnce<T extends WebviewMessage["type"]>(panel: Panel, button: Locator, type: T) {
  await button.click();
  await panel.waitForSent(type);
  await eventually(async () => assert.equal(await button.getAttribute("aria-disabled"), "true"));
  await button.click({ force: true });
  await settle(panel.page);
  return panel.sentOfType(type);
}

describe("webview checkpoints", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  /** The checkpoint fixture's transcript, rendered: its three user messages and the restore card. */
  async function checkpointView(panel: Panel) {
    const log = panel.transcript;
    const you = log.getByRole("article", { name: "You" });
    await eventually(async () => assert.equal(await you.count(), 3));
    const card = panel.page.getByRole("group", { name: "Restore checkpoint" });
    const focusIn = () => card.evaluate((element) => element.contains(document.activeElement));
    const focusedName = () =>
      panel.page.evaluate(
        () =>
          document.activeElement?.getAttribute("aria-label") ??
          document.activeElement?.closest("label, .restore-option")?.textContent,
      );
    return { log, you, card, focusIn, focusedName };
  }

  it("posts checkpoint/preview, shows the host's answer in a card under the message, and Restore posts the chosen mode", () =>
    webview.withPanel({ state: checkpointState() }, async (panel) => {
      const { you, card, focusIn } = await checkpointView(panel);
      assert.equal(
        await you.nth(0).getByRole("button", { name: "Restore checkpoint" }).count(),
        0,
        "no checkpoint, no button",
      );
      const restoreFirst = you.nth(1).getByRole("button", { name: "Restore checkpoint" });
      assert.equal(
        await restoreFirst.getAttribute("title"),
        "Restore the files to what they held just before this message",
      );
      await restoreFirst.click();
      assert.deepEqual(await panel.waitForSentOfType("checkpoint/preview"), [
        { type: "checkpoint/preview", entryId: "u1" },
      ]);
      await eventually(async () =>
        assert.equal(await you.nth(1).getByRole("group", { name: "Restore checkpoint" }).count(), 1),
      );
      assert.equal(await focusIn(), true, "focus moves into the card");
      assert.match((await card.textContent()) ?? "", /Checking which files would change/);
      assert.equal(await card.getByRole("button", { name: "Restore" }).count(), 0, "nothing to confirm yet");

      // An answer for another message is not this card's.
      await panel.send(previewFor("u2", { files: [] }));
      await settle(panel.page);
      assert.match((await card.textContent()) ?? "", /Checking which files would change/);

      await panel.send(previewFor("u1"));
      const rows = card.getByRole("list", { name: "Files that will change" }).getByRole("listitem");
      await eventually(async () => assert.equal(await rows.count(), 4));
      assert.deepEqual(
        (await rows.allTextContents()).map((text) => text.replace(/\s+/g, " ").trim()),
        [
          "src/parser/parse.ts+31 −48",
          "test/parser.test.tsdeleted+0 −120",
          "src/parser/grammar.tsnew+12 −0",
          "assets/logo.pngbinary",
        ],
      );
      assert.match((await card.textContent()) ?? "", /4 files will change/);
      assert.match((await card.getByRole("list", { name: "Warnings" }).textContent()) ?? "", /“Docs” changed/);
      const filesOnly = card.getByRole("radio", { name: "Restore files only" });
      const withConversation = card.getByRole("radio", { name: "Restore files and conversation" });
      assert.equal(await filesOnly.isChecked(), true, "files only is the default");
      await eventually(async () => assert.equal(await hasFocus(filesOnly), true));

      await withConversation.press("Space");
      assert.equal(await withConversation.isChecked(), true);
      await card.getByRole("button", { name: "Restore" }).click();
      assert.deepEqual(await panel.waitForSentOfType("checkpoint/restore"), [
        { type: "checkpoint/restore", entryId: "u1", conversation: true },
      ]);
      await eventually(async () => assert.equal(await card.count(), 0));
      assert.equal(await hasFocus(restoreFirst), true, "focus back on the message's button");

      // The second message, by keyboard, keeping the default.
      const restoreSecond = you.nth(2).getByRole("button", { name: "Restore checkpoint" });
      await restoreSecond.focus();
      await panel.page.keyboard.press("Enter");
      await panel.waitForSent("checkpoint/preview", 2);
      await panel.send(previewFor("u2"));
      await eventually(async () =>
        assert.equal(await hasFocus(card.getByRole("radio", { name: "Restore files only" })), true),
      );
      await card.getByRole("button", { name: "Restore" }).click();
      assert.deepEqual((await panel.waitForSentOfType("checkpoint/restore", 2))[1], {
        type: "checkpoint/restore",
        entryId: "u2",
        conversation: false,
      });
      await panel.assertHealthy();
    }));

  it("Cancel and Escape close the card without restoring; no files says so; an error offers only Cancel", () =>
    webview.withPanel({ state: checkpointState() }, async (panel) => {
      const { you, card } = await checkpointView(panel);
      const restore = you.nth(1).getByRole("button", { name: "Restore checkpoint" });
      await restore.click();
      await panel.send(previewFor("u1", { files: [], warnings: [] }));
      await eventually(async () => assert.match((await card.textContent()) ?? "", /No files would change/));
      assert.equal(await card.getByRole("list").count(), 0);
      assert.equal(
        await card.getByRole("button", { name: "Restore" }).count(),
        1,
        "the conversation can still go back",
      );
      await panel.page.keyboard.press("Escape");
      await eventually(async () => assert.equal(await card.count(), 0));
      assert.equal(await hasFocus(restore), true);

      await restore.click();
      await panel.send(previewFor("u1"));
      await card.getByRole("button", { name: "Cancel" }).click();
      await eventually(async () => assert.equal(await card.count(), 0));

      await restore.click();
      await panel.send(
        previewFor("u1", { files: [], error: "This checkpoint was pruned to keep storage under 2 GB." }),
      );
      await eventually(async () => assert.match((await card.textContent()) ?? "", /was pruned/));
      assert.equal(await card.getByRole("button", { name: "Restore" }).count(), 0);
      assert.equal(await card.getByRole("radio").count(), 0);
      await card.getByRole("button", { name: "Cancel" }).click();
      await eventually(async () => assert.equal(await card.count(), 0));

      assert.equal((await panel.sentOfType("checkpoint/preview")).length, 3);
      assert.equal((await panel.sentOfType("checkpoint/restore")).length, 0, "nothing restored");
      assert.equal((await panel.sentOfType("turn/cancel")).length, 0, "Escape in the card is not Stop");
      await panel.assertHealthy();
    }));

  it("does not restore under a running turn", () =>
    webview.withPanel({ state: checkpointState() }, async (panel) => {
      const { you, card } = await checkpointView(panel);
      await you.nth(1).getByRole("button", { name: "Restore checkpoint" }).click();
      await panel.send(previewFor("u1"));
      await card.getByRole("button", { name: "Restore" }).waitFor();
      await panel.actions(1, [{ type: "turn/started", entryId: "u3", text: "More", at: 4_000 }]);
      await eventually(async () =>
        assert.equal(await card.getByRole("button", { name: "Restore" }).getAttribute("aria-disabled"), "true"),
      );
      await card.getByRole("button", { name: "Restore" }).click({ force: true });
      await settle(panel.page);
      assert.equal((await panel.sentOfType("checkpoint/restore")).length, 0);
      assert.equal(await you.nth(2).getByRole("button", { name: "Restore checkpoint" }).isDisabled(), true);
      await panel.assertHealthy();
    }));

  it("a restore's notice offers Redo, which posts checkpoint/redo; once redone it says so", () =>
    webview.withPanel({ state: checkpointState() }, async (panel) => {
      const { log } = await checkpointView(panel);
      await panel.actions(1, [restoredNotice]);
      const notice = log.getByRole("article", { name: "Restored 4 files to before “Refactor the parser”" });
      const redo = notice.getByRole("button", { name: "Redo" });
      assert.deepEqual(await pressOnce(panel, redo, "checkpoint/redo"), [
        { type: "checkpoint/redo", restoreId: "restore-1" },
      ]);

      await panel.actions(2, [{ type: "checkpoint/redone", restoreId: "restore-1" }]);
      await eventually(async () => assert.equal(await redo.count(), 0));
      assert.match((await notice.textContent()) ?? "", /Redone/);
      await panel.assertHealthy();
    }));

  it("a pruned checkpoint's notice offers Bring back, which posts checkpoint/bringBack; once back, the message can be restored again", () =>
    webview.withPanel({ state: checkpointState() }, async (panel) => {
      const { log, you } = await checkpointView(panel);
      const title = "The checkpoint before an earlier message was removed to stay within the checkpoint storage limit.";
      await panel.actions(1, [{ type: "checkpoint/dropped", checkpointId: "cp-1", entryId: "n-dropped", title }]);
      const restoreFirst = you.nth(1).getByRole("button", { name: "Restore checkpoint" });
      await eventually(async () => assert.equal(await restoreFirst.count(), 0, "the message lost its button"));
      const notice = log.getByRole("article", { name: title });
      const bringBack = notice.getByRole("button", { name: "Bring back" });
      assert.deepEqual(await pressOnce(panel, bringBack, "checkpoint/bringBack"), [
        { type: "checkpoint/bringBack", checkpointId: "cp-1" },
      ]);

      await panel.actions(2, [{ type: "checkpoint/revived", checkpointId: "cp-1", entryId: "u1" }]);
      await eventually(async () => assert.equal(await bringBack.count(), 0));
      assert.match((await notice.textContent()) ?? "", /Brought back/);
      assert.equal(await restoreFirst.count(), 1, "Restore checkpoint is back on the message");
      await panel.assertHealthy();
    }));

  it("Edit and resend edits a past message in place and posts message/editResend; Ctrl+Enter resends, Escape cancels", () =>
    webview.withPanel({ state: checkpointState() }, async (panel) => {
      const { you, focusedName } = await checkpointView(panel);
      assert.equal(await you.nth(0).getByRole("button", { name: "Edit and rerun" }).count(), 0, "no checkpoint");
      const editFirst = you.nth(1).getByRole("button", { name: "Edit and rerun" });
      await editFirst.click();
      const box = you.nth(1).getByRole("textbox", { name: "Edit message" });
      await eventually(async () => assert.equal(await focusedName(), "Edit message"));
      assert.equal(await box.inputValue(), "Refactor the parser");
      assert.equal(await you.nth(1).getByRole("toolbar").count(), 0, "the actions give way to the editor");
      await box.fill("Refactor the parser, keep the old API");
      await you.nth(1).getByRole("button", { name: "Rerun", exact: true }).click();
      assert.deepEqual(await panel.waitForSentOfType("message/editResend"), [
        { type: "message/editResend", entryId: "u1", text: "Refactor the parser, keep the old API" },
      ]);
      await eventually(async () => assert.equal(await box.count(), 0));
      assert.equal(await focusedName(), "Prompt");

      await editFirst.click();
      await box.fill("never sent");
      await panel.page.keyboard.press("Escape");
      await eventually(async () => assert.equal(await box.count(), 0));
      assert.match((await you.nth(1).textContent()) ?? "", /^Refactor the parser/, "the message is as it was");
      await eventually(async () => assert.equal(await focusedName(), "Edit and rerun"));

      await you.nth(2).getByRole("button", { name: "Edit and rerun" }).click();
      const second = you.nth(2).getByRole("textbox", { name: "Edit message" });
      await second.fill("Add property tests");
      await second.press("Control+Enter");
      assert.deepEqual((await panel.waitForSentOfType("message/editResend", 2))[1], {
        type: "message/editResend",
        entryId: "u2",
        text: "Add property tests",
      });
      assert.equal((await panel.sentOfType("turn/cancel")).length, 0);

      await panel.actions(1, [{ type: "turn/started", entryId: "u3", text: "More", at: 4_000 }]);
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("button", { name: "Edit and rerun" }).count(), 0),
      );
      await panel.assertHealthy();
    }));
});
