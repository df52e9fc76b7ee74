/**
 * The stdio bridge's socket folders (`acp-panel-mcp-<pid>-…` in the temp folder) of an extension
 * host that was killed are never disposed: the next bridge to start removes those whose process is
 * gone, and nothing else.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sweepStaleBridgeFolders, bridgeFolderPrefix } from "../../src/acp/client/mcpTools/bridgeFolders";
import { scratchDir } from "../support/scratchDir";

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

test("removes the folders of bridges whose process is gone, and keeps everything else", async () => {
  const temp = scratchDir("acp-sweep-");
  const dead = join(temp, `${bridgeFolderPrefix(deadPid())}abc123`);
  const alive = join(temp, `${bridgeFolderPrefix(process.pid)}def456`);
  const unrelated = join(temp, "acp-panel-mcp-notapid");
  const elsewhere = scratchDir("acp-sweep-target-");
  const link = join(temp, `${bridgeFolderPrefix(deadPid())}link`);
  for (const folder of [dead, alive, unrelated]) {
    mkdirSync(folder);
    writeFileSync(join(folder, "s"), "");
  }
  writeFileSync(join(elsewhere, "keep.txt"), "mine");
  symlinkSync(elsewhere, link);

  await sweepStaleBridgeFolders(temp);

  assert.equal(existsSync(dead), false, "a dead process's folder goes");
  assert.equal(existsSync(alive), true, "a running process's folder stays");
  assert.equal(existsSync(unrelated), true, "a name without a pid is not ours to judge");
  assert.equal(existsSync(join(elsewhere, "keep.txt")), true, "a symlink is never followed");
});

test("a temp folder that cannot be read is not an error", async () => {
  await sweepStaleBridgeFolders(join(scratchDir("acp-sweep-"), "missing"));
});
