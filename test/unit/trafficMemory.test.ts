/**
 * The traffic log keeps bounded, flat copies: a short slice of a huge string would otherwise keep
 * the whole string alive (V8 sliced strings). Measured in a child Node with --expose-gc, so the
 * ordinary unit run needs no flags.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const repoRoot = resolve(import.meta.dirname, "../..");
const script = join(repoRoot, "test/support/trafficHeap.ts");
const tsx = pathToFileURL(createRequire(join(repoRoot, "package.json")).resolve("tsx")).href;

function heapGrowthMb(mode: "raw" | "message"): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--expose-gc", "--max-old-space-size=2048", "--import", tsx, script, mode],
      { timeout: 120_000, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        resolve((JSON.parse(stdout) as { grewMb: number }).grewMb);
      },
    );
  });
}

// 300 lines of at most 16 Ki characters: about 5 MB (10 MB if stored as two-byte strings).
test("300 logged lines of 1 MB each grow the heap by a bounded amount, not by 300 MB", async () => {
  const grew = await heapGrowthMb("raw");
  assert.ok(grew < 30, `the heap grew by ${grew.toFixed(1)} MB`);
});

test("300 messages carrying 1 MB texts, rendered for the log, grow the heap by a bounded amount", async () => {
  const grew = await heapGrowthMb("message");
  assert.ok(grew < 30, `the heap grew by ${grew.toFixed(1)} MB`);
});
