/**
 * File names the agent chooses reach git only as literal names (security round three review): an
 * oversized file named like a pathspec pattern (`*`) or holding a newline must not drop the
 * user's other files from a checkpoint (restoring that checkpoint would delete them), and a file
 * named like pathspec magic (`:x`) is restored with its own bytes, never another file's.
 */
import * as assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { scratchCheckpoints } from "../support/scratchCheckpoints";

function setUp() {
  const { dir, checkpoints } = scratchCheckpoints("acp-checkpoint-names-");
  writeFileSync(join(dir, "a.txt"), "the user's a\n");
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "b.txt"), "the user's b\n");
  return { dir, checkpoints };
}

for (const name of ["*", "big\nsrc"]) {
  test(`an oversized file named ${JSON.stringify(name)} keeps every other file in the checkpoint, so restoring it deletes none`, async () => {
    const { dir, checkpoints } = setUp();
    const start = await checkpoints.take("turn 1");
    writeFileSync(join(dir, name), "x".repeat(4096)); // the agent's, over the size cap
    writeFileSync(join(dir, "later.txt"), "the user's, made after\n");
    const planted = await checkpoints.take("turn 2");
    assert.deepEqual(
      (await checkpoints.diff(start, planted)).map((change) => `${change.status} ${change.path}`),
      ["added later.txt"],
    );
    await checkpoints.restore(start);
    await checkpoints.restore(planted); // "Restore checkpoint" of turn 2, or a Redo
    assert.equal(readFileSync(join(dir, "a.txt"), "utf8"), "the user's a\n");
    assert.equal(readFileSync(join(dir, "src", "b.txt"), "utf8"), "the user's b\n");
    assert.equal(existsSync(join(dir, "later.txt")), true);
    writeFileSync(join(dir, "src", "notes.txt"), "the user's, made while the big file is there\n");
    const third = await checkpoints.take("turn 3");
    const notes = await checkpoints.fileAt(third, join(dir, "src", "notes.txt"));
    assert.ok(typeof notes === "object" && "content" in notes, "a later file of the user's is in the checkpoint");
  });
}

test("a file named like pathspec magic (`:a.txt`) is read back and restored with its own bytes", async () => {
  const { dir, checkpoints } = setUp();
  writeFileSync(join(dir, ":a.txt"), "colon's own bytes\n");
  const start = await checkpoints.take("turn 1");
  const held = await checkpoints.fileAt(start, join(dir, ":a.txt"));
  assert.ok(typeof held === "object" && "content" in held);
  assert.equal(held.content.toString(), "colon's own bytes\n");
  writeFileSync(join(dir, ":a.txt"), "changed\n");
  await checkpoints.restore(start);
  assert.equal(readFileSync(join(dir, ":a.txt"), "utf8"), "colon's own bytes\n");
});
