/**
 * ACP's last stable pieces in real VS Code (issue 28 item 5), with the fake agent:
 * - `notice` updates: every one is a row in the panel's timeline; a warning and an error are also
 *   VS Code notifications (seen with the panel hidden), an info notice is not;
 * - *ACP: Sign Out of Agent*: offered in the palette because the agent advertises
 *   `agentCapabilities.auth.logout` (FAKE_AGENT_LOGOUT), it sends `logout` once and says so.
 * The wire log is what the extension sent.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { expectNotification, runCommand } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { useE2e } from "./fixture/useE2e";

const FAKE_AGENT = DEMO_AGENT;

describe("notices and Sign Out in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "signout",
    files: { "README.md": "# Project\n" },
    agents: { [FAKE_AGENT]: fakeAgent({ env: { FAKE_AGENT_LOGOUT: "1" } }) },
  });

  e2e.it(
    "notices are timeline rows; a warning and an error are VS Code notifications too",
    "e2e-notices",
    async ({ page, view }) => {
      await sendPrompt(view, "notices");
      await view.log.getByText("Three notices sent.").waitFor({ timeout: 30_000 });
      for (const title of ["Indexed 120 files", "Approaching the rate limit", "The linter crashed"])
        await view.log.getByRole("article", { name: title }).waitFor({ timeout: 15_000 });
      await expectNotification(page, `${FAKE_AGENT}: Approaching the rate limit (80% of this minute's requests used.)`);
      await expectNotification(page, `${FAKE_AGENT}: The linter crashed`);
      // The error came last: by now an info toast would have been shown too.
      const toastsAndCenter = page.locator(".notification-toast, .notification-list-item");
      assert.equal(await toastsAndCenter.filter({ hasText: "Indexed 120 files" }).count(), 0, "info is no toast");
    },
  );

  e2e.it("Sign Out of Agent sends logout once and says so", "e2e-sign-out", async ({ page, wireLog }) => {
    await page.keyboard.press("Escape"); // the notification center may still be open
    assert.equal(clientMessages(wireLog, "logout").length, 0, "no logout before the command");
    await runCommand(page, "ACP: Sign Out of Agent");
    await eventually(() => clientMessages(wireLog, "logout").length === 1, "one logout on the wire", 15_000);
    await expectNotification(page, `Signed out of ${FAKE_AGENT}.`);
  });
});
