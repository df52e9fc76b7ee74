/**
 * claude-code-acp (like claude-agent-acp and codex-acp) does not exit on stdin EOF while a
 * session is live. When the host running it dies without a shutdown (an extension host killed
 * outright), the agent must still go: AgentProcess leaves a watcher that kills its group.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { waitFor } from "../support/waitFor";
import { isRunning } from "./realAgent";

test("claude-code-acp is stopped when the host process is killed outright (no deactivate)", async () => {
  const host = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "orphanHost.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let tree: number[] = [];
  let root: string | undefined;
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: host.stdout }).once("line", resolve);
      host.once("exit", (code) => reject(new Error(`the host exited (${code}) before starting the agent`)));
    });
    ({ tree, root } = JSON.parse(line) as { tree: number[]; root: string });
    assert.ok(tree.length >= 1 && tree.every(isRunning), "the adapter runs");
    host.kill("SIGKILL");
    await waitFor(
      () => tree.filter(isRunning),
      (left) => left.length === 0,
      "the orphaned adapter tree to be killed",
      10_000,
    );
  } finally {
    host.kill("SIGKILL");
    for (const pid of tree) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    if (root) rmSync(root, { recursive: true, force: true });
  }
});
