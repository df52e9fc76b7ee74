/**
 * The first minutes with the panel (issue 15 §5): no welcome flash before the host's first
 * snapshot, the agent picker's "Add agent…", the empty state of a new tab (starter prompts, the
 * agent's slash commands, focus in the composer), and a visible line when the user stopped a turn.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { catalog } from "./featureFixture";
import { readyState, turnStarted, acpUpdate } from "./fixtures";
import { eventually, settle } from "./harness";
import { openFirstRun } from "./scenes";
import { webviewSuite } from "./webviewSuite";
import { focusedLabel } from "./focus";

describe("webview getting started", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows no agent catalog and no 'No agent configured' before the host's first snapshot", () =>
    webview.withPanel(async (panel) => {
      // The catalog can arrive before the tab's snapshot (the ready handshake answers it first).
      await panel.send(catalog());
      await settle(panel.page);
      assert.equal(
        await panel.page.getByRole("heading", { name: "Start a session" }).count(),
        0,
        "no welcome view before the snapshot",
      );
      assert.notEqual(await panel.page.getByRole("status").textContent(), "No agent configured");
      // The tab is already starting its agent in its first snapshot: still no catalog.
      await panel.snapshot(0, { ...readyState(), connection: { status: "starting", agent: "Echo Agent" } });
      await eventually(async () => assert.equal(await panel.transcript.count(), 1));
      assert.equal(await panel.page.getByRole("heading", { name: "Start a session" }).count(), 0);
      await panel.assertHealthy();
    }));

  it("offers 'Add agent…' in the agent picker, which asks the host and keeps the current agent", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const picker = panel.page.getByRole("combobox", { name: "Agent" });
      await eventually(async () => assert.equal((await picker.textContent())?.trim(), "Echo Agent"));
      await picker.click();
      const options = (await panel.page.getByRole("option").allTextContents()).map((t) => t.trim());
      assert.deepEqual(options, ["Echo Agent", "Other Agent", "Add agent…"]);
      await panel.page.getByRole("option", { name: "Add agent…" }).click();
      await panel.waitForSent("agents/add");
      assert.deepEqual(await panel.sentOfType("agent/select"), [], "Add agent… is not an agent");
      await eventually(async () => assert.equal((await picker.textContent())?.trim(), "Echo Agent"));
      await panel.assertHealthy();
    }));

  it("a new tab's empty state offers starter prompts and the agent's slash commands, with the caret in the composer", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const prompt = panel.prompt;
      await eventually(async () => assert.equal(await prompt.count(), 1));
      await eventually(async () => assert.equal(await focusedLabel(panel.page), "Prompt"), 2_000);

      const starters = panel.page.getByRole("list", { name: "Starter prompts" });
      await eventually(async () =>
        assert.ok((await starters.getByRole("button").count()) >= 3, "a few starter prompts"),
      );
      const first = starters.getByRole("button").first();
      const text = (await first.textContent())?.trim() ?? "";
      await first.click();
      await eventually(async () => assert.equal(await prompt.inputValue(), text));
      assert.equal(await focusedLabel(panel.page), "Prompt", "back in the composer to edit or send");
      assert.deepEqual(await panel.sentOfType("prompt/send"), [], "a starter is a suggestion, not sent");

      // The agent's slash commands (available_commands_update) join the empty state.
      await panel.actions(1, [
        acpUpdate("c1", "available_commands_update", {
          availableCommands: [
            { name: "review", description: "Review the changes", input: null },
            { name: "init", description: "Create AGENTS.md" },
          ],
        }),
      ]);
      const commands = panel.page.getByRole("list", { name: "Slash commands" });
      await eventually(async () => assert.equal(await commands.getByRole("button").count(), 2));
      assert.match((await commands.textContent()) ?? "", /\/review.*Review the changes/);
      await commands.getByRole("button", { name: /\/init/ }).click();
      await eventually(async () => assert.equal(await prompt.inputValue(), "/init "));

      // The first message replaces the empty state.
      await panel.actions(2, [turnStarted("u1", "hello")]);
      await eventually(async () => assert.equal(await starters.count(), 0));
      await panel.assertHealthy();
    }));

  it("the first-run view leads to the ACP registry", () =>
    webview.withPanel(async (panel) => {
      await openFirstRun(panel);
      await panel.page.getByRole("button", { name: "Add from the ACP registry…" }).click();
      assert.deepEqual(await panel.waitForSentOfType("agents/add"), [{ type: "agents/add", source: "registry" }]);
      await panel.assertHealthy();
    }));
});
