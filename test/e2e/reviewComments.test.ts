/**
 * A comment sent from the review diff (issue 25, point 5), in real VS Code: the fake agent appends
 * a line to notes.md with its own tool; the diff opened from "Files changed" gets a comment on that
 * line through the Comments UI (the gutter's "+", the reply box, "Add Comment"; a second one is taken
 * back with "Delete Comment"); "Send Comments to
 * Agent" then sends one session/prompt with `notes.md:3`, the quoted line and the comment, and the
 * comment thread goes away.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { runCommand, screenshot } from "../harness/browser";
import { eventually, expandPanel } from "../harness/chat";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { filesChanged, turn } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const COMMENT = "Say why this line is here.";
const DROPPED = "Never mind this one.";

/** The text of every session/prompt the client sent. */
function promptTexts(wireLog: string): string[] {
  return clientMessages(wireLog, "session/prompt").map((line) => {
    const blocks = (line.message?.params?.prompt ?? []) as Array<{ type?: string; text?: string }>;
    return blocks.map((block) => block.text ?? "").join("");
  });
}

describe("comments on the agent's changes", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "review-comments",
    files: { "notes.md": "first line\nsecond line\n" },
    agents: { [DEMO_AGENT]: fakeAgent() },
  });

  e2e.it(
    "a comment on a line of the review diff is sent as one prompt with notes.md:3 and the quoted line",
    "e2e-review-comments",
    async ({ page, view, wireLog }) => {
      await turn(view, "own-append notes.md the agent's line", "Edited notes.md.");
      await expandPanel(view, "Files changed");
      const row = filesChanged(view).row("notes.md");
      await row.getByRole("button", { name: /^Open diff .*notes\.md$/ }).click();

      // The right side of the diff is the real file; its line 3 is the agent's.
      const modified = page.locator(".monaco-diff-editor .editor.modified");
      await modified.locator(".view-line", { hasText: "the agent's line" }).waitFor({ timeout: 30_000 });
      const lineRow = modified
        .locator(".margin-view-overlays > div")
        .filter({ has: page.locator(".line-numbers", { hasText: /^\s*3\s*$/ }) });
      // The "+" shows while the pointer is over the line's gutter; clicking it opens a new thread.
      await lineRow.hover();
      const plus = lineRow.locator(".comment-range-glyph");
      await plus.waitFor({ timeout: 15_000 });
      await plus.click();
      const widget = page.locator(".review-widget");
      // A new thread shows its reply box collapsed to the controller's prompt; a click opens the editor.
      const collapsed = widget.locator(".review-thread-reply-button", { hasText: "Comment on the agent's change" });
      const replyEditor = widget.locator(".comment-form .monaco-editor");
      await collapsed.or(replyEditor).first().waitFor({ timeout: 15_000 });
      if (await collapsed.isVisible()) await collapsed.click();
      await replyEditor.waitFor({ state: "visible", timeout: 15_000 });
      await replyEditor.click();
      await page.keyboard.type(COMMENT);
      await widget.getByRole("button", { name: "Add Comment" }).click();
      await widget.locator(".review-comment", { hasText: COMMENT }).waitFor({ timeout: 15_000 });
      await widget.getByText("For the agent, not sent yet").waitFor({ timeout: 15_000 });
      await screenshot(page, "e2e-review-comment.png");

      // A second comment, taken back with Delete Comment, is not sent.
      await collapsed.click();
      await replyEditor.waitFor({ state: "visible", timeout: 15_000 });
      await replyEditor.click();
      await page.keyboard.type(DROPPED);
      await widget.getByRole("button", { name: "Add Comment" }).click();
      const dropped = widget.locator(".review-comment", { hasText: DROPPED });
      await dropped.hover();
      await dropped.getByRole("button", { name: "Delete Comment" }).click();
      await dropped.waitFor({ state: "detached", timeout: 15_000 });
      await widget.locator(".review-comment", { hasText: COMMENT }).waitFor({ timeout: 15_000 });

      const before = promptTexts(wireLog).length;
      await runCommand(page, "ACP: Send Comments to Agent");
      await eventually(() => promptTexts(wireLog).length > before, "the comments' session/prompt", 30_000);
      const sent = promptTexts(wireLog).slice(before);
      assert.equal(sent.length, 1, "one prompt for all comments");
      assert.match(sent[0]!, /^notes\.md:3$/m);
      assert.match(sent[0]!, /^> the agent's line$/m);
      assert.ok(sent[0]!.includes(COMMENT), sent[0]);
      assert.ok(!sent[0]!.includes(DROPPED), "a deleted comment is not sent");
      // Sent: the thread is gone from the diff.
      await widget.waitFor({ state: "detached", timeout: 15_000 });
      assert.equal(await page.locator(".review-widget").count(), 0);
    },
  );
});
