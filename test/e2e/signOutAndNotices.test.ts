/**
 * ACP's last stable pieces in real VS Code (issue 28 item 5), with the fake agent:
 * - `notice` updates: every one is a row in the panel's timeline; a warning and an error are also
 *   VS Code notifications (seen with the panel hidden), an info notice is not;
 * - *ACP: Sign Out of Agent*: offered in the palette because the agent advertises
 *   `agentCapabilities.auth.logout` (FAKE_AGENT_LOGOUT), it sends `logout` once and says so.
 * The wire log is what the extension sent.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { expectNotification, runCommand } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { FAKE_AGENT, closeFakeAgentUi, openFakeAgentUi, type FakeAgentUi } from "../harness/fakeAgentUi";
import { clientMessages, withDiagnostics } from "../harness/workbench";

describe("notices and Sign Out in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let ui: FakeAgentUi | undefined;
  const diagnostics = () => ui!.diagnostics();

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-signout-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# Project\n");
    ui = await openFakeAgentUi({ label: "signout", scratch, workspace, agentEnv: { FAKE_AGENT_LOGOUT: "1" } });
  });

  after(async () => {
    await closeFakeAgentUi(ui, scratch);
  });

  it("notices are timeline rows; a warning and an error are VS Code notifications too", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-notices", async () => {
      const { page, view } = ui!;
      await sendPrompt(view, "notices");
      await view.log.getByText("Three notices sent.").waitFor({ timeout: 30_000 });
      for (const title of ["Indexed 120 files", "Approaching the rate limit", "The linter crashed"])
        await view.log.getByRole("article", { name: title }).waitFor({ timeout: 15_000 });
      await expectNotification(page, `${FAKE_AGENT}: Approaching the rate limit (80% of this minute's requests used.)`);
      await expectNotification(page, `${FAKE_AGENT}: The linter crashed`);
      // The error came last: by now an info toast would have been shown too.
      const toastsAndCenter = page.locator(".notification-toast, .notification-list-item");
      assert.equal(await toastsAndCenter.filter({ hasText: "Indexed 120 files" }).count(), 0, "info is no toast");
    });
  });

  it("Sign Out of Agent sends logout once and says so", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-sign-out", async () => {
      const { page, wireLog } = ui!;
      await page.keyboard.press("Escape"); // the notification center may still be open
      assert.equal(clientMessages(wireLog, "logout").length, 0, "no logout before the command");
      await runCommand(page, "ACP: Sign Out of Agent");
      await eventually(() => clientMessages(wireLog, "logout").length === 1, "one logout on the wire", 15_000);
      await expectNotification(page, `Signed out of ${FAKE_AGENT}.`);
    });
  });
});
