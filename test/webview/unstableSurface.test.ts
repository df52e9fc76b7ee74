/**
 * ACP's unstable surface in the webview, from a fixture: id-addressed plans beside the stable
 * plan, a standard subagent in the nested-run view (with its messages), PromptResponse.usage,
 * and the provider picker next to the model picker.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fold } from "./fullFixture";
import { readyActions } from "./featureFixture";
import { CHILD, providerActions, unstableActions, unstableDone } from "./unstableFixture";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { acpUpdate } from "./fixtures";

describe("webview unstable ACP surface", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows id-addressed plans (items, Markdown, file) beside the stable plan; a removed one is gone", () =>
    webview.withPanel({ state: fold(unstableActions()) }, async (panel) => {
      const page = panel.page;
      await panel.expandPanel("Plan");
      await eventually(async () =>
        assert.equal(await page.getByRole("list", { name: "Plan", exact: true }).count(), 1, "the stable plan stays"),
      );
      const release = page.getByRole("region", { name: "Plan release" });
      assert.match((await release.getByRole("button").first().textContent()) ?? "", /1 of 2 done/);
      assert.deepEqual(await release.getByRole("listitem").allTextContents(), [
        "Bump the version(Done)",
        "Write the notes(In progress)",
      ]);
      const notes = page.getByRole("region", { name: "Plan notes" });
      assert.equal(await notes.locator("strong").textContent(), "Draft", "Markdown is rendered");
      const spec = page.getByRole("region", { name: "Plan spec" });
      await spec.getByRole("button", { name: "Open PLAN.md" }).click();
      assert.deepEqual((await panel.waitForSentOfType("location/open")).at(-1), {
        type: "location/open",
        path: "/ws/PLAN.md",
      });
      assert.equal(await page.getByRole("region", { name: "Plan old" }).count(), 0, "plan_removed");
      await panel.assertHealthy();
    }));

  it("shows a standard subagent in the nested-run view, with its messages and its own output", () =>
    webview.withPanel(async (panel) => {
      const actions = unstableActions();
      await panel.snapshot(0, fold(actions));
      const log = panel.transcript;
      const run = log
        .getByRole("article", { name: "Tool: Delegate the release notes" })
        .getByRole("group", { name: "Subagent: Release notes writer" });
      await eventually(async () => assert.equal(await run.count(), 1, "nested in its task's card"));
      const toggle = run.getByRole("button", { name: /Release notes writer/ });
      assert.equal(await toggle.getAttribute("aria-expanded"), "true", "open while running");
      const sent = run.getByRole("note", { name: "Message to the subagent" });
      assert.equal((await sent.textContent())?.trim(), "Draft the notes for 2.0");
      assert.equal(await sent.locator("strong").textContent(), "2.0");
      assert.equal(
        (await run.getByRole("note", { name: "Message from the subagent" }).textContent())?.trim(),
        "Notes drafted.",
      );
      assert.match((await run.getByRole("article", { name: "Agent" }).textContent()) ?? "", /Drafting the notes\./);
      assert.equal(await run.getByRole("article", { name: "Tool: Read CHANGELOG.md" }).count(), 1);

      await panel.actions(1, [
        acpUpdate("s-wait", "subagent_update", { sessionId: CHILD, state: { state: "requires_action" } }),
      ]);
      await eventually(async () => assert.match((await toggle.textContent()) ?? "", /Needs your action$/));
      assert.equal(await toggle.getAttribute("aria-expanded"), "true", "still open: it waits for the user");
      await panel.actions(2, unstableDone());
      await eventually(async () => assert.match((await toggle.textContent()) ?? "", /Done$/));
      assert.equal(await run.locator(".run-progress").textContent(), "420 tokens");
      // PromptResponse.usage, once the turn is over.
      await eventually(async () =>
        assert.equal(await log.getByText("1.2k in · 300 out · 40 thinking", { exact: true }).count(), 1),
      );
      await panel.assertHealthy();
    }));

  it("offers a provider picker next to the model picker, only when the agent lists providers", () =>
    webview.withPanel({ state: fold(readyActions) }, async (panel) => {
      // The pickers sit in the composer's toolbar (issue 29 moved them out of the header).
      const toolbar = panel.page.locator(".composer-toolbar");
      await eventually(async () => assert.equal(await panel.prompt.count(), 1));
      assert.equal(
        await toolbar.getByRole("group", { name: /^Provider / }).count(),
        0,
        "no providers offered: no picker",
      );

      await panel.actions(1, providerActions());
      const main = toolbar.getByRole("group", { name: "Provider main" });
      const backup = toolbar.getByRole("group", { name: "Provider backup" });
      await eventually(async () => assert.equal(await backup.count(), 1));
      assert.equal(await main.locator("summary").textContent(), "Provider main: anthropic");
      assert.equal(await backup.locator("summary").textContent(), "Provider backup: off");

      await main.locator("summary").click();
      assert.equal(
        await main.getByRole("button", { name: "Disable" }).count(),
        0,
        "a required provider cannot be disabled",
      );
      await backup.locator("summary").click();
      await backup.getByRole("combobox", { name: "API type" }).selectOption("bedrock");
      const apply = backup.getByRole("button", { name: "Apply" });
      assert.equal(await apply.isDisabled(), true, "no base URL yet");
      await backup.getByRole("textbox", { name: "Base URL" }).fill("https://bedrock.test");
      await apply.click();
      assert.deepEqual((await panel.waitForSentOfType("provider/set"))[0], {
        type: "provider/set",
        providerId: "backup",
        apiType: "bedrock",
        baseUrl: "https://bedrock.test",
      });

      await panel.actions(2, providerActions({ apiType: "bedrock", baseUrl: "https://bedrock.test" }));
      await eventually(async () =>
        assert.equal(await backup.locator("summary").textContent(), "Provider backup: bedrock"),
      );
      await backup.getByRole("button", { name: "Disable" }).click();
      assert.deepEqual((await panel.waitForSentOfType("provider/disable"))[0], {
        type: "provider/disable",
        providerId: "backup",
      });
      assert.deepEqual(await panel.axe(), []);
      await panel.assertHealthy();
    }));
});
