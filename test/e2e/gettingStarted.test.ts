/**
 * What a new user meets in real VS Code (code-server): the Get Started walkthrough opened from
 * "Welcome: Open Walkthrough…", and the remote-window hint. code-server is a remote window
 * (`vscode.env.remoteName` is its host:port), so `acpPanel.agents` applies only from the remote's
 * Machine settings: with the agents only in User settings, the welcome view says so and opens
 * Remote Settings; once the remote's settings name an agent, the hint goes and the agent is offered as configured.
 */
import * as assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { runCommand } from "../harness/browser";
import { chat, eventually } from "../harness/chat";
import { BASE_SETTINGS } from "../harness/codeServer";
import { pickQuickItem } from "../harness/panel";
import { agentSettings, fakeAgentEntry } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { useE2e } from "./fixture/useE2e";

const AGENT = "Demo Agent";
const STEPS = [
  "Pick an agent",
  "Sign in to the agent",
  "Send a first prompt",
  "Approve a permission",
  "Review changes",
];

describe("getting started in VS Code: walkthrough and remote-window hint", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "getting-started",
    files: { "README.md": "# getting started e2e\n" },
    // The agents are in User settings only: a remote window ignores them.
    agents: { [AGENT]: fakeAgent({ log: false }) },
    machineSettings: {},
    chat: false,
  });
  /** Writes the remote's Machine settings (the base settings and these agents). */
  const writeMachineAgents = (agents: Record<string, Record<string, unknown>>) =>
    writeFileSync(
      join(e2e.server.userDataDir, "Machine/settings.json"),
      JSON.stringify({ ...BASE_SETTINGS, ...agentSettings(agents) }, null, 2),
    );

  e2e.it(
    "Welcome: Open Walkthrough… lists ACP Panel's walkthrough and opens its five steps",
    "e2e-getting-started-walkthrough",
    async ({ page }) => {
      await runCommand(page, "Welcome: Open Walkthrough...");
      await pickQuickItem(page, "Get Started with ACP Panel");
      const editor = page.locator(".gettingStartedContainer");
      await editor.waitFor({ timeout: 30_000 });
      await editor.getByText("Get Started with ACP Panel").first().waitFor({ timeout: 15_000 });
      for (const step of STEPS)
        await editor.locator(".getting-started-step", { hasText: step }).first().waitFor({ timeout: 15_000 });
      // The first step's Markdown media renders beside the steps.
      await editor.locator("iframe, .getting-started-media").first().waitFor({ timeout: 15_000 });
      await runCommand(page, "View: Close All Editors");
    },
  );

  // code-server can hand the extension host the User value of the machine-scoped agents setting
  // for a moment at start-up (before the setting's scope is registered), so the panel may open a
  // session on it; the value is taken back at once, and the unused session goes with it
  // (ChatSession.refreshAgents). The hint must show either way.
  e2e.it(
    "with agents only in User settings, the welcome view names the remote and opens Remote Settings",
    "e2e-getting-started-remote-hint",
    async ({ server, page }) => {
      const view = await e2e.showChat();
      const hint = view.frame.getByRole("note", { name: "Remote window" });
      await hint.waitFor({ timeout: 60_000 });
      // vscode.env.remoteName in code-server is the server's host:port.
      assert.match(await hint.innerText(), new RegExp(`remote window \\(${server.authority.replace(/\./g, "\\.")}\\)`));
      assert.match(await hint.innerText(), /only from the remote's settings/);
      await hint.getByRole("button", { name: "Open Remote Settings" }).click();
      // The settings editor opens on its Remote tab.
      const remoteTab = page.locator(".settings-editor .settings-tabs-widget .action-item .action-label.checked", {
        hasText: /Remote/,
      });
      await remoteTab.first().waitFor({ timeout: 20_000 });
      assert.match((await remoteTab.first().textContent()) ?? "", new RegExp(server.authority.replace(/\./g, "\\.")));
    },
  );

  e2e.it(
    "re-reading the settings after a change still ignores the User value: the hint stays",
    "e2e-getting-started-remote-reread",
    async ({ page }) => {
      // A change in the remote's settings makes the panel re-read its catalog (a second read, after
      // the one made once the login shell's PATH was known). The broken entry's problem showing
      // proves the re-read reached the view; "Demo Agent" from User settings must still not apply.
      writeMachineAgents({ Broken: { transport: "carrier-pigeon" } });
      const view = chat(page);
      await view.frame
        .getByRole("list", { name: "Settings problems" })
        .getByText(/Broken/)
        .first()
        .waitFor({ timeout: 30_000 });
      await view.frame.getByRole("note", { name: "Remote window" }).waitFor({ timeout: 5_000 });
      const row = view.frame.getByRole("list", { name: "Agents" }).getByRole("listitem").filter({ hasText: AGENT });
      assert.equal(await row.count(), 0, "the User-settings agent is not offered in a remote window");
    },
  );

  e2e.it(
    "once the remote's settings name an agent, the hint goes and the agent is offered as configured",
    "e2e-getting-started-remote-configured",
    async ({ page }) => {
      writeMachineAgents({ [AGENT]: fakeAgentEntry() });
      const view = chat(page);
      await eventually(
        async () => (await view.frame.getByRole("note", { name: "Remote window" }).count()) === 0,
        "the hint to go",
        30_000,
      );
      const row = view.frame.getByRole("list", { name: "Agents" }).getByRole("listitem").filter({ hasText: AGENT });
      await row.getByText("Configured").waitFor({ timeout: 15_000 });
    },
  );
});
