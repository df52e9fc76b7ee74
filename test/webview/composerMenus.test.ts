/**
 * The composer's menus and attachments: "/" commands, "@" file mentions that become chips,
 * chips from the host and from pasted images, all sent with prompt/send and kept across reloads.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelState } from "../../src/shared/wire/panelState";
import { PNG_BASE64, fold } from "./fullFixture";
import { readyState, turnStarted, acpUpdate } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

function withCommands(): PanelState {
  return fold(
    [
      acpUpdate("c", "available_commands_update", {
        availableCommands: [
          { name: "review", description: "Review the current changes", input: { hint: "what to focus on" } },
          { name: "test", description: "Run the test suite" },
          { name: "compact", description: "Compact the conversation" },
        ],
      }),
    ],
    readyState(),
  );
}

const MATH = { uri: "file:///w/src/math.ts", name: "math.ts", detail: "src/math.ts" };
const MATH_TEST = { uri: "file:///w/src/math.test.ts", name: "math.test.ts", detail: "src/math.test.ts" };

describe("webview composer menus and attachments", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("lists slash commands as the prompt starts with /, filters them, and completes with Enter or Tab", () =>
    webview.withPanel({ state: withCommands() }, async (panel) => {
      const prompt = panel.prompt;
      const menu = panel.page.getByRole("listbox", { name: "Commands" });
      const options = menu.getByRole("option");
      await prompt.click();
      await prompt.pressSequentially("/");
      await eventually(async () => assert.equal(await options.count(), 3));
      assert.equal(await options.first().getAttribute("aria-selected"), "true");
      assert.equal(await prompt.getAttribute("aria-activedescendant"), await options.first().getAttribute("id"));

      await prompt.pressSequentially("re");
      await eventually(async () => assert.equal(await options.count(), 1));
      assert.match(
        (await options.first().textContent()) ?? "",
        /\/review.*what to focus on.*Review the current changes/,
      );
      await prompt.press("Enter");
      assert.equal(await prompt.inputValue(), "/review ");
      assert.equal(await menu.count(), 0, "closed once completed");
      assert.deepEqual(await panel.sentOfType("prompt/send"), [], "Enter completed instead of sending");

      await prompt.fill("");
      await prompt.pressSequentially("/");
      await prompt.press("ArrowDown");
      await eventually(async () => assert.equal(await options.nth(1).getAttribute("aria-selected"), "true"));
      await prompt.press("Tab");
      assert.equal(await prompt.inputValue(), "/test ");

      await prompt.fill("");
      await prompt.pressSequentially("/c");
      await eventually(async () => assert.equal(await options.count(), 1));
      await prompt.press("Escape");
      await eventually(async () => assert.equal(await menu.count(), 0));
      assert.equal(await prompt.inputValue(), "/c", "Escape only closes the menu");
      await prompt.pressSequentially("o");
      await eventually(async () => assert.equal(await options.count(), 1), 2_000);
      await prompt.fill("/nothing-like-it");
      await eventually(async () => assert.equal(await menu.count(), 0));
      await prompt.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("prompt/send"), [
        { type: "prompt/send", text: "/nothing-like-it", attachments: [] },
      ]);
      await panel.assertHealthy();
    }));

  it("searches files for @mentions; a pick stays inline where it was typed, highlighted, and is sent as a link", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      await prompt.click();
      await prompt.pressSequentially("explain @mat");
      await panel.waitForSent("mention/search");
      await settle(panel.page);
      const searches = await panel.sentOfType("mention/search");
      assert.deepEqual(searches.at(-1), { type: "mention/search", query: "mat" });
      assert.ok(searches.length < 3, `debounced: ${JSON.stringify(searches)}`);

      const files = panel.page.getByRole("listbox", { name: "Mentions" });
      await panel.send({ type: "mention/results", query: "ma", items: [MATH_TEST] });
      await settle(panel.page);
      assert.equal(await files.count(), 0, "results for an older query are ignored");
      await panel.send({ type: "mention/results", query: "mat", items: [MATH, MATH_TEST] });
      await eventually(async () => assert.equal(await files.getByRole("option").count(), 2));
      assert.match((await files.getByRole("option").first().textContent()) ?? "", /math\.ts.*src\/math\.ts/);
      await prompt.press("Enter");

      const chips = panel.page.getByRole("list", { name: "Attachments" });
      await eventually(async () => assert.deepEqual(await chips.getByRole("listitem").allTextContents(), ["math.ts"]));
      assert.equal(await prompt.inputValue(), "explain @math.ts ", "the mention stays in the text where it was typed");
      const marks = panel.page.locator(".composer-highlights mark");
      await eventually(async () => assert.deepEqual(await marks.allTextContents(), ["@math.ts"]), 2_000);
      const [mark, box] = await Promise.all([marks.first().boundingBox(), prompt.boundingBox()]);
      assert.ok(
        mark && box && mark.y >= box.y && mark.y + mark.height <= box.y + box.height,
        "the highlight lies over the text in the box",
      );
      await prompt.pressSequentially("this file");
      await prompt.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("prompt/send"), [
        { type: "prompt/send", text: "explain @math.ts this file", attachments: [{ uri: MATH.uri, name: MATH.name }] },
      ]);
      assert.equal(await chips.count(), 0, "sending clears the chips");
      await panel.assertHealthy();
    }));

  it("adds chips from the host, removes them by name, and keeps text and chips across a reload", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      const chips = panel.page.getByRole("list", { name: "Attachments" });
      await panel.send({
        type: "composer/attach",
        attachment: { uri: "file:///w/a.ts", name: "a.ts", text: "const a = 1;" },
      });
      await panel.send({ type: "composer/attach", attachment: { uri: "file:///w/b.ts", name: "b.ts" } });
      await panel.send({ type: "composer/attach", attachment: { uri: "file:///w/b.ts", name: "b.ts" } });
      await eventually(async () =>
        assert.deepEqual(await chips.getByRole("listitem").allTextContents(), ["a.ts", "b.ts"], "one chip per file"),
      );
      await panel.page.getByRole("button", { name: "Remove a.ts" }).click();
      await eventually(async () => assert.deepEqual(await chips.getByRole("listitem").allTextContents(), ["b.ts"]));
      await prompt.fill("draft with a chip");

      await panel.reload();
      await panel.snapshot(0, readyState());
      await eventually(async () => assert.equal(await prompt.inputValue(), "draft with a chip"));
      assert.deepEqual(await chips.getByRole("listitem").allTextContents(), ["b.ts"]);
      await prompt.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("prompt/send"), [
        { type: "prompt/send", text: "draft with a chip", attachments: [{ uri: "file:///w/b.ts", name: "b.ts" }] },
      ]);
      await panel.assertHealthy();
    }));

  it("turns a pasted image into an image attachment; a prompt of only attachments can be sent", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      await prompt.click();
      await prompt.evaluate((element, base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], "shot.png", { type: "image/png" }));
        element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, PNG_BASE64);
      const chip = panel.page.getByRole("list", { name: "Attachments" }).getByRole("listitem");
      await eventually(async () => assert.deepEqual(await chip.allTextContents(), ["shot.png"]));
      await panel.page.getByRole("button", { name: "Send" }).click();
      const [sent] = await panel.waitForSentOfType("prompt/send");
      assert.equal(sent?.text, "");
      assert.equal(sent?.attachments.length, 1);
      assert.deepEqual(
        { ...sent?.attachments[0], uri: undefined },
        { uri: undefined, name: "shot.png", mimeType: "image/png", imageData: PNG_BASE64 },
      );

      // While a turn runs the box stays typable, and chips can still be added.
      await panel.actions(1, [turnStarted("u1", "")]);
      await prompt.pressSequentially("next @");
      assert.equal(await prompt.inputValue(), "next @");
      await panel.assertHealthy();
    }));

  it("opens the mention menu on a lone @ (selection, open editors, symbols, files); deleting a mention drops its attachment", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      await prompt.click();
      await prompt.pressSequentially("look at @");
      assert.deepEqual((await panel.waitForSentOfType("mention/search")).at(-1), { type: "mention/search", query: "" });
      const selection = {
        uri: "file:///w/src/a.ts#L3-L5",
        name: "src/a.ts:3-5",
        text: "const a = 1;",
        mimeType: "text/plain",
      };
      await panel.send({
        type: "mention/results",
        query: "",
        items: [
          { kind: "selection", uri: selection.uri, name: selection.name, detail: "Selection", attachment: selection },
          { kind: "editor", uri: "file:///w/src/b.ts", name: "b.ts", detail: "src/b.ts" },
          {
            kind: "symbol",
            uri: "file:///w/src/b.ts#L10-L20",
            name: "parse",
            detail: "src/b.ts:10",
            attachment: { uri: "file:///w/src/b.ts#L10-L20", name: "parse" },
          },
          MATH,
        ],
      });
      const menu = panel.page.getByRole("listbox", { name: "Mentions" });
      await eventually(async () => assert.equal(await menu.getByRole("option").count(), 4));
      assert.deepEqual(await menu.locator(".suggestion-hint").allTextContents(), [
        "Selection",
        "Open editor",
        "Symbol",
        "File",
      ]);
      await prompt.press("Enter");
      await eventually(async () => assert.equal(await prompt.inputValue(), "look at @src/a.ts:3-5 "));
      const chips = panel.page.getByRole("list", { name: "Attachments" });
      await eventually(async () =>
        assert.deepEqual(await chips.getByRole("listitem").allTextContents(), ["src/a.ts:3-5"]),
      );

      // Deleting the mention from the text drops what it attached.
      await prompt.fill("look at nothing");
      await eventually(async () => assert.equal(await chips.count(), 0));
      await panel.assertHealthy();
    }));
});
