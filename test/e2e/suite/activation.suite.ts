/**
 * Runs inside the real extension host (see ./index.ts): activation is lazy and what the manifest
 * promises is what activation registers.
 * Named *.suite.ts, not *.test.ts, so node's test runner never picks it up.
 */
import * as assert from "node:assert/strict";
import * as vscode from "vscode";

const EXTENSION_ID = "acp-panel.acp-panel";

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `${EXTENSION_ID} is not loaded`);
  return found;
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

suite("activation", () => {
  test("nothing activates the extension at startup (activationEvents stay lazy)", () => {
    assert.equal(extension().isActive, false);
  });

  test("opening the ACP Panel view container activates it", async () => {
    await vscode.commands.executeCommand("workbench.view.extension.acpPanel");
    await until(() => extension().isActive, "the extension is active");
  });

  test("every command package.json contributes is registered, and no other acpPanel.* command", async () => {
    const contributed = (extension().packageJSON.contributes.commands as Array<{ command: string }>)
      .map((c) => c.command)
      .sort();
    // VS Code adds the view's own commands (acpPanel.chat.focus, .resetViewLocation…): not ours.
    const registered = (await vscode.commands.getCommands(true))
      .filter((id) => id.startsWith("acpPanel.") && !id.startsWith("acpPanel.chat."))
      .sort();
    assert.ok(contributed.length > 0);
    assert.deepEqual(registered, contributed);
  });
});
