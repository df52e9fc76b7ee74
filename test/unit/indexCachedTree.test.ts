/**
 * The tree a checkpoint reads from the shadow index's cache-tree instead of running `write-tree`
 * (indexCachedTree.ts) is the one `write-tree` prints, for every index layout git writes, and is
 * never given for an index whose cache-tree does not cover every entry.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { cachedRootTree } from "../../src/acp/checkpoints/indexCachedTree";
import { scratchDir } from "../support/scratchDir";

/** A repository of its own in a scratch folder, with no user or system config read. */
function repository(...init: string[]) {
  const root = scratchDir("acp-index-tree-");
  const work = join(root, "work");
  mkdirSync(work);
  const env = { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: "1", GIT_DIR: join(root, "git") };
  const git = (...args: string[]) =>
    execFileSync("git", args, { env: { ...env, GIT_WORK_TREE: work }, cwd: work })
      .toString()
      .trim();
  git("init", "--quiet", "--template=", ...init);
  const cached = () => cachedRootTree(readFileSync(join(root, "git", "index")));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), content);
  };
  return { git, cached, write };
}

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return (((mixed ^ (mixed >>> 14)) >>> 0) % below) as number;
  };
}

const NAME_PARTS = ["a", "src", "deeply-nested-folder-name", "ü", "x y", "z.txt", "README", "é文"];

for (const version of [2, 3, 4]) {
  test(`index version ${version}: the cached tree is write-tree's, after every change, for random folders`, () => {
    for (let seed = 1; seed <= 4; seed++) {
      const next = random(seed * 97 + version);
      const { git, cached, write } = repository();
      const paths: string[] = [];
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 1 + next(30); i++) {
          const depth = 1 + next(4);
          const path = Array.from({ length: depth }, () => NAME_PARTS[next(NAME_PARTS.length)]! + next(5)).join("/");
          if (paths.some((other) => other.startsWith(`${path}/`) || path.startsWith(`${other}/`))) continue;
          write(path, `seed ${seed} round ${round} ${"x".repeat(next(200))}\n`);
          paths.push(path);
        }
        git("add", "-A");
        git("update-index", "--index-version", String(version));
        if (version === 3) git("update-index", "--skip-worktree", paths[next(paths.length)]!);
        assert.equal(cached(), undefined, `seed ${seed} round ${round}: changed since the tree was written`);
        const tree = git("write-tree");
        assert.equal(cached(), tree, `seed ${seed} round ${round}`);
        assert.equal(git("write-tree"), tree);
      }
    }
  });
}

for (const version of [2, 4]) {
  test(`index version ${version}: a path longer than 4095 bytes, and a name after it that drops most of it, read right`, () => {
    const { git, cached, write } = repository();
    write("short.txt", "short\n");
    git("add", "-A");
    const blob = git("hash-object", "-w", "--stdin");
    // Past the 12-bit name length of versions 2 and 3; version 4 then strips thousands of bytes
    // (a varint of two bytes) for the next name, and exactly 128 for "k-y" (a varint ending in NUL).
    const long = Array.from({ length: 30 }, (_, i) => `folder-${i}-${"n".repeat(160)}`).join("/") + "/file";
    assert.ok(long.length > 0xfff);
    for (const path of [
      long,
      `${long.slice(0, 200)}-sibling`,
      `${long.slice(0, 30)}-cousin`,
      `k-${"x".repeat(128)}`,
      "k-y",
      "zz-last",
    ])
      git("update-index", "--add", "--cacheinfo", `100644,${blob},${path}`);
    git("update-index", "--index-version", String(version));
    const tree = git("write-tree");
    assert.equal(cached(), tree);
  });
}

test("a SHA-256 repository's cached tree is read with its 32-byte ids", () => {
  const { git, cached, write } = repository("--object-format=sha256");
  for (let i = 0; i < 12; i++) write(`d${i % 3}/f${i}.txt`, `${i}\n`);
  git("add", "-A");
  const tree = git("write-tree");
  assert.equal(tree.length, 64);
  assert.equal(cached(), tree);
});

test("no tree is given when the cache-tree leaves entries out, is split off, or the file is not an index", () => {
  const intentToAdd = repository();
  intentToAdd.write("kept.txt", "kept\n");
  intentToAdd.write("later.txt", "later\n");
  intentToAdd.git("add", "kept.txt");
  intentToAdd.git("add", "-N", "later.txt"); // in the index, not in the tree write-tree writes
  intentToAdd.git("write-tree");
  assert.equal(intentToAdd.cached(), undefined);

  const split = repository();
  split.write("a.txt", "a\n");
  split.git("add", "-A");
  split.git("update-index", "--split-index");
  split.git("write-tree");
  assert.equal(split.cached(), undefined);

  assert.equal(cachedRootTree(Buffer.from("not an index at all")), undefined);
  assert.equal(cachedRootTree(Buffer.alloc(0)), undefined);
});

test("a damaged or cut index gives no tree, and never throws", () => {
  const { git, write } = repository();
  for (let i = 0; i < 40; i++) write(`d${i % 5}/f${i}.txt`, `${i}\n`);
  git("add", "-A");
  const tree = git("write-tree");
  const index = readFileSync(join(git("rev-parse", "--absolute-git-dir"), "index"));
  assert.equal(cachedRootTree(index), tree);
  const next = random(7);
  for (let trial = 0; trial < 2000; trial++) {
    const damaged = Buffer.from(trial % 2 === 0 ? index.subarray(0, next(index.length)) : index);
    if (trial % 2 === 1) {
      const at = next(damaged.length);
      damaged[at] = (damaged[at]! + 1 + next(255)) % 256; // another byte, always
    }
    assert.equal(cachedRootTree(damaged), undefined, `trial ${trial}`);
  }
});
