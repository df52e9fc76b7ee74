/**
 * The remote-window hint on the first-run view: in a remote window with no agent configured, the
 * panel says agents apply there only from the remote's settings, with a button to open them.
 */
import * as assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { catalog, noAgentState } from "./featureFixture";
import { type Harness, Panel, eventually, startHarness } from "./harness";

describe("webview remote-window hint", { timeout: 120_000 }, () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });

  it("names the remote and opens Remote Settings when the catalog carries `remote`", async () => {
    const panel = await Panel.open(harness);
    try {
      await panel.send({ ...catalog(), remote: { remoteName: "ssh-remote" } });
      await panel.snapshot(0, noAgentState());
      const note = panel.page.getByRole("note", { name: "Remote window" });
      await eventually(async () => assert.equal(await note.count(), 1));
      assert.match(await note.innerText(), /remote window \(ssh-remote\)[\s\S]*only from the remote's settings/);
      await note.getByRole("button", { name: "Open Remote Settings" }).click();
      await panel.waitForSent("settings/openRemote");
      await panel.assertHealthy();
    } finally {
      await panel.close();
    }
  });

  it("shows no hint in a local window", async () => {
    const panel = await Panel.open(harness);
    try {
      await panel.send(catalog());
      await panel.snapshot(0, noAgentState());
      await eventually(async () => assert.equal(await panel.page.getByRole("list", { name: "Agents" }).count(), 1));
      assert.equal(await panel.page.getByRole("note", { name: "Remote window" }).count(), 0);
    } finally {
      await panel.close();
    }
  });
});
