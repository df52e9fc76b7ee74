/** The manifest and the code agree: every command registered is contributed, and the reverse. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";

const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));

test("contributed commands match the CommandId union, all in category ACP", async () => {
  // commands.ts imports `vscode`, so read the union from its source instead of importing it.
  const source = readFileSync(join(repoRoot, "src/vscode/commands.ts"), "utf8");
  const ids = [...(source.match(/commandIds = \[([^\]]*)\]/)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command);
  assert.ok(ids.length >= 3);
  assert.deepEqual([...ids].sort(), [...contributed].sort());
  for (const command of manifest.contributes.commands) assert.equal(command.category, "ACP");
});

test("agent settings are machine-scoped and the view lives in the acpPanel container", () => {
  const props = manifest.contributes.configuration.properties;
  assert.equal(props["acpPanel.agents"].scope, "machine");
  assert.equal(manifest.contributes.views.acpPanel[0].id, "acpPanel.chat");
  assert.equal(manifest.name, "acp-panel");
  assert.equal(manifest.displayName, "ACP Panel");
  assert.equal(manifest.dependencies["@agentclientprotocol/sdk"], "2.4.0", "the SDK is pinned exactly");
});
