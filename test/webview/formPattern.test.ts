/**
 * Elicitation `pattern`s in the webview (issue 14, item 8): the form validates as the user types
 * with the shared linear-time matcher, so a catastrophic pattern with a 40-character default
 * cannot freeze the panel, and a pattern it cannot run is left to the agent with a visible note.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fold } from "./fullFixture";
import { readyState } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { askForm } from "./requestFixture";

const bad = `${"a".repeat(40)}!`;
const schema = {
  type: "object",
  properties: {
    code: { type: "string", title: "Code", pattern: "^(a+)+$", default: bad },
    ticket: { type: "string", title: "Ticket", pattern: "^[A-Z]{2,5}-\\d+$" },
    word: { type: "string", title: "Word", pattern: "^(?=x)\\w+$" },
  },
  required: ["code"],
};

describe("webview form patterns", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("`^(a+)+$` with a 40-character default: the form shows at once and refuses it, a matching value is sent, the panel stays responsive", () =>
    webview.withPanel({ state: fold([askForm("form-1", "Which code?", schema)], readyState()) }, async (panel) => {
      const form = panel.page.getByRole("form", { name: "Which code?" });
      // A backtracking check of the default would hold the page's only thread for minutes.
      await form.waitFor({ state: "visible", timeout: 10_000 });
      const code = form.getByRole("textbox", { name: "Code" });
      assert.equal(await code.inputValue(), bad, "the default is shown");

      await form.getByRole("button", { name: "Submit" }).click({ timeout: 5_000 });
      await eventually(async () => assert.equal(await code.getAttribute("aria-invalid"), "true"));
      assert.equal(await form.getByText("Code does not match the expected format.").count(), 1);

      const ticket = form.getByRole("textbox", { name: "Ticket" });
      await ticket.fill("abc-12");
      await eventually(
        async () => assert.equal(await form.getByText("Ticket does not match the expected format.").count(), 1),
        5_000,
      );
      await ticket.fill("ABC-12");
      await eventually(async () =>
        assert.equal(await form.getByText("Ticket does not match the expected format.").count(), 0),
      );
      assert.deepEqual(await panel.sentOfType("form/submit"), [], "nothing is sent while a value is invalid");

      await code.fill("a".repeat(40));
      await eventually(async () => assert.equal(await form.locator("[aria-invalid='true']").count(), 0));
      await form.getByRole("button", { name: "Submit" }).click();
      assert.deepEqual((await panel.waitForSentOfType("form/submit"))[0]?.values, {
        code: "a".repeat(40),
        ticket: "ABC-12",
      });

      const prompt = panel.prompt;
      await prompt.fill("still typing");
      assert.equal(await prompt.inputValue(), "still typing");
      await panel.assertHealthy();
    }));

  it("a pattern the linear matcher cannot run (lookahead) is not enforced, and the field says the agent checks it", () =>
    webview.withPanel({ state: fold([askForm("form-1", "Which word?", schema)], readyState()) }, async (panel) => {
      const form = panel.page.getByRole("form", { name: "Which word?" });
      await form.waitFor({ state: "visible", timeout: 10_000 });
      const word = form.getByRole("textbox", { name: "Word" });
      const note = form.getByRole("note");
      assert.equal(await note.count(), 1, "only the lookahead field has a note");
      assert.match(
        (await note.textContent()) ?? "",
        /not checked here \(the pattern uses lookaround\); the agent checks it/,
      );
      assert.match(
        (await word.getAttribute("aria-describedby")) ?? "",
        new RegExp((await note.getAttribute("id")) ?? "missing"),
      );
      await word.fill("yes");
      await form.getByRole("textbox", { name: "Code" }).fill("aaa");
      await eventually(async () => assert.equal(await form.locator("[aria-invalid='true']").count(), 0));
      await form.getByRole("button", { name: "Submit" }).click();
      assert.deepEqual((await panel.waitForSentOfType("form/submit"))[0]?.values, { code: "aaa", word: "yes" });
      await panel.assertHealthy();
    }));
});
