/**
 * A checkpoint of a folder the listing finds unchanged takes the tree the shadow index caches
 * (indexCachedTree.ts) rather than writing it again, and that tree is always the index's own:
 * after another window's checkpoint of the same folder (the two share the shadow repository),
 * even one that rewrote the index just as this window's ended. A file touched but unchanged is
 * not staged; refreshing the stat data keeps the cached tree. The review's sweep compares with the
 * index only while it holds the turn's tree.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { heldAt, loggedGit, onLinux } from "../support/loggedGit";
import { gitOnPath, scratchCheckpoints } from "../support/scratchCheckpoints";

const PREFIX = "acp-checkpoint-reuse-";

test(
  "a checkpoint of a folder unchanged since the last one lists the folder and writes no tree: the index still holds that tree",
  onLinux,
  async () => {
    const { dir, checkpoints, ran } = await loggedGit(PREFIX);
    const first = await checkpoints.take("a turn");
    ran();
    const unchanged = await checkpoints.take("the next turn, nothing changed");
    assert.equal(unchanged.commits[dir], first.commits[dir]);
    const commands = ran().map((line) => line.split(" ")[1]);
    assert.deepEqual(commands, ["ls-files"], "listed in one process, no tree written");

    writeFileSync(join(dir, "f3.txt"), "changed\n");
    const changed = await checkpoints.take("after an edit");
    assert.notEqual(changed.commits[dir], first.commits[dir]);
    assert.ok(
      ran().some((line) => line.endsWith(" write-tree")),
      "an edit writes a tree",
    );
    assert.equal(await heldAt(checkpoints, changed, join(dir, "f3.txt")), "changed\n");
  },
);

test(
  "a checkpoint after another window's checkpoint of the same folder is the tree the index now holds",
  onLinux,
  async () => {
    const { root, dir, checkpoints, ran } = await loggedGit(PREFIX);
    const first = await checkpoints.take("this window's turn");
    // A second window on the same folder shares the shadow repository (same storage, same key).
    const other = new WorkspaceCheckpoints({
      git: gitOnPath(dir),
      storage: join(root, "storage"),
      folders: () => [dir],
    });
    writeFileSync(join(dir, "f4.txt"), "the other window's turn\n");
    const theirs = await other.take("the other window's turn");
    assert.notEqual(theirs.commits[dir], first.commits[dir]);
    ran();
    // Nothing changed since the other window's checkpoint: the index lists nothing, yet holds its tree.
    const mine = await checkpoints.take("this window's next turn");
    assert.equal(mine.commits[dir], theirs.commits[dir]);
    assert.equal(await heldAt(checkpoints, mine, join(dir, "f4.txt")), "the other window's turn\n");
  },
);

test(
  "a checkpoint of a folder unchanged since another window's checkpoint, which rewrote the index just as this one's ended, holds that window's tree",
  onLinux,
  async () => {
    const { dir, checkpoints, after } = await loggedGit(PREFIX);
    writeFileSync(join(dir, "f1.txt"), "this window's edit\n");
    // The other window (the same shadow repository and index) checkpoints its agent's edit between
    // this window's write-tree ending and this window reading what it left.
    after(
      "write-tree",
      [
        `cd "${dir}"`,
        'printf "the other window\'s edit\\n" > theirs.txt',
        '"$GIT" update-index --add -- theirs.txt',
        '"$GIT" write-tree > /dev/null',
        "",
      ].join("\n"),
    );
    const mine = await checkpoints.take("this window's turn");
    assert.equal(await heldAt(checkpoints, mine, join(dir, "f1.txt")), "this window's edit\n");
    // Nothing changed since: the listing finds nothing, and the index holds the other window's tree.
    const next = await checkpoints.take("this window's next turn");
    assert.equal(await heldAt(checkpoints, next, join(dir, "theirs.txt")), "the other window's edit\n");
    assert.equal(await heldAt(checkpoints, next, join(dir, "f1.txt")), "this window's edit\n");
  },
);

test(
  "a file touched but unchanged is not staged, and once the stat data is refreshed the index holds its new stat data and the same tree",
  onLinux,
  async () => {
    const { root, dir, checkpoints, ran } = await loggedGit(PREFIX);
    const first = await checkpoints.take("a turn");
    const touched = join(dir, "f2.txt");
    utimesSync(touched, new Date(2_000_000_000_000), new Date(2_000_000_000_000)); // same bytes, new mtime
    writeFileSync(join(dir, "f3.txt"), "changed\n");
    ran();
    const next = await checkpoints.take("the next turn");
    assert.equal(await heldAt(checkpoints, next, join(dir, "f3.txt")), "changed\n");
    assert.equal(await heldAt(checkpoints, next, touched), "2\n");
    assert.notEqual(next.commits[dir], first.commits[dir]);
    // The shadow repository, as git sees it: the touched file's stat data is still the old one.
    const shadow = join(root, "storage", "checkpoints", readdirSync(join(root, "storage", "checkpoints"))[0]!);
    const statDirty = () =>
      execFileSync("git", ["diff-files", "--name-only"], {
        env: { PATH: process.env.PATH, GIT_DIR: shadow, GIT_WORK_TREE: dir, GIT_CONFIG_NOSYSTEM: "1", HOME: root },
        cwd: dir,
      }).toString();
    assert.equal(statDirty(), "f2.txt\n");

    await checkpoints.refreshStatData();
    assert.equal(statDirty(), "", "refreshed");
    ran();
    const after = await checkpoints.take("a turn after the refresh");
    assert.equal(after.commits[dir], next.commits[dir]);
    assert.deepEqual(
      ran().map((line) => line.split(" ")[1]),
      ["ls-files"],
      "the refresh kept the index's tree: listed, no tree written",
    );
  },
);

test("the sweep after another window's checkpoint of the same folder still lists what changed since the turn's", async () => {
  const { root, dir, checkpoints } = scratchCheckpoints(PREFIX, 64 * 1024);
  writeFileSync(join(dir, "notes.txt"), "before the turn\n");
  const turn = await checkpoints.take("this window's turn");
  writeFileSync(join(dir, "notes.txt"), "the agent's edit\n");
  // A second window on the same folder shares the shadow repository and its index.
  const other = new WorkspaceCheckpoints({ git: gitOnPath(dir), storage: join(root, "storage"), folders: () => [dir] });
  await other.take("the other window's turn");
  assert.deepEqual(await checkpoints.changedSince("after the turn", turn), [join(dir, "notes.txt")]);
});
