/**
 * Issue 26 item 9: the test suite used to run `<tmp>/acp-panel-fake-agent-<hash>.cjs` whenever that
 * file already existed, so another local user could plant code there for the next test run. The
 * bundle now lives in a folder only this user can write.
 */
import * as assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fakeAgentProcess, repoRoot } from "../support/fakeAgentLaunch";
import { scratchDir } from "../support/scratchDir";

/** The path the old code ran without looking at who wrote it. */
function oldBundlePath(): string {
  const dir = join(repoRoot, "test/fakeAgent");
  const hash = createHash("sha256");
  for (const file of readdirSync(dir).sort()) {
    const { mtimeMs, size } = statSync(join(dir, file));
    hash.update(`${file}:${mtimeMs}:${size};`);
  }
  return join(tmpdir(), `acp-panel-fake-agent-${hash.digest("hex").slice(0, 16)}.cjs`);
}

test("a fake-agent bundle planted at the old temp path is never run", (t) => {
  const planted = oldBundlePath();
  const marker = join(scratchDir("acp-plant-"), "PLANTED-RAN");
  let plantedHere = false;
  try {
    writeFileSync(planted, `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");\n`);
    plantedHere = true;
  } catch (error) {
    // Someone else's file is already there (the very attack): it must not run either.
    t.diagnostic(`could not plant ${planted}: ${String(error)}`);
  }
  t.after(() => {
    if (plantedHere) rmSync(planted, { force: true });
  });
  const { launch } = fakeAgentProcess();
  assert.notEqual(launch.args[0], planted, "the launch does not name the temp path");
  // Run it as the tests do; stdin closes at once, so the real fake agent exits on EOF.
  spawnSync(launch.command, [...launch.args], { env: { ...process.env, ...launch.env }, input: "", timeout: 20_000 });
  assert.equal(existsSync(marker), false, "the planted script did not run");
});

test("the fake-agent bundle lives in a folder only this user can write", () => {
  const { launch } = fakeAgentProcess();
  const bundle = launch.args[0] ?? "";
  assert.ok(bundle.endsWith(".cjs"), `a bundle is run (${bundle})`);
  const folder = dirname(bundle);
  assert.notEqual(folder, tmpdir(), "not the shared temp folder");
  const info = lstatSync(folder);
  assert.ok(info.isDirectory() && !info.isSymbolicLink(), "a real folder");
  if (process.getuid) assert.equal(info.uid, process.getuid(), "owned by this user");
  assert.equal(info.mode & 0o077, 0, `no access for group or others (mode ${(info.mode & 0o777).toString(8)})`);
  const file = lstatSync(bundle);
  assert.ok(file.isFile(), "the bundle is a plain file");
  assert.equal(file.mode & 0o022, 0, "nobody else can change the bundle");
});
