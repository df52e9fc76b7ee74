/**
 * Keyboard and focus (issue 29, section 3): *Open Panel* on a permission notification sends
 * `request/focus`, and the keyboard lands on the pending request even when the prompt box held
 * it (with a draft, where Alt+A would otherwise belong to the typing), so Alt+A / Alt+D answer at
 * once; a form's first field takes it the same way.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readyState, turnStarted, RUNNING } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { hasFocus } from "./focus";
import { askName, askWrite, permissionAnswer } from "./requestFixture";
import { typeDraft } from "./scenes";
import type { Panel } from "./panel";

/** With `draft` typed in the focused prompt box, the agent asks for a name: the box, and the form's field rendered. */
async function askNameWhileTyping(panel: Panel, draft: string) {
  const prompt = await typeDraft(panel, draft);
  await panel.actions(1, [turnStarted("u1", "name it"), askName("f1")]);
  const field = panel.page.getByRole("textbox", { name: /File name/ });
  await field.waitFor();
  await settle(panel.page);
  return { prompt, field };
}

describe("webview: request/focus", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("moves the keyboard from a draft in the prompt box to the pending permission; Alt+A then answers it", () =>
    webview.withPanel({ state: readyState([], RUNNING) }, async (panel) => {
      const prompt = await typeDraft(panel, "half a thought");
      await panel.actions(1, [turnStarted("u1", "write files"), askWrite("r1", "one")]);
      const request = panel.page.getByRole("group", { name: "Permission request" });
      const allow = request.getByRole("button", { name: "Yes, write it", exact: true });
      await allow.waitFor();
      await settle(panel.page);
      assert.equal(await hasFocus(prompt), true, "typing keeps focus");

      await panel.send({ type: "request/focus" });
      await eventually(async () => assert.equal(await hasFocus(allow), true));
      await panel.page.keyboard.press("Alt+A");
      assert.deepEqual((await panel.waitForSentOfType("permission/answer"))[0], permissionAnswer("r1", "yes"));
      assert.equal(await prompt.inputValue(), "half a thought", "the draft is kept");
      await panel.assertHealthy();
    }));

  it("puts the keyboard in a pending form's first field", () =>
    webview.withPanel({ state: readyState([], RUNNING) }, async (panel) => {
      const { field } = await askNameWhileTyping(panel, "a draft");
      await panel.send({ type: "request/focus" });
      await eventually(async () => assert.equal(await hasFocus(field), true));
      await panel.assertHealthy();
    }));

  it("announces a form that arrives while the user types, and Tab from the prompt box reaches its first field", () =>
    webview.withPanel({ state: readyState([], RUNNING) }, async (panel) => {
      const { prompt, field } = await askNameWhileTyping(panel, "typing");
      assert.equal(await hasFocus(prompt), true, "typing keeps focus");
      const live = panel.page.locator(".composer [aria-live]");
      await eventually(async () => assert.match((await live.textContent()) ?? "", /Which name\?.*Tab/));
      await panel.page.keyboard.press("Tab");
      await eventually(async () => assert.equal(await hasFocus(field), true));
      // Once answered by Tab, Tab from the prompt box moves on as usual.
      await prompt.focus();
      await panel.page.keyboard.press("Tab");
      assert.equal(await hasFocus(field), false);
      await panel.assertHealthy();
    }));
});
