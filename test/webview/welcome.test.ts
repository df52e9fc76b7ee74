/**
 * The first-run view (no agent started in the tab): the agent catalog, Start, the custom agent
 * snippet and settings link, settings problems; and its screenshots in both themes
 * (test-results/webview-welcome-<theme>.png).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { catalog, noAgentState, tabsState } from "./featureFixture";
import { eventually } from "./harness";
import { PICTURE_THEMES, picturePath, settleWithFonts } from "./looks";
import { openFirstRun } from "./scenes";
import { webviewSuite } from "./webviewSuite";

const PROBLEMS = [
  'acpPanel.agents["My Agent"].command: Invalid input: expected string, received number',
  '"acpPanel.agents" must be an object mapping agent names to { "command": … } entries.',
];

describe("webview first-run view", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("lists configured agents first, then presets marked found or not; Start posts agent/select", () =>
    webview.withPanel(async (panel) => {
      const agents = await openFirstRun(panel);
      await eventually(async () => assert.equal(await agents.getByRole("listitem").count(), 4));
      assert.deepEqual(await agents.locator(".agent-name").allTextContents(), [
        "My Bub",
        "Claude",
        "Gemini CLI",
        "Codex",
      ]);
      assert.deepEqual(await agents.locator(".agent-marker").allTextContents(), [
        "Configured",
        "Found on PATH",
        "Not installed",
        "Found on PATH",
      ]);
      assert.deepEqual(await agents.locator(".agent-command").allTextContents(), [
        "bub acp",
        "npx -y @zed-industries/claude-agent-acp",
        "gemini --experimental-acp",
        "codex-acp",
      ]);
      assert.equal(await panel.page.getByRole("heading", { name: "Start a session" }).count(), 1);
      assert.equal(await panel.page.getByRole("log").count(), 0, "no transcript before an agent runs");
      assert.equal(await panel.page.getByRole("status").textContent(), "Not connected");

      await panel.page.getByRole("button", { name: "Start Claude" }).click();
      await panel.waitForSent("agent/select");
      // Keyboard-first: Tab reaches the next Start button, Enter presses it.
      await panel.page.getByRole("button", { name: "Start Gemini CLI" }).focus();
      await panel.page.keyboard.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("agent/select", 2), [
        { type: "agent/select", agent: "Claude" },
        { type: "agent/select", agent: "Gemini CLI" },
      ]);

      await panel.page.getByRole("button", { name: "Add a custom agent in settings" }).click();
      assert.deepEqual(await panel.waitForSentOfType("settings/open"), [{ type: "settings/open" }]);
      assert.match(
        (await panel.page.getByLabel("Settings snippet").textContent()) ?? "",
        /"acpPanel\.agents": \{\n {2}"My Agent": \{\n {4}"command": "my-agent"/,
      );

      // The agent starts: the welcome view gives way to the transcript.
      await panel.actions(1, [{ type: "connection/starting", agent: "Claude" }]);
      await eventually(async () => assert.equal(await panel.transcript.count(), 1));
      assert.equal(await agents.count(), 0);
      await panel.assertHealthy();
    }));

  it("shows settings problems as warnings naming the field", () =>
    webview.withPanel({ state: noAgentState() }, async (panel) => {
      await panel.send(catalog(PROBLEMS));
      const problems = panel.page.getByRole("list", { name: "Settings problems" });
      await eventually(async () => assert.equal(await problems.getByRole("listitem").count(), 2));
      assert.deepEqual(
        await problems.locator("code").allTextContents(),
        ['acpPanel.agents["My Agent"].command'],
        "the field, as code",
      );
      assert.deepEqual(await problems.getByRole("listitem").allTextContents(), PROBLEMS);
      assert.equal(await problems.locator(".codicon-warning").count(), 2);
      await panel.send(catalog());
      await eventually(async () => assert.equal(await problems.count(), 0, "fixed settings: no warnings"));
      await panel.assertHealthy();
    }));

  for (const theme of PICTURE_THEMES) {
    it(`screenshots the first-run view in the ${theme} theme`, () =>
      webview.withPanel({ theme, viewport: { width: 420, height: 820 } }, async (panel) => {
        await openFirstRun(panel, catalog(PROBLEMS.slice(0, 1)));
        await panel.send(tabsState("tab-1", [{ key: "tab-1", title: "New session", status: "none" }]));
        await eventually(async () =>
          assert.equal(await panel.page.getByRole("button", { name: /^Start / }).count(), 4),
        );
        await settleWithFonts(panel);
        await panel.page.screenshot({ path: picturePath(`webview-welcome-${theme}.png`) });
        await panel.assertHealthy();
      }));
  }
});
