/**
 * The quicker ways a checkpoint is taken give what the plain ones gave (issue 25, speed): the
 * whole-folder add split over two git processes stores the tree `git add -A` alone would, the
 * split is balanced with every file in one half, and the review's sweep (a checkpoint and the
 * diff from the turn's, in one go) lists what take + diff list. A session's opening checkpoint
 * runs its git processes at a lower priority. (A folder unchanged since the last checkpoint:
 * checkpointIndexReuse.)
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { getPriority } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { halves, packCost } from "../../src/acp/checkpoints/bulkAdd";
import { loggedGit, onLinux } from "../support/loggedGit";
import { scratchCheckpoints } from "../support/scratchCheckpoints";

const setUp = () => scratchCheckpoints("acp-checkpoint-fast-", 64 * 1024);

/** `git add -A` + `write-tree` of `dir` in a repository of its own (no shadow-repository code). */
function plainTree(root: string, dir: string): string {
  const gitDir = join(root, "plain.git");
  const env = { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: "1", GIT_DIR: gitDir, GIT_WORK_TREE: dir };
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "core.autocrlf=false", "-c", "advice.addEmbeddedRepo=false", ...args], {
      env,
      cwd: root,
    })
      .toString()
      .trim();
  git("init", "--quiet", "--template=");
  writeFileSync(join(gitDir, "info-exclude"), "/big.bin\n");
  git("-c", `core.excludesFile=${join(gitDir, "info-exclude")}`, "add", "-A", "--", ".");
  return git("write-tree");
}

test("the first checkpoint, split over two git processes, stores the tree a plain `git add -A` gives", async () => {
  const { root, dir, checkpoints } = setUp();
  for (let i = 0; i < 40; i++) {
    mkdirSync(join(dir, `d${i}`));
    for (let j = 0; j < 20; j++) writeFileSync(join(dir, `d${i}`, `f${j}.txt`), `file ${i}/${j}\n`.repeat(j + 1));
  }
  writeFileSync(join(dir, "large.dat"), Buffer.alloc(40_000, 3)); // the spare half's
  writeFileSync(join(dir, "big.bin"), Buffer.alloc(70_000, 1)); // over the cap: left out
  writeFileSync(join(dir, "empty"), "");
  writeFileSync(join(dir, "run.sh"), "#!/bin/sh\n");
  chmodSync(join(dir, "run.sh"), 0o755);
  symlinkSync("d1/f1.txt", join(dir, "link"));
  mkdirSync(join(dir, "nested"));
  writeFileSync(join(dir, "nested", "inner.txt"), "a nested repository's\n");
  const inNested = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t.invalid", ...args], { cwd: join(dir, "nested") });
  inNested("init", "--quiet");
  inNested("add", "inner.txt");
  inNested("commit", "--quiet", "-m", "inner"); // a gitlink in both trees

  const first = await checkpoints.take("first");
  assert.equal(first.commits[dir], plainTree(root, dir));
  const next = await checkpoints.take("again");
  assert.equal(next.commits[dir], first.commits[dir], "the index holds every file with its stat data");
});

test("the two halves hold every file once, cost about the same to pack, and the spare one the largest files", () => {
  const sizes = new Map<string, number>();
  for (let i = 0; i < 1000; i++) sizes.set(`small/${i}`, 100 + ((i * 37) % 5000));
  for (let i = 0; i < 10; i++) sizes.set(`large/${i}`, 400_000 + i * 1000);
  const { own, spare } = halves(sizes);
  assert.deepEqual([...own, ...spare].sort(), [...sizes.keys()].sort());
  const cost = (paths: string[], stored: boolean) =>
    paths.reduce((sum, path) => sum + packCost(sizes.get(path)!, stored), 0);
  const largest = packCost(Math.max(...[...sizes.values()]), false);
  assert.ok(Math.abs(cost(own, false) - cost(spare, true)) <= largest, `${cost(own, false)} vs ${cost(spare, true)}`);
  assert.ok(
    spare.every((path) => own.every((other) => sizes.get(other)! <= sizes.get(path)!)),
    "spare: the largest",
  );
  assert.deepEqual(halves(new Map()), { own: [], spare: [] });
});

test("the sweep (a checkpoint and the diff from the turn's at once) lists what take + diff list", async () => {
  const { dir, checkpoints } = setUp();
  for (const name of ["edited.txt", "touched.txt", "deleted.txt", "was-file", "same.txt"])
    writeFileSync(join(dir, name), `${name}\n`);
  const turn = await checkpoints.take("turn");
  changeTheBasics(dir);

  const { checkpoint, changes } = await checkpoints.takeSince("after the turn", turn);
  const listed = (list: typeof changes) =>
    list.map((c) => `${c.status} ${c.path} +${c.additions}-${c.deletions}`).sort();
  assert.deepEqual(listed(changes), [
    "added new.txt +1-0",
    "added was-file/inside.txt +1-0",
    "deleted deleted.txt +0-1",
    "deleted was-file +0-1",
    "modified edited.txt +1-1",
  ]);
  assert.deepEqual(listed(changes), listed(await checkpoints.diff(turn, checkpoint)));
  assert.deepEqual(changes.map((c) => c.absolute).sort(), changes.map((c) => join(dir, c.path)).sort());
  const again = await checkpoints.take("again");
  assert.equal(again.commits[dir], checkpoint.commits[dir]);
});

/** An edit, a touch (stat data only), a removal, a file become a folder, a new file. */
function changeTheBasics(dir: string): void {
  writeFileSync(join(dir, "edited.txt"), "edited\n");
  utimesSync(join(dir, "touched.txt"), new Date(), new Date(Date.now() + 5000)); // stat differs, bytes do not
  unlinkSync(join(dir, "deleted.txt"));
  unlinkSync(join(dir, "was-file"));
  mkdirSync(join(dir, "was-file"));
  writeFileSync(join(dir, "was-file", "inside.txt"), "inside\n");
  writeFileSync(join(dir, "new.txt"), "new\n");
}

/** Every kind of change a turn can make, after `turn` was taken in `dir`. */
function changeEverything(dir: string): void {
  changeTheBasics(dir);
  chmodSync(join(dir, "run.sh"), 0o755); // the mode alone
  symlinkSync("edited.txt", join(dir, "new-link"));
  writeFileSync(join(dir, "new-big.bin"), Buffer.alloc(70_000, 1)); // over the cap: never in a checkpoint
  writeFileSync(join(dir, "grown.bin"), Buffer.alloc(70_000, 2)); // was under it
  mkdirSync(join(dir, "nested"));
  writeFileSync(join(dir, "nested", "inner.txt"), "a nested repository's\n");
  execFileSync("git", ["init", "--quiet"], { cwd: join(dir, "nested") });
}

async function turnWithEverything() {
  const scratch = setUp();
  const { dir, checkpoints } = scratch;
  for (const name of ["edited.txt", "touched.txt", "deleted.txt", "was-file", "same.txt", "run.sh", "grown.bin"])
    writeFileSync(join(dir, name), `${name}\n`);
  const turn = await checkpoints.take("turn");
  changeEverything(dir);
  return { ...scratch, turn };
}

test("the sweep while the index still holds the turn's checkpoint lists what take + diff list, and takes no checkpoint", async () => {
  const { checkpoints, turn } = await turnWithEverything();
  const taken = checkpoints.all().length;
  const compared = await checkpoints.changedSince("after the turn", turn);
  assert.equal(checkpoints.all().length, taken, "no checkpoint was taken");
  const { changes } = await checkpoints.takeSince("after the turn", turn);
  assert.deepEqual([...compared].sort(), changes.map((change) => change.absolute).sort());
  assert.deepEqual(changes.map((change) => `${change.status} ${change.path}`).sort(), [
    "added new-link",
    "added new.txt",
    "added was-file/inside.txt",
    "deleted deleted.txt",
    "deleted grown.bin",
    "deleted was-file",
    "modified edited.txt",
    "modified run.sh",
  ]);
});

test("the sweep after another checkpoint of the folder (the index moved on) takes one and lists the same", async () => {
  const { dir, checkpoints, turn } = await turnWithEverything();
  const compared = await checkpoints.changedSince("after the turn", turn);
  await checkpoints.take("another session's turn");
  writeFileSync(join(dir, "later.txt"), "later\n");
  const taken = checkpoints.all().length;
  const listed = await checkpoints.changedSince("after the turn", turn);
  assert.equal(checkpoints.all().length, taken + 1, "a checkpoint was taken to diff against");
  assert.deepEqual([...listed].sort(), [...compared, join(dir, "later.txt")].sort());
});

test(
  "the checkpoint taken when a session opens runs its git processes at a lower CPU priority; a prompt's does not",
  onLinux,
  async () => {
    const { dir, checkpoints, ran } = await loggedGit("acp-checkpoint-fast-");
    writeFileSync(join(dir, "f1.txt"), "changed\n");
    await checkpoints.take("session opened", { background: true });
    const opened = ran();
    assert.ok(opened.length >= 3, opened.join(", "));
    // The test's own priority: what a process started without lowering it gets (0 unless run under `nice`).
    const own = getPriority();
    assert.ok(
      opened.every((line) => Number(line.split(" ")[0]) >= Math.max(10, own)),
      opened.join(", "),
    );
    writeFileSync(join(dir, "f2.txt"), "changed\n");
    await checkpoints.take("before the prompt");
    const prompt = ran();
    assert.ok(prompt.length >= 3 && prompt.every((line) => line.startsWith(`${own} `)), prompt.join(", "));
  },
);

test(
  "a prompt's checkpoint asked for before the session's one lists the folder is that same checkpoint, not a second one after it",
  onLinux,
  async () => {
    const { dir, checkpoints, ran } = await loggedGit("acp-checkpoint-fast-");
    writeFileSync(join(dir, "f1.txt"), "changed\n");
    const opened = checkpoints.take("session opened", { background: true });
    const prompt = await checkpoints.take("before the prompt");
    assert.equal(prompt.commits[dir], (await opened).commits[dir]);
    assert.deepEqual(
      ran().filter((line) => line.endsWith(" write-tree")),
      [`${Math.max(10, getPriority())} write-tree`],
      "one checkpoint was taken",
    );
  },
);
