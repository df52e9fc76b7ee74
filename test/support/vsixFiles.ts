/** The files the .vsix would hold: `vsce ls` applies .vscodeignore to the tree as it is (no build needed). */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./fakeAgentLaunch";

export function vsixFiles(): string[] {
  const result = spawnSync(join(repoRoot, "node_modules/.bin/vsce"), ["ls", "--no-dependencies"], {
    cwd: repoRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.split("\n").filter(Boolean);
}
