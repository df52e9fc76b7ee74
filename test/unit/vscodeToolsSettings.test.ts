/**
 * VS Code's intelligence as MCP tools (issue 18 §1), who gets them: the setting, the agent entry's
 * "vscodeTools", and the file access an agent is granted.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { vscodeToolsEnabled } from "../../src/acp/client/mcpTools/vscodeToolServers";
import { agentEntrySchema, toDefinition, type AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { grantedCapabilities } from "../../src/acp/agents/networkPolicy";

test('settings: on by default; acpPanel.vscodeTools off, or "vscodeTools": false on the agent, turns the tools off', () => {
  const on = { enabled: () => true };
  const off = { enabled: () => false };
  const plain = toDefinition("A", agentEntrySchema.parse({ command: "a" }));
  const optedOut = toDefinition("B", agentEntrySchema.parse({ command: "b", vscodeTools: false }));
  const grants = (definition: AgentDefinition) => grantedCapabilities(definition);
  assert.equal(vscodeToolsEnabled(on, plain, grants(plain)), true);
  assert.equal(vscodeToolsEnabled(off, plain, grants(plain)), false);
  assert.equal(vscodeToolsEnabled(on, optedOut, grants(optedOut)), false);
  assert.equal(vscodeToolsEnabled(undefined, plain, grants(plain)), false, "no port (no VS Code): nothing offered");
});

test('settings: no VS Code tools for an agent not granted fs (its entry, or a network agent elsewhere), unless "vscodeTools": true', () => {
  const on = { enabled: () => true };
  const entry = (value: object) => toDefinition("X", agentEntrySchema.parse(value));
  const cases: Array<[object, boolean]> = [
    [{ command: "a", capabilities: { fs: false } }, false],
    [{ command: "a", capabilities: { fs: false }, vscodeTools: true }, true],
    [{ transport: "websocket", url: "wss://agents.example.com/acp" }, false],
    [{ transport: "websocket", url: "wss://agents.example.com/acp", vscodeTools: true }, true],
    [{ transport: "websocket", url: "wss://agents.example.com/acp", capabilities: { fs: true } }, true],
    [{ transport: "http", url: "http://127.0.0.1:8080/acp" }, true],
  ];
  const enabled = (port: { enabled(): boolean }, definition: AgentDefinition) =>
    vscodeToolsEnabled(port, definition, grantedCapabilities(definition));
  for (const [value, expected] of cases) assert.equal(enabled(on, entry(value)), expected, JSON.stringify(value));
  assert.equal(enabled({ enabled: () => false }, entry(cases[1]![0])), false, "the setting still wins");
});
