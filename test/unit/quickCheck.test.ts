import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { repoRoot } from "../harness/paths";
import { checkedFiles } from "../harness/quickCheck";
import { SLOW_TESTS } from "../harness/slowTests";

test("every file `check` leaves to npm test exists and says why (a renamed slow file would slip back into check)", () => {
  for (const [file, why] of Object.entries(SLOW_TESTS)) {
    assert.ok(existsSync(join(repoRoot, file)), `${file} is listed as slow but does not exist`);
    assert.ok(why.trim().length > 10, `${file} gives no reason`);
  }
  const { quick, slow } = checkedFiles();
  assert.deepEqual(
    [...slow].sort(),
    Object.keys(SLOW_TESTS).sort(),
    "every slow file is one check would otherwise run",
  );
  assert.ok(quick.includes("test/unit/quickCheck.test.ts"), "this file runs in check");
  assert.ok(
    quick.some((file) => file.endsWith(".node.test.ts")),
    "the browserless webview tests run in check",
  );
});

test("npm test still runs every unit file, each in a process of its own", () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const scripts = manifest.scripts;
  assert.match(scripts["test:unit"] ?? "", /--test .*test\/unit\/\*\.test\.ts test\/unit\/worktrees\/\*\.test\.ts/);
  assert.match(scripts.test ?? "", /npm run test:unit/);
  assert.match(scripts.check ?? "", /test\/harness\/quickCheck\.ts/);
});
