/**
 * The first minute (issue 29): a preset that is not installed offers Install (the panel installs
 * its pinned npm package) or its command to copy with the vendor's page, never a Start that can
 * only fail; a start whose command was not found offers the same instead of Restart; and the
 * agent picker still names the tab's agent afterwards. Found by role and label, axe-clean.
 */
import * as assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import type { HostMessage } from "../../src/shared/wire/protocol";
import { fold } from "./fullFixture";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-results");
const CLAUDE_PAGE = "https://github.com/zed-industries/claude-agent-acp";
const BUB_PAGE = "https://github.com/bubbuild/bub";

function catalog(): Extract<HostMessage, { type: "agents/catalog" }> {
  return {
    type: "agents/catalog",
    agents: [
      {
        name: "Claude",
        command: "claude-agent-acp",
        preset: true,
        installed: false,
        install: {
          kind: "npm",
          spec: "@zed-industries/claude-agent-acp@0.23.1",
          command: "npm install -g @zed-industries/claude-agent-acp@0.23.1",
          page: CLAUDE_PAGE,
        },
      },
      { name: "Codex", command: "codex-acp", preset: true, installed: true, managed: true },
      {
        name: "Bub",
        command: "bub acp",
        preset: true,
        installed: false,
        install: { kind: "manual", command: "pip install bub-acp-server", page: BUB_PAGE },
      },
    ],
    problems: [],
  };
}

/** The tab tried to start `agent`, whose command was not found (as the host reports it). */
function failedStart(agent: string, command: string, missingCommand = true): PanelAction[] {
  const message = `Could not start "${agent}": the command "${command}" was not found.`;
  return [
    { type: "agents/configured", agents: ["Codex"] },
    { type: "connection/starting", agent },
    {
      type: "connection/failed",
      agent,
      message,
      details: `Ran: ${command}`,
      ...(missingCommand ? { missingCommand } : {}),
    },
    { type: "thread/error", entryId: "e1", message, details: `Ran: ${command}` },
  ];
}

describe("webview: installing an agent", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("the first-run view offers Install, or the command to copy and the vendor's page", () =>
    webview.withPanel({ viewport: { width: 300, height: 800 } }, async (panel) => {
      await panel.send(catalog());
      await panel.snapshot(0, fold([{ type: "agents/configured", agents: ["Codex"] }]));
      const agents = panel.page.getByRole("list", { name: "Agents" });
      await eventually(async () => assert.equal(await agents.getByRole("listitem").count(), 3));
      assert.deepEqual(await agents.locator(".agent-marker").allTextContents(), [
        "Not installed",
        "Installed by ACP Panel",
        "Not installed",
      ]);
      // Claude: Install, not a Start that would fail.
      assert.equal(await panel.page.getByRole("button", { name: "Start Claude" }).count(), 0);
      await panel.page.getByRole("button", { name: "Install Claude" }).click();
      assert.deepEqual(await panel.waitForSentOfType("agent/install"), [{ type: "agent/install", agent: "Claude" }]);
      await panel.page.getByRole("link", { name: "Install instructions for Claude" }).click();
      await panel.waitForSent("link/open");
      // Codex was installed by the panel: Start.
      await panel.page.getByRole("button", { name: "Start Codex" }).waitFor();
      // Bub: the command to copy, the page, and Start for once it is installed by hand.
      const bub = agents.getByRole("listitem").filter({ hasText: "Bub" });
      assert.equal(await bub.getByText("pip install bub-acp-server").count(), 1);
      await bub.getByRole("button", { name: "Copy the install command for Bub" }).click();
      assert.deepEqual(await panel.waitForSentOfType("clipboard/copy"), [
        { type: "clipboard/copy", text: "pip install bub-acp-server" },
      ]);
      await bub.getByRole("link", { name: "Install instructions for Bub" }).click();
      assert.deepEqual(await panel.waitForSentOfType("link/open", 2), [
        { type: "link/open", href: CLAUDE_PAGE },
        { type: "link/open", href: BUB_PAGE },
      ]);
      await bub.getByRole("button", { name: "Start Bub" }).waitFor();
      assert.deepEqual(await panel.axe(), []);
      mkdirSync(outDir, { recursive: true });
      await panel.page.screenshot({ path: join(outDir, "webview-install-300.png") });
      await panel.assertHealthy();
    }));

  it("a start whose command was not found offers Install, not Restart, and the picker still names the agent", () =>
    webview.withPanel({ viewport: { width: 300, height: 800 } }, async (panel) => {
      await panel.send(catalog());
      await panel.snapshot(0, fold(failedStart("Claude", "claude-agent-acp")));
      const error = panel.transcript.getByRole("article", { name: "Error" });
      await error.getByRole("button", { name: "Install Claude" }).waitFor();
      assert.equal(await error.getByRole("button", { name: "Restart" }).count(), 0);
      assert.equal(await error.getByRole("link", { name: "Install instructions for Claude" }).count(), 1);
      await error.getByRole("button", { name: "Show Logs" }).waitFor();
      const picker = panel.page.getByRole("combobox", { name: "Agent" });
      await eventually(async () => assert.equal((await picker.textContent())?.trim(), "Claude"));
      await error.getByRole("button", { name: "Install Claude" }).click();
      assert.deepEqual(await panel.waitForSentOfType("agent/install"), [{ type: "agent/install", agent: "Claude" }]);
      assert.deepEqual(await panel.axe(), []);
      await panel.page.screenshot({ path: join(outDir, "webview-install-failed-start-300.png") });
      await panel.assertHealthy();
    }));

  it("a missing command of a preset the panel does not install offers its command to copy", () =>
    webview.withPanel(async (panel) => {
      await panel.send(catalog());
      await panel.snapshot(0, fold(failedStart("Bub", "bub")));
      const error = panel.page.getByRole("article", { name: "Error" });
      await error.getByRole("button", { name: "Copy the install command for Bub" }).click();
      await panel.waitForSent("clipboard/copy");
      assert.equal(await error.getByRole("button", { name: "Restart" }).count(), 0);
      assert.equal(await error.getByRole("link", { name: "Install instructions for Bub" }).count(), 1);
      assert.deepEqual(await panel.axe(), []);
    }));

  it("any other failed start still offers Restart", () =>
    webview.withPanel(async (panel) => {
      await panel.send(catalog());
      await panel.snapshot(0, fold(failedStart("Claude", "claude-agent-acp", false)));
      const error = panel.page.getByRole("article", { name: "Error" });
      await error.getByRole("button", { name: "Restart" }).waitFor();
      assert.equal(await error.getByRole("button", { name: "Install Claude" }).count(), 0);
    }));
});
