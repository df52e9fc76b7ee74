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
import type { Checkpoint, WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
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

test("a file grown over the cap and back under it is in the next checkpoint again, by name or with many changes", async () => {
  const { dir, checkpoints } = setUp();
  const log = join(dir, "grows.log");
  writeFileSync(log, "small\n");
  writeFileSync(join(dir, "gone.log"), "small too\n");
  await checkpoints.take("first");
  writeFileSync(log, "x".repeat(4096));
  writeFileSync(join(dir, "gone.log"), "y".repeat(4096));
  const over = await checkpoints.take("over the cap");
  assert.match(JSON.stringify(await checkpoints.fileAt(over, log)), /larger than/);

  writeFileSync(log, "the user's line, under the cap again\n");
  unlinkSync(join(dir, "gone.log"));
  const back = await checkpoints.take("back under it");
  assert.equal(await textAt(checkpoints, back, log), "the user's line, under the cap again\n");
  assert.deepEqual(await changesOf(checkpoints, over, back), ["added grows.log"]);
  assert.equal(await checkpoints.fileAt(back, join(dir, "gone.log")), "absent");
  // Where it was over the cap it stays "not known", never "absent" (an Undo would delete it).
  assert.match(JSON.stringify(await checkpoints.fileAt(over, log)), /larger than/);
  assert.match(JSON.stringify(await checkpoints.fileAt(over, join(dir, "gone.log"))), /larger than/);

  // Over and back again, with more changes than are named one by one (the whole-folder add).
  writeFileSync(log, "x".repeat(4096));
  await checkpoints.take("over again");
  writeFileSync(log, "under again, among many\n");
  mkdirSync(join(dir, "many"));
  for (let i = 0; i < 600; i++) writeFileSync(join(dir, "many", `f${i}.txt`), `${i}\n`);
  const many = await checkpoints.take("many");
  assert.equal(await textAt(checkpoints, many, log), "under again, among many\n");
});

async function textAt(checkpoints: WorkspaceCheckpoints, checkpoint: Checkpoint, path: string) {
  const found = await checkpoints.fileAt(checkpoint, path);
  return typeof found === "object" && "content" in found ? found.content.toString() : JSON.stringify(found);
}

test("a file over the cap that became a folder: the folder's files are in the next checkpoint", async () => {
  const { dir, checkpoints } = setUp();
  const path = join(dir, "out");
  writeFileSync(path, "x".repeat(4096));
  await checkpoints.take("over the cap");
  unlinkSync(path);
  mkdirSync(path);
  writeFileSync(join(path, "part.txt"), "a part\n");
  const after = await checkpoints.take("a folder now");
  assert.equal(await textAt(checkpoints, after, join(path, "part.txt")), "a part\n");
});
