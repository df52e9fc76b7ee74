/**
 * The remote-window hint on the first-run view: in a remote window with no agent configured, the
 * panel says agents apply there only from the remote's settings, with a button to open them.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { catalog } from "./featureFixture";
import { eventually } from "./harness";
import { openFirstRun } from "./scenes";
import { webviewSuite } from "./webviewSuite";

describe("webview remote-window hint", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("names the remote and opens Remote Settings when the catalog carries `remote`", () =>
    webview.withPanel(async (panel) => {
      await openFirstRun(panel, { ...catalog(), remote: { remoteName: "ssh-remote" } });
      const note = panel.page.getByRole("note", { name: "Remote window" });
      await eventually(async () => assert.equal(await note.count(), 1));
      assert.match(await note.innerText(), /remote window \(ssh-remote\)[\s\S]*only from the remote's settings/);
      await note.getByRole("button", { name: "Open Remote Settings" }).click();
      await panel.waitForSent("settings/openRemote");
      await panel.assertHealthy();
    }));

  it("shows no hint in a local window", () =>
    webview.withPanel(async (panel) => {
      await openFirstRun(panel);
      await eventually(async () => assert.equal(await panel.page.getByRole("list", { name: "Agents" }).count(), 1));
      assert.equal(await panel.page.getByRole("note", { name: "Remote window" }).count(), 0);
    }));
});
