/**
 * The demo (`npm run demo`) in screenshot mode, as a child process: it starts code-server with the
 * packaged extension and the Demo Agent, opens the panel in headless Chromium, says "hello",
 * waits for the reply and saves test-results/demo.png. It prints the URL with the password
 * code-server asks for (the screenshot's browser signs in with it).
 */
import * as assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { repoRoot, resultsDir } from "../harness/paths";

const TIMEOUT_MS = 240_000;

it("the demo starts and screenshots a reply", { timeout: TIMEOUT_MS + 30_000 }, async (t) => {
  const shot = join(resultsDir, "demo.png");
  rmSync(shot, { force: true });
  const started = Date.now();
  // Its own process group (detached), so a timeout can stop the demo and what it started.
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "test/harness/demo.ts"), "--screenshot"], {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const killGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // SIGTERM lets the demo tear down its code-server; the KILL is the fallback.
  const timer = setTimeout(() => {
    killGroup("SIGTERM");
    setTimeout(() => killGroup("SIGKILL"), 10_000).unref();
  }, TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  t.diagnostic(`demo exited ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const urlLine = output.split("\n").find((line) => line.includes("ACP Panel demo: "));
  if (code !== 0) t.diagnostic(output.slice(-3000));
  assert.equal(code, 0, "the demo exits 0");
  assert.match(urlLine ?? "", /http:\/\/127\.0\.0\.1:\d+\/\?folder=/, "the demo prints its URL");
  const passwordLine = output.split("\n").find((line) => /^\s*password:/.test(line));
  assert.match(passwordLine ?? "", /^\s*password:\s+[A-Za-z0-9_-]{32,}$/, "and the random password it asks for");
  assert.ok(existsSync(shot), `${shot} exists`);
  const { size } = statSync(shot);
  t.diagnostic(`demo.png ${(size / 1024).toFixed(1)} KiB`);
  assert.ok(size > 20 * 1024, `demo.png is non-trivial (${size} bytes)`);
});
