/**
 * The first minutes with the panel (issue 15 §5): no welcome flash before the host's first
 * snapshot, the agent picker's "Add agent…", the empty state of a new tab (starter prompts, the
 * agent's slash commands, focus in the composer), and a visible line when the user stopped a turn.
 */
import * as assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { catalog } from "./featureFixture";
import { readyState } from "./fixtures";
import { type Harness, Panel, eventually, settle, startHarness } from "./harness";

describe("webview getting started", { timeout: 120_000 }, () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });

  it("shows no agent catalog and no 'No agent configured' before the host's first snapshot", async () => {
    const panel = await Panel.open(harness);
    try {
      // The catalog can arrive before the tab's snapshot (the ready handshake answers it first).
      await panel.send(catalog());
      await settle(panel.page);
      assert.equal(await panel.page.getByRole("heading", { name: "Start a session" }).count(), 0, "no welcome view before the snapshot");
      assert.notEqual(await panel.page.getByRole("status").textContent(), "No agent configured");
      // The tab is already starting its agent in its first snapshot: still no catalog.
      await panel.snapshot(0, { ...readyState(), connection: { status: "starting", agent: "Echo Agent" } });
      await eventually(async () => assert.equal(await panel.page.getByRole("log", { name: "Transcript" }).count(), 1));
      assert.equal(await panel.page.getByRole("heading", { name: "Start a session" }).count(), 0);
      await panel.assertHealthy();
    } finally {
      await panel.close();
    }
  });

  it("offers 'Add agent…' in the agent picker, which asks the host and keeps the current agent", async () => {
    const panel = await Panel.open(harness);
    try {
      await panel.snapshot(0, readyState());
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
    } finally {
      await panel.close();
    }
  });
});
