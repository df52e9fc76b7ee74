/**
 * A permission answered with a note (issue 28 item 4), in Chromium: the card has an optional note
 * field beside the agent's own option buttons; the note goes with whichever option is chosen (a
 * click or Alt+D from the note field), trimmed, and an answer without a note carries none. Alt+A
 * from the note field does not allow: there it belongs to the typing.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { readyState, turnStarted } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { permissionResolved, permissionAnswer } from "./requestFixture";

const ask = (requestId: string, toolCallId: string): PanelAction => ({
  type: "permission/requested",
  requestId,
  entryId: `tool-${toolCallId}`,
  toolCall: { toolCallId, title: `Run migration ${toolCallId}`, kind: "execute" },
  options: [
    { optionId: "go", name: "Yes, run it", kind: "allow_once" },
    { optionId: "stop", name: "No, not now", kind: "reject_once" },
  ],
});

const NOTE = "Note for the agent (optional)";

describe("webview permission note", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("sends the note with the chosen option; the options stay buttons named as the agent names them", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.actions(1, [turnStarted("u1", "Migrate"), ask("perm-1", "m1")]);
      const request = panel.page.getByRole("group", { name: "Permission request" });
      await request.waitFor();
      assert.deepEqual(
        (await request.getByRole("button").allTextContents()).map((text) => text.trim()),
        ["Yes, run it", "No, not now"],
      );
      const note = request.getByRole("textbox", { name: NOTE });
      await note.fill("  yes, but use the test database  ");
      await request.getByRole("button", { name: "Yes, run it", exact: true }).click();
      assert.deepEqual(await panel.waitForSentOfType("permission/answer"), [
        { type: "permission/answer", requestId: "perm-1", optionId: "go", note: "yes, but use the test database" },
      ]);
      await eventually(async () => assert.equal(await note.isDisabled(), true, "answered: the note is done too"));

      // Deny from the note field with Alt+D: the reject option, with its note.
      await panel.actions(3, [
        permissionResolved("perm-1", { optionId: "go", kind: "allow_once" }),
        ask("perm-2", "m2"),
      ]);
      const second = panel.page.getByRole("group", { name: "Permission request" });
      await eventually(async () => assert.equal(await second.count(), 1));
      const secondNote = second.getByRole("textbox", { name: NOTE });
      await secondNote.fill("the staging database is frozen today");
      // Alt+A while typing the note does not allow (on macOS Option+A types "å", AltGr layouts "ą"):
      // the note keeps its text, and the Alt+D after it is the answer sent.
      await secondNote.press("Alt+A");
      assert.equal(await secondNote.inputValue(), "the staging database is frozen today");
      await secondNote.press("Alt+D");
      assert.deepEqual((await panel.waitForSentOfType("permission/answer", 2))[1], {
        type: "permission/answer",
        requestId: "perm-2",
        optionId: "stop",
        note: "the staging database is frozen today",
      });

      // No note: the answer carries none.
      await panel.actions(5, [
        permissionResolved("perm-2", { optionId: "stop", kind: "reject_once" }),
        ask("perm-3", "m3"),
      ]);
      const third = panel.page.getByRole("group", { name: "Permission request" });
      await eventually(async () => assert.equal(await third.count(), 1));
      await third.getByRole("button", { name: "No, not now", exact: true }).click();
      assert.deepEqual((await panel.waitForSentOfType("permission/answer", 3))[2], permissionAnswer("perm-3", "stop"));
      await panel.assertHealthy();
    }));
});
