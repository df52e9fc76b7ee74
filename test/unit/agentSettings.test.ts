import { test } from "node:test";
import assert from "node:assert/strict";
import { parseAgentSettings } from "../../src/acp/agentSettings";

test("valid entries become launches with defaults", () => {
  const { launches, problems } = parseAgentSettings({ Bub: { command: "bub", args: ["acp"] } });
  assert.deepEqual(problems, []);
  assert.deepEqual(launches.get("Bub"), { name: "Bub", command: "bub", args: ["acp"], env: {} });
});

test("an invalid entry is reported with the field at fault and skipped", () => {
  const { launches, problems } = parseAgentSettings({ Good: { command: "x" }, Bad: { command: "", args: "acp" } });
  assert.deepEqual([...launches.keys()], ["Good"]);
  assert.equal(problems.length, 2);
  assert.match(problems[0]!, /^acpPanel\.agents\["Bad"\]\.command: /);
  assert.match(problems[1]!, /^acpPanel\.agents\["Bad"\]\.args: /);
});

test("a non-object setting is reported", () => {
  assert.match(parseAgentSettings(["bub"]).problems[0]!, /must be an object/);
});
