/**
 * What the agent asks of the user: permission requests on their tool call card, and
 * elicitation forms with labelled fields, live validation, host errors, Submit/Decline/Cancel.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { emptyThread } from "../../src/shared/thread/thread";
import { fold, fullFixtureState } from "./fullFixture";
import { readyState, turnStarted, RUNNING } from "./fixtures";
import { eventually, settle } from "./harness";
import { ruledNotice } from "../../src/acp/client/callbacks/permissionBroker";
import { webviewSuite } from "./webviewSuite";
import { hasFocus } from "./focus";
import { askWrite, permissionResolved, permissionAnswer, askForm } from "./requestFixture";

const TALL = { width: 440, height: 3_200 };

describe("webview permissions and forms", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("puts a permission request on its tool call, one button per option named as the agent names it", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      const card = panel.page.getByRole("article", { name: "Tool: Write src/math.ts" });
      const request = card.getByRole("group", { name: "Permission request" });
      await eventually(async () => assert.equal(await request.count(), 1));
      assert.deepEqual(
        (await request.getByRole("button").allTextContents()).map((t) => t.trim()),
        ["Allow once", "Always allow edits", "No, and tell the agent why"],
      );
      for (const name of ["Allow once", "Always allow edits", "No, and tell the agent why"]) {
        assert.equal(
          await request.getByRole("button", { name, exact: true }).count(),
          1,
          `a button named exactly "${name}"`,
        );
      }
      assert.equal(
        await request.getByRole("button", { name: "Allow once" }).getAttribute("secondary"),
        null,
        "allow is primary",
      );
      assert.notEqual(
        await request.getByRole("button", { name: "No, and tell the agent why" }).getAttribute("secondary"),
        null,
        "reject is secondary",
      );

      await request.getByRole("button", { name: "Always allow edits" }).click();
      await panel.waitForSent("permission/answer");
      await request.getByRole("button", { name: "Allow once" }).click({ force: true });
      await settle(panel.page);
      assert.deepEqual(
        await panel.sentOfType("permission/answer"),
        [permissionAnswer("perm-1", "opt-always")],
        "answered once",
      );

      await panel.actions(1, [permissionResolved("perm-1", { optionId: "opt-always", kind: "allow_always" })]);
      await eventually(async () => assert.equal(await request.count(), 0));
      assert.equal((await card.locator(".tool-status").textContent())?.trim(), "Pending");
      await panel.assertHealthy();
    }));

  it("shows an answer given by a saved rule as a line in the transcript, allowed or rejected", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      // The very actions the host's PermissionBroker dispatches when a rule answers.
      await panel.actions(1, [
        turnStarted("u1", "tidy up"),
        ruledNotice(
          "n1",
          { decision: "allow_once", rule: 'Claude: allow "edit" tool calls inside the workspace' },
          { toolCallId: "t1", title: "Edit src/a.ts" },
        ),
        ruledNotice(
          "n2",
          { decision: "reject_once", rule: 'Claude: reject "execute" tool calls' },
          { toolCallId: "t2", title: "rm -rf /" },
        ),
      ]);
      const log = panel.page.getByRole("log");
      const allowed = log.getByRole("article", { name: "Allowed by rule: Edit src/a.ts" });
      await eventually(async () => assert.equal(await allowed.isVisible(), true));
      assert.equal(
        await allowed
          .getByText(
            'Rule: Claude: allow "edit" tool calls inside the workspace. Change it with "ACP: Manage Permission Rules".',
          )
          .isVisible(),
        true,
      );
      const rejected = log.getByRole("article", { name: "Rejected by rule: rm -rf /" });
      assert.equal(await rejected.isVisible(), true);
      assert.equal(await rejected.locator(".codicon-warning").count(), 1);
      await panel.assertHealthy();
    }));

  it("focuses the first allow option when a request appears, unless the user is typing; keyboard answers it", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.actions(1, [turnStarted("u1", "write files"), askWrite("r1", "one")]);
      const first = panel.page
        .getByRole("group", { name: "Permission request" })
        .getByRole("button", { name: "Yes, write it" });
      await eventually(async () => assert.equal(await hasFocus(first), true));
      await panel.page.keyboard.press("Enter");
      assert.deepEqual((await panel.waitForSentOfType("permission/answer"))[0], permissionAnswer("r1", "yes"));
      await panel.actions(3, [permissionResolved("r1", { optionId: "yes", kind: "allow_once" })]);

      const prompt = panel.prompt;
      await prompt.fill("half a thought");
      await panel.page.getByRole("log").click();
      await panel.actions(4, [askWrite("r2", "two")]);
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("group", { name: "Permission request" }).count(), 1),
      );
      await settle(panel.page);
      assert.equal(
        await panel.page.evaluate(() => document.activeElement?.getAttribute("data-option-id") ?? null),
        null,
        "a non-empty draft keeps the focus where it is",
      );

      await prompt.fill("");
      await prompt.focus();
      await panel.actions(5, [askWrite("r3", "three")]);
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("group", { name: "Permission request" }).count(), 2),
      );
      await settle(panel.page);
      assert.equal(await hasFocus(prompt), true, "a focused composer keeps the focus");
      await panel.assertHealthy();
    }));

  it("shows a request whose tool call has no card at the end of the transcript", () =>
    webview.withPanel(async (panel) => {
      const state = readyState();
      await panel.snapshot(0, {
        ...state,
        thread: {
          ...emptyThread,
          turn: RUNNING,
          permissions: [
            {
              requestId: "lost",
              toolCallId: "nowhere",
              options: [{ optionId: "ok", name: "Go ahead", kind: "allow_once" }],
            },
          ],
        },
      });
      const request = panel.page.getByRole("log").getByRole("group", { name: "Permission request" });
      await eventually(async () => assert.equal(await request.count(), 1));
      assert.equal(await panel.page.getByRole("log").getByRole("article").count(), 0, "not inside any card");
      await request.getByRole("button", { name: "Go ahead" }).click();
      assert.deepEqual((await panel.waitForSentOfType("permission/answer"))[0], permissionAnswer("lost", "ok"));
      await panel.assertHealthy();
    }));

  it("labels every form field by its title, with defaults, help text and required marks", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      const form = panel.page.getByRole("form", { name: "How should I set up the new test?" });
      await eventually(async () => assert.equal(await form.count(), 1));
      const fileName = form.getByRole("textbox", { name: "File name", exact: true });
      assert.equal(await fileName.inputValue(), "math.test.ts");
      assert.equal(await fileName.getAttribute("aria-required"), "true");
      const help = await fileName.getAttribute("aria-describedby");
      assert.equal(await form.locator(`[id="${help}"]`).textContent(), "Relative to src/");
      assert.equal(await form.getByRole("textbox", { name: "Notify email" }).getAttribute("type"), "email");
      assert.equal(
        await form.getByRole("radiogroup", { name: "Framework" }).getByRole("radio", { name: "Vitest" }).isChecked(),
        true,
      );
      assert.deepEqual(await form.getByRole("combobox", { name: "Log level" }).locator("option").allTextContents(), [
        "Choose…",
        "TRACE",
        "DEBUG",
        "INFO",
        "WARN",
        "ERROR",
        "SILENT",
      ]);
      assert.equal(await form.getByRole("spinbutton", { name: "Retries" }).inputValue(), "2");
      assert.equal(await form.getByRole("checkbox", { name: "Watch mode" }).isChecked(), false);
      assert.equal(await form.getByRole("group", { name: "Tags" }).getByRole("checkbox").count(), 2);
      assert.equal(await form.getByLabel("Due date").getAttribute("type"), "date");
      await panel.assertHealthy();
    }));

  it("blocks invalid values with messages next to the fields, then submits the typed values", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      const form = panel.page.getByRole("form", { name: "How should I set up the new test?" });
      const fileName = form.getByRole("textbox", { name: "File name", exact: true });
      const email = form.getByRole("textbox", { name: "Notify email" });
      await fileName.fill("ab");
      await email.fill("not-an-email");
      await eventually(async () => assert.equal(await email.getAttribute("aria-invalid"), "true"));
      assert.equal(await fileName.getAttribute("aria-invalid"), "true");
      const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
      assert.equal(await form.locator(`[id="${describedBy}"]`).textContent(), "Notify email must be an email address.");
      assert.equal(await form.getByText("File name needs at least 3 characters.").count(), 1);
      await form.getByRole("button", { name: "Submit" }).click();
      await settle(panel.page);
      assert.deepEqual(await panel.sentOfType("form/submit"), [], "nothing is sent while a value is invalid");

      await fileName.fill("math.spec.ts");
      await email.fill("dev@example.com");
      await form.getByRole("radio", { name: "Jest" }).check();
      await form.getByRole("combobox", { name: "Log level" }).selectOption("warn");
      await form.getByRole("spinbutton", { name: "Retries" }).fill("3");
      await form.getByRole("checkbox", { name: "Watch mode" }).check();
      await form.getByRole("checkbox", { name: "Unit" }).check();
      await eventually(async () => assert.equal(await form.locator("[aria-invalid='true']").count(), 0));
      await form.getByRole("button", { name: "Submit" }).click();
      assert.deepEqual(await panel.waitForSentOfType("form/submit"), [
        {
          type: "form/submit",
          requestId: "form-1",
          values: {
            fileName: "math.spec.ts",
            email: "dev@example.com",
            framework: "jest",
            level: "warn",
            retries: 3,
            watch: true,
            tags: ["unit"],
          },
        },
      ]);

      // The host validates again and may still object; its message shows by the field.
      await panel.send({
        type: "form/errors",
        requestId: "form-1",
        errors: { fileName: "math.spec.ts already exists." },
      });
      await eventually(async () => assert.equal(await form.getByText("math.spec.ts already exists.").count(), 1));
      assert.equal(await fileName.getAttribute("aria-invalid"), "true");
      await fileName.fill("math2.spec.ts");
      await eventually(async () => assert.equal(await form.getByText("math.spec.ts already exists.").count(), 0));
      await fileName.press("Enter");
      assert.equal(
        (await panel.waitForSentOfType("form/submit", 2))[1]?.values.fileName,
        "math2.spec.ts",
        "Enter submits again",
      );
      await panel.assertHealthy();
    }));

  it("declines or cancels; a schema it cannot show offers only Decline and Cancel", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      const form = panel.page.getByRole("form", { name: "How should I set up the new test?" });
      await form.getByRole("button", { name: "Decline" }).click();
      await panel.waitForSent("form/decline");

      const broken = panel.page
        .getByRole("article", { name: "Tool: Run lint" })
        .getByRole("form", { name: "Pick a nested option" });
      assert.match((await broken.getByRole("alert").textContent()) ?? "", /This form cannot be shown: Field "nested"/);
      assert.deepEqual(
        (await broken.getByRole("button").allTextContents()).map((t) => t.trim()),
        ["Decline", "Cancel"],
      );
      await broken.getByRole("button", { name: "Cancel" }).click();
      await panel.waitForSent("form/cancel");
      assert.deepEqual(await panel.sentOfType("form/decline"), [{ type: "form/decline", requestId: "form-1" }]);
      assert.deepEqual(await panel.sentOfType("form/cancel"), [{ type: "form/cancel", requestId: "form-2" }]);

      await panel.actions(1, [{ type: "form/resolved", requestId: "form-1" }]);
      await eventually(async () => assert.equal(await form.count(), 0));
      await panel.assertHealthy();
    }));

  it("folds a form request from actions like the host sends it", async () => {
    const state = fold(
      [askForm("f", "Name?", { type: "object", properties: { n: { type: "string" } } })],
      readyState(),
    );
    await webview.withPanel({ state }, async (panel) => {
      const field = panel.page.getByRole("form", { name: "Name?" }).getByRole("textbox", { name: "n" });
      await eventually(async () => assert.equal(await field.count(), 1, "labelled by its key when it has no title"));
      await field.fill("Ada");
      await field.press("Enter");
      assert.deepEqual((await panel.waitForSentOfType("form/submit"))[0], {
        type: "form/submit",
        requestId: "f",
        values: { n: "Ada" },
      });
      await panel.assertHealthy();
    });
  });

  it("leaves a line saying what was chosen once a permission or a form is answered", () =>
    webview.withPanel({ state: readyState([], RUNNING) }, async (panel) => {
      await panel.actions(1, [
        turnStarted("u1", "write it"),
        askWrite("r1", "one"),
        askForm("f1", "Which name?", { type: "object", properties: {} }),
      ]);
      const log = panel.page.getByRole("log");
      await log.getByRole("group", { name: "Permission request" }).waitFor();
      await panel.actions(4, [
        permissionResolved("r1", { optionId: "yes", kind: "allow_once" }),
        { type: "form/resolved", requestId: "f1", outcome: "decline" },
      ]);
      await eventually(async () =>
        assert.equal(await log.getByRole("article", { name: "You chose: Yes, write it" }).count(), 1),
      );
      assert.equal(await log.getByRole("article", { name: "You declined the form" }).count(), 1);
      assert.equal(await log.getByRole("group", { name: "Permission request" }).count(), 0, "the card is gone");
      await panel.assertHealthy();
    }));
});
