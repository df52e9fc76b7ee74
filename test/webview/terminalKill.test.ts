/**
 * Kill command on a terminal's card: a command the panel runs (`terminal/create`) can be ended on
 * its own while the turn goes on (the host kills it, the agent sees the exit). The button is there
 * only while it runs, only for the panel's own terminals, by keyboard too, and leaves the turn's
 * Stop and Send alone (tests find those by name).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { RUNNING, acpUpdate, readyState, turnStarted } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";

/** A tool card titled `title` running `command` in the terminal `terminalId`. */
function runningCommand(terminalId: string, title: string, command: string, killable: boolean): PanelAction[] {
  return [
    { type: "terminal/created", terminalId, command, ...(killable ? { killable: true } : {}) },
    acpUpdate(`t-${terminalId}`, "tool_call", {
      toolCallId: `call-${terminalId}`,
      title,
      kind: "execute",
      status: "in_progress",
      content: [{ type: "terminal", terminalId }],
    }),
    { type: "terminal/output", terminalId, chunk: `${command} is up\n` },
  ];
}

describe("webview: Kill command on a terminal's card", { timeout: 60_000 }, () => {
  const webview = webviewSuite();

  it("offers Kill command while the panel's command runs; it posts terminal/kill, and goes once the command ended", () =>
    webview.withPanel({ state: readyState([], RUNNING) }, async (panel) => {
      const started = [
        turnStarted("u1", "start the server"),
        ...runningCommand("term-1", "Serve", "npm run dev", true),
      ];
      await panel.actions(1, started);
      const card = panel.page.getByRole("log").getByRole("article", { name: "Tool: Serve" });
      const kill = card.getByRole("button", { name: "Kill command" });
      await kill.waitFor();
      assert.equal(await kill.getAttribute("title"), "Kill this command (the turn goes on)");
      assert.equal(await card.getByText("Running…").count(), 1);
      assert.equal(await panel.page.getByRole("button", { name: "Stop" }).count(), 1, "only the turn's Stop");
      assert.equal(await panel.page.getByRole("button", { name: "Send" }).count(), 1, "only the composer's Send");
      assert.deepEqual(await panel.axe(), []);

      await kill.focus();
      await panel.page.keyboard.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("terminal/kill"), [
        { type: "terminal/kill", terminalId: "term-1" },
      ]);

      await panel.actions(1 + started.length, [
        { type: "terminal/exited", terminalId: "term-1", exitCode: null, signal: "SIGTERM" },
      ]);
      await card.getByText("Killed by SIGTERM").waitFor();
      assert.equal(await kill.count(), 0, "nothing left to kill");
      assert.equal(await card.getByText("npm run dev is up").count(), 1, "the output stays");
      await panel.assertHealthy();
    }));

  it("shows no Kill command for an agent's own shell, nor for a command that has exited", () =>
    webview.withPanel({ state: readyState([], RUNNING) }, async (panel) => {
      await panel.actions(1, [
        turnStarted("u1", "build"),
        ...runningCommand("agent-shell", "Agent's build", "make", false),
        ...runningCommand("term-2", "Tests", "npm test", true),
        { type: "terminal/exited", terminalId: "term-2", exitCode: 0, signal: null },
      ]);
      const log = panel.page.getByRole("log");
      const own = log.getByRole("article", { name: "Tool: Agent's build" });
      const done = log.getByRole("article", { name: "Tool: Tests" });
      await own.getByText("make is up").waitFor();
      await done.getByText("Exited with code 0").waitFor();
      await eventually(async () => assert.equal(await own.getByText("Running…").count(), 1));
      assert.equal(await log.getByRole("button", { name: "Kill command" }).count(), 0);
      assert.deepEqual(await panel.sentOfType("terminal/kill"), []);
      await panel.assertHealthy();
    }));
});
