/**
 * Runs inside the real extension host (see ./index.ts): the installed manifest and activation.
 * Named *.suite.ts, not *.test.ts, so node's test runner never picks it up.
 */
import * as assert from "node:assert/strict";
import * as vscode from "vscode";

const EXTENSION_ID = "acp-panel.acp-panel";
const COMMANDS = ["acpPanel.newSession", "acpPanel.cancelTurn", "acpPanel.showLogs"];

suite("activation", () => {
  test("the extension is present", () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    assert.equal(extension.packageJSON.displayName, "ACP Panel");
  });

  test("it activates", async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  test("its commands are registered", async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const command of COMMANDS) assert.ok(registered.has(command), `${command} is not registered`);
  });

  test("the chat view container can be focused", async () => {
    await vscode.commands.executeCommand("workbench.view.extension.acpPanel");
  });
});
