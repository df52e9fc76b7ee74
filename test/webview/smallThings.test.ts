/**
 * Small things a new user notices (issue 15, §6): a sent message must not look like a text box
 * the user could edit, and the agent picker keeps a sensible width in a wide panel.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readyState, userEntry } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { hasFocus } from "./focus";

describe("webview small things", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  for (const theme of ["dark", "light"] as const) {
    it(`a sent message does not look like the prompt box (${theme})`, () =>
      webview.withPanel({ theme, state: readyState([userEntry("u1", "what did I send?")]) }, async (panel) => {
        const sent = panel.page.getByRole("article", { name: "You" });
        await eventually(async () => assert.equal(await sent.count(), 1));
        const look = (element: Element) => {
          const style = getComputedStyle(element);
          return {
            background: style.backgroundColor,
            border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
          };
        };
        const message = await sent.evaluate(look);
        const prompt = await panel.prompt.evaluate(look);
        assert.notEqual(message.background, prompt.background, "not the input background");
        assert.notEqual(message.border, prompt.border, "not the input border");
        await panel.assertHealthy();
      }));
  }

  it("keeps the agent picker to a sensible width at 700 px, and inside the panel at 300 px", async () => {
    for (const width of [700, 300]) {
      await webview.withPanel({ viewport: { width, height: 600 }, state: readyState() }, async (panel) => {
        const picker = panel.page.locator(".agent-picker");
        await eventually(async () => assert.equal(await picker.count(), 1));
        const box = await picker.boundingBox();
        assert.ok(box, "the picker is laid out");
        assert.ok(box.width <= 280, `at most 280 px wide at ${width} px (${box.width})`);
        assert.ok(
          box.width >= 100 && box.x + box.width <= width,
          `readable and inside the panel at ${width} px (${box.x}+${box.width})`,
        );
        const follow = await panel.page.locator(".follow-toggle").boundingBox();
        assert.ok(follow && follow.x + follow.width <= width, "Follow agent stays inside the panel");
      });
    }
  });
});

describe("webview focus on entry", { timeout: 60_000 }, () => {
  const webview = webviewSuite();

  it("puts the cursor in the Prompt box when the panel itself gets focus (VS Code's Focus on Chat View), not on a click", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "some text to select")]) }, async (panel) => {
      const prompt = panel.prompt;
      await eventually(async () => assert.equal(await prompt.count(), 1));
      const focused = () => hasFocus(prompt);
      // A click in the transcript is for reading or selecting: the prompt box stays unfocused.
      await panel.page.evaluate(() => {
        window.dispatchEvent(new PointerEvent("pointerdown"));
        window.dispatchEvent(new FocusEvent("focus"));
        window.dispatchEvent(new PointerEvent("pointerup"));
      });
      assert.equal(await focused(), false, "a click does not move the focus");
      // The webview's window gets focus from VS Code (no pointer): the prompt box takes it.
      await panel.page.evaluate(() => window.dispatchEvent(new FocusEvent("focus")));
      await eventually(async () => assert.equal(await focused(), true, "the prompt box has focus"));
      await panel.assertHealthy();
    }));

  it("a focus event handled after the panel lost the focus again (a busy webview, then F1) leaves the focus where it went", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "a long conversation")]) }, async (panel) => {
      const prompt = panel.prompt;
      await eventually(async () => assert.equal(await prompt.count(), 1));
      // By the time the late event runs, VS Code's command palette has the keyboard: this document
      // no longer has the focus, and taking it would close the palette.
      await panel.page.evaluate(() => {
        document.hasFocus = () => false;
        window.dispatchEvent(new FocusEvent("focus"));
      });
      assert.equal(await hasFocus(prompt), false, "the prompt box does not take the focus");
      await panel.assertHealthy();
    }));
});
