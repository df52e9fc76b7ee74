/**
 * Following the conversation: what the user sent, and what the agent needs from the user, is
 * brought into view even when the reader has scrolled up; "Jump to latest" (with a count of new
 * entries) whenever the view is not at the bottom; a status line and card that say the agent is
 * waiting for you; and keyboard shortcuts for the pending permission.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RUNNING, longThread, messageChunk, readyState, turnStarted, acpUpdate } from "./fixtures";
import type { Panel } from "./panel";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { hasFocus } from "./focus";
import { askName, askWrite, editToolCall, permissionResolved, permissionAnswer } from "./requestFixture";
import { atBottom, wholeInLog } from "./transcriptView";
import { typeDraft } from "./scenes";

/** 400 entries, answers of 20 to 140 words: far more than the view holds. */
const LONG_THREAD = longThread(400, (i) => 20 + (i % 5) * 30);

async function scrollToTop(panel: Panel): Promise<void> {
  const log = panel.transcript;
  await eventually(async () => assert.ok((await log.getByRole("article").count()) > 0));
  await log.evaluate((element) => element.scrollTo(0, 0));
  await eventually(async () => assert.equal(await log.getByText("question 0", { exact: true }).count(), 1));
  await settle(panel.page);
}

describe("webview following the conversation", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("brings a message the user sends into view, even when they had scrolled up", () =>
    webview.withPanel({ state: readyState(LONG_THREAD) }, async (panel) => {
      await scrollToTop(panel);
      await panel.actions(1, [turnStarted("u-new", "my brand new question")]);
      const sent = panel.page.getByRole("log").getByText("my brand new question", { exact: true });
      await eventually(async () => assert.equal(await sent.count(), 1, "the sent message is rendered"));
      await eventually(async () => assert.equal(await wholeInLog(sent), true, "the sent message is in view"));
      await panel.actions(2, [messageChunk("a-new", `the reply\n\n${"more ".repeat(200)}`)]);
      await eventually(async () => assert.ok(await atBottom(panel.page.getByRole("log")), "keeps following the reply"));
      await panel.assertHealthy();
    }));

  it("does not mistake a reloaded view's first snapshot for a sent message: it opens where the reader was", () =>
    webview.withPanel({ state: readyState(LONG_THREAD) }, async (panel) => {
      await scrollToTop(panel);
      await panel.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await panel.reload();
      await panel.snapshot(0, readyState(LONG_THREAD));
      const first = panel.page.getByRole("log").getByText("question 0", { exact: true });
      await eventually(async () => assert.equal(await first.count(), 1, "the top of the thread is rendered"));
      await settle(panel.page);
      await settle(panel.page);
      assert.equal(await wholeInLog(first), true, "still at the top");
      await panel.assertHealthy();
    }));

  it("brings a permission request into view while scrolled up; the status and card say the agent waits for you", () =>
    webview.withPanel({ state: readyState(LONG_THREAD, RUNNING) }, async (panel) => {
      await scrollToTop(panel);
      await panel.actions(1, [editToolCall("w1", "Write w1.ts"), askWrite("r1", "w1")]);
      const request = panel.page.getByRole("group", { name: "Permission request" });
      await eventually(async () => assert.equal(await request.count(), 1, "the request is rendered"));
      await eventually(async () => assert.equal(await wholeInLog(request), true, "the request is in view"));
      const status = panel.page.getByRole("status");
      await eventually(async () => assert.equal((await status.textContent())?.trim(), "Waiting for your approval"));
      const card = panel.page.getByRole("article", { name: "Tool: Write w1.ts" });
      assert.equal((await card.locator(".tool-status").textContent())?.trim(), "Waiting for you");
      // A later update from the agent does not make the card say "Running" while the request waits.
      await panel.actions(3, [acpUpdate("x", "tool_call_update", { toolCallId: "w1", status: "in_progress" })]);
      await settle(panel.page);
      assert.equal((await card.locator(".tool-status").textContent())?.trim(), "Waiting for you");
      await panel.actions(4, [permissionResolved("r1", { optionId: "yes", kind: "allow_once" })]);
      await eventually(async () => assert.match((await status.textContent()) ?? "", /is working/));
      await panel.assertHealthy();
    }));

  it("brings a form into view while scrolled up, says it waits for your answer, and focuses its first field", () =>
    webview.withPanel({ state: readyState(LONG_THREAD, RUNNING) }, async (panel) => {
      await scrollToTop(panel);
      await panel.page.getByRole("log").getByText("question 0", { exact: true }).click();
      await panel.actions(1, [editToolCall("f1", "Create a test"), askName("form-1", "f1")]);
      const form = panel.page.getByRole("form", { name: "Which name?" });
      await eventually(async () => assert.equal(await form.count(), 1, "the form is rendered"));
      await eventually(async () => assert.equal(await wholeInLog(form), true, "the form is in view"));
      await eventually(async () =>
        assert.equal((await panel.page.getByRole("status").textContent())?.trim(), "Waiting for your answer"),
      );
      const card = panel.page.getByRole("article", { name: "Tool: Create a test" });
      assert.equal((await card.locator(".tool-status").textContent())?.trim(), "Waiting for you", 'not "Running"');
      await eventually(async () =>
        assert.equal(
          await hasFocus(form.getByRole("textbox", { name: "File name" })),
          true,
          "the first field has focus",
        ),
      );
      await panel.assertHealthy();
    }));

  it("offers Jump to latest with a count of new entries whenever the view is not at the bottom", () =>
    webview.withPanel({ state: readyState(LONG_THREAD, RUNNING) }, async (panel) => {
      const jump = panel.page.getByRole("button", { name: /^Jump to latest/ });
      const log = panel.transcript;
      await eventually(async () => assert.ok((await log.getByRole("article").count()) > 0));
      await settle(panel.page);
      assert.equal(await jump.count(), 0, "no button at the bottom");
      await scrollToTop(panel);
      await eventually(async () => assert.equal(await jump.count(), 1, "the button shows once scrolled up"));
      assert.equal(await jump.getAttribute("aria-label"), "Jump to latest", "no count before anything new arrived");
      assert.equal(await jump.locator(".codicon").count(), 1, "a codicon");

      await panel.actions(1, [editToolCall("n1", "Write n1.ts"), messageChunk("n2", "the entry after it")]);
      await eventually(async () =>
        assert.equal(await jump.getAttribute("aria-label"), "Jump to latest, 2 new entries"),
      );
      assert.match((await jump.textContent()) ?? "", /2/, "the count is visible");
      await eventually(async () =>
        assert.ok(await wholeInLog(log.getByText("question 0", { exact: true })), "the reader stays where they were"),
      );

      await jump.focus();
      await panel.page.keyboard.press("Enter");
      await eventually(async () => assert.ok(await atBottom(log), "at the bottom"));
      await eventually(async () => assert.equal(await jump.count(), 0, "gone at the bottom"));
      await panel.assertHealthy();
    }));

  it("answers the pending permission with Alt+A and Alt+D, announced on the buttons and in a visible hint", () =>
    webview.withPanel({ state: readyState([], RUNNING) }, async (panel) => {
      await panel.actions(1, [turnStarted("u1", "write files"), askWrite("r1", "one")]);
      const request = panel.page.getByRole("group", { name: "Permission request" });
      const allow = request.getByRole("button", { name: "Yes, write it", exact: true });
      const deny = request.getByRole("button", { name: "Don't", exact: true });
      await eventually(async () => assert.equal(await allow.count(), 1));
      assert.equal(await allow.getAttribute("aria-keyshortcuts"), "Alt+A");
      assert.equal(await deny.getAttribute("aria-keyshortcuts"), "Alt+D");
      assert.match((await request.textContent()) ?? "", /Alt\+A.*Alt\+D/, "a visible hint");
      await eventually(async () => assert.equal(await hasFocus(allow), true));
      await panel.page.keyboard.press("Alt+D");
      assert.deepEqual((await panel.waitForSentOfType("permission/answer"))[0], permissionAnswer("r1", "no"));
      await panel.actions(3, [permissionResolved("r1", { optionId: "no", kind: "reject_once" })]);

      // While the user types a draft, the keys are theirs: no answer goes out.
      const prompt = await typeDraft(panel, "half a thought");
      await panel.actions(4, [askWrite("r2", "two")]);
      await eventually(async () => assert.equal(await request.count(), 1));
      await panel.page.keyboard.press("Alt+A");
      await settle(panel.page);
      assert.equal((await panel.sentOfType("permission/answer")).length, 1, "typing a draft answers nothing");

      // From the empty composer, the shortcut answers the pending request.
      await prompt.fill("");
      await panel.page.keyboard.press("Alt+A");
      assert.deepEqual((await panel.waitForSentOfType("permission/answer", 2))[1], permissionAnswer("r2", "yes"));
      await panel.assertHealthy();
    }));
});
