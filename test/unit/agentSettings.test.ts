import { test } from "node:test";
import assert from "node:assert/strict";
import { parseAgentSettings } from "../../src/acp/agentSettings";

test("valid entries become launches with defaults", () => {
  const { definitions, problems } = parseAgentSettings({ Mine: { command: "my-agent", args: ["acp"] } }, []);
  assert.deepEqual(problems, []);
  assert.deepEqual(definitions.get("Mine"), { name: "Mine", transport: "stdio", command: "my-agent", args: ["acp"], env: {}, defaultConfig: {}, mcpServers: [] });
});

test("an invalid entry is reported with the field at fault and skipped", () => {
  const { definitions, problems } = parseAgentSettings({ Good: { command: "x" }, Bad: { command: "", args: "acp" } }, []);
  assert.deepEqual([...definitions.keys()], ["Good"]);
  assert.equal(problems.length, 2);
  assert.match(problems[0]!, /^acpPanel\.agents\["Bad"\]\.command: /);
  assert.match(problems[1]!, /^acpPanel\.agents\["Bad"\]\.args: /);
});

test("a non-object setting is reported", () => {
  assert.match(parseAgentSettings(["bub"]).problems[0]!, /must be an object/);
});

test("user entries override presets by name; other presets stay available", () => {
  const { definitions } = parseAgentSettings({ Bub: { command: "/opt/bub", args: ["acp"] } });
  assert.equal(definitions.get("Bub")?.command, "/opt/bub");
  assert.equal(definitions.get("Bub")?.preset, undefined);
  assert.equal(definitions.get("Codex")?.preset, true);
  assert.equal(definitions.get("CodeBuddy")?.command, "codebuddy");
});

test("network transports default to Bub's endpoint and need no command", () => {
  const { definitions, problems } = parseAgentSettings({ Remote: { transport: "websocket" } }, []);
  assert.deepEqual(problems, []);
  assert.equal(definitions.get("Remote")?.url, "http://127.0.0.1:28200/acp");
});

test("bad nested fields are named precisely", () => {
  const { problems } = parseAgentSettings({ X: { command: "x", transport: "pigeon", mcpServers: [{ name: "" , command: "m" }], defaultConfig: { model: 3 } } }, []);
  assert.ok(problems.some((p) => p.startsWith('acpPanel.agents["X"].transport:')), problems.join("\n"));
  assert.ok(problems.some((p) => p.startsWith('acpPanel.agents["X"].mcpServers.0')), problems.join("\n"));
  assert.ok(problems.some((p) => p.startsWith('acpPanel.agents["X"].defaultConfig.model:')), problems.join("\n"));
});
