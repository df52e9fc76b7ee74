/**
 * How a checkpoint takes in what changed since the last one: a few changed paths are handed to
 * `git add` by name (literally: names that look like pathspec magic or globs are just names),
 * many (more than the by-name limit) go through the whole-folder `add`; both see additions,
 * changes, deletions, a file turned into a folder, a mode change and files growing over the cap.
 * An unchanged folder gives the last checkpoint's commit again.
 */
import * as assert from "node:assert/strict";
import { chmodSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { scratchCheckpoints } from "../support/scratchCheckpoints";

const setUp = () => scratchCheckpoints("acp-checkpoint-snapshot-");

const changesOf = async (checkpoints: WorkspaceCheckpoints, ...pair: Parameters<WorkspaceCheckpoints["diff"]>) =>
  (await checkpoints.diff(...pair)).map((c) => `${c.status} ${c.path}`).sort();

test("a few changes are added by name, literally: pathspec-like names, a file turned folder, chmod, growth over the cap", async () => {
  const { dir, checkpoints } = setUp();
  for (const name of ["plain.txt", "*.txt", ":(exclude)plain.txt", "sp ace.md", "exec.sh", "grows.log", "was-file"])
    writeFileSync(join(dir, name), `${name}\n`);
  const first = await checkpoints.take("first");

  writeFileSync(join(dir, "*.txt"), "star, edited\n");
  writeFileSync(join(dir, ":(exclude)plain.txt"), "magic, edited\n");
  writeFileSync(join(dir, "new [1].txt"), "new\n");
  unlinkSync(join(dir, "sp ace.md"));
  chmodSync(join(dir, "exec.sh"), 0o755);
  writeFileSync(join(dir, "grows.log"), "x".repeat(4096));
  unlinkSync(join(dir, "was-file"));
  mkdirSync(join(dir, "was-file"));
  writeFileSync(join(dir, "was-file", "inside.txt"), "inside\n");
  const second = await checkpoints.take("second");

  assert.deepEqual(await changesOf(checkpoints, first, second), [
    "added new [1].txt",
    "added was-file/inside.txt",
    "deleted grows.log",
    "deleted sp ace.md",
    "deleted was-file",
    "modified *.txt",
    "modified :(exclude)plain.txt",
    "modified exec.sh",
  ]);
  const star = await checkpoints.fileAt(second, join(dir, "*.txt"));
  assert.ok(typeof star === "object" && "content" in star);
  assert.equal(star.content.toString(), "star, edited\n");
  const exec = await checkpoints.fileAt(second, join(dir, "exec.sh"));
  assert.ok(typeof exec === "object" && "mode" in exec && exec.mode === "100755");
  const grown = await checkpoints.fileAt(second, join(dir, "grows.log"));
  assert.ok(typeof grown === "object" && "unknown" in grown && /larger than/.test(grown.unknown));
  assert.equal(readFileSync(join(dir, "plain.txt"), "utf8"), "plain.txt\n");
});

test("many changes at once (over the by-name limit) are all taken in; an unchanged folder repeats the commit", async () => {
  const { dir, checkpoints } = setUp();
  writeFileSync(join(dir, "keep.txt"), "keep\n");
  writeFileSync(join(dir, "remove.txt"), "remove\n");
  const first = await checkpoints.take("first");
  mkdirSync(join(dir, "many"));
  for (let i = 0; i < 600; i++) writeFileSync(join(dir, "many", `f${i}.txt`), `${i}\n`);
  writeFileSync(join(dir, "many", "huge.bin"), Buffer.alloc(2048, 7));
  rmSync(join(dir, "remove.txt"));
  const second = await checkpoints.take("second");
  const changes = await changesOf(checkpoints, first, second);
  assert.equal(changes.length, 601);
  assert.ok(changes.includes("deleted remove.txt") && changes.includes("added many/f599.txt"));
  assert.ok(!changes.includes("added many/huge.bin"), "over the cap: left out");

  const third = await checkpoints.take("third");
  assert.equal(third.commits[dir], second.commits[dir]);
  assert.deepEqual(await changesOf(checkpoints, second, third), []);
  writeFileSync(join(dir, "keep.txt"), "kept, edited\n");
  const fourth = await checkpoints.take("fourth");
  assert.deepEqual(await changesOf(checkpoints, third, fourth), ["modified keep.txt"]);
});
