/**
 * What a config file names (hovers' outside sources, issue 26): the scans run on the extension host
 * over workspace files of up to 10 MB, so they stay linear on hostile text.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { configReferences } from "../../src/acp/client/mcpTools/sourceReferences";
import { cpuMillis } from "../support/cpuMillis";

test('extends and types arrays name packages; a file of unclosed `"types":[` is scanned in linear time', () => {
  assert.deepEqual(configReferences('{"extends": ["@tsconfig/node20", "./base.json"], "types": ["node"]}'), [
    { specifier: "./base.json", as: "path" },
    { specifier: "@tsconfig/node20", as: "package" },
    { specifier: "node", as: "package" },
  ]);
  const hostile = '"types":['.repeat(10_000); // 90 KB took 4 s (each `[` scanned to the end)
  const elapsed = cpuMillis(() => assert.deepEqual(configReferences(hostile), []));
  assert.ok(elapsed < 1000, `scanning took ${Math.round(elapsed)} ms`);
});
