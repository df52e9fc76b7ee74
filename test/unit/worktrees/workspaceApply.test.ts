/**
 * "Apply to Workspace": a worktree's changes become uncommitted changes of the main folder. A clean
 * apply returns what it replaced (for an undo); a conflict with the user's own edit writes nothing
 * unless merging, which merges text three-way and never overwrites binaries or deletions; nothing
 * is written through a link out of the main folder; the main folder's index and HEAD stay.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { applyToWorkspace } from "../../../src/acp/worktrees/workspaceApply";
import { addWorktree } from "../../../src/acp/worktrees/worktreeLifecycle";
import { commitAll, git, indexBytes, scratchRepository, testGit, write } from "../../support/scratchRepository";

const LINES = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"].map((word) => `${word}\n`).join("");

async function setUp(prefix: string) {
  const gitExe = await testGit();
  const scratch = scratchRepository(prefix, {
    "lines.txt": LINES,
    "other.txt": "unchanged by the worktree\n",
    "delete-me.txt": "the worktree deletes this\n",
    "image.bin": Buffer.from([0, 1, 2, 3]),
  });
  const worktree = join(scratch.worktrees, "session");
  const { baseCommit } = await addWorktree(gitExe, {
    repo: scratch.repo,
    path: worktree,
    branch: "acp/session",
    lockReason: "acp-panel",
  });
  const read = (path: string): string => readFileSync(join(scratch.repo, path), "utf8");
  return { gitExe, ...scratch, worktree, baseCommit, read };
}

test("a clean apply writes the worktree's changes as uncommitted files and returns what was there", async () => {
  const { gitExe, repo, worktree, baseCommit, read } = await setUp("acp-wt-apply-");
  write(worktree, "lines.txt", LINES.replace("gamma", "GAMMA"));
  write(worktree, "added/new file.txt", "from the worktree\n");
  unlinkSync(join(worktree, "delete-me.txt"));
  commitAll(worktree, "part of the work committed");
  write(worktree, "image.bin", Buffer.from([9, 0, 9]));
  const [head, index] = [git(repo, "rev-parse", "HEAD"), indexBytes(repo)];

  const outcome = await applyToWorkspace(gitExe, {
    worktreePath: worktree,
    baseCommit,
    mainFolder: repo,
    merge: false,
  });
  assert.deepEqual(outcome.conflicts, []);
  assert.deepEqual(outcome.skipped, []);
  const applied = new Map(outcome.applied.map((file) => [file.path, file]));
  assert.deepEqual([...applied.keys()].sort(), ["added/new file.txt", "delete-me.txt", "image.bin", "lines.txt"]);
  assert.equal(applied.get("lines.txt")?.before?.toString(), LINES);
  assert.equal(applied.get("lines.txt")?.after?.toString(), LINES.replace("gamma", "GAMMA"));
  assert.equal(applied.get("added/new file.txt")?.before, null);
  assert.equal(applied.get("delete-me.txt")?.after, null);
  assert.deepEqual(applied.get("image.bin")?.before, Buffer.from([0, 1, 2, 3]));

  assert.equal(read("lines.txt"), LINES.replace("gamma", "GAMMA"));
  assert.equal(read("added/new file.txt"), "from the worktree\n");
  assert.equal(existsSync(join(repo, "delete-me.txt")), false);
  assert.deepEqual(readFileSync(join(repo, "image.bin")), Buffer.from([9, 0, 9]));
  assert.equal(git(repo, "rev-parse", "HEAD"), head);
  assert.deepEqual(indexBytes(repo), index, "the main folder's index changed");

  const again = await applyToWorkspace(gitExe, { worktreePath: worktree, baseCommit, mainFolder: repo, merge: false });
  assert.deepEqual(again.applied, [], "applying twice changes nothing");
});

test("a conflict with the user's own edit writes nothing and names the file", async () => {
  const { gitExe, repo, worktree, baseCommit, read } = await setUp("acp-wt-conflict-");
  write(worktree, "lines.txt", LINES.replace("alpha", "ALPHA"));
  write(worktree, "added.txt", "would be added\n");
  write(repo, "lines.txt", LINES.replace("zeta", "the user's zeta"));

  const outcome = await applyToWorkspace(gitExe, {
    worktreePath: worktree,
    baseCommit,
    mainFolder: repo,
    merge: false,
  });
  assert.deepEqual(outcome, { applied: [], merged: [], conflicted: [], skipped: [], conflicts: ["lines.txt"] });
  assert.equal(read("lines.txt"), LINES.replace("zeta", "the user's zeta"));
  assert.equal(existsSync(join(repo, "added.txt")), false);
});

test("merging: different lines merge cleanly, the same line gets markers, binaries and deletions are kept", async () => {
  const { gitExe, repo, worktree, baseCommit, read } = await setUp("acp-wt-merge-");
  write(worktree, "lines.txt", LINES.replace("alpha", "ALPHA"));
  write(repo, "lines.txt", LINES.replace("zeta", "the user's zeta"));
  write(worktree, "other.txt", "the worktree's line\n");
  write(repo, "other.txt", "the user's line\n");
  write(worktree, "image.bin", Buffer.from([7, 0, 7]));
  write(repo, "image.bin", Buffer.from([8, 0, 8]));
  write(repo, "delete-me.txt", "the user edited what the worktree deletes\n");
  unlinkSync(join(worktree, "delete-me.txt"));

  const outcome = await applyToWorkspace(gitExe, { worktreePath: worktree, baseCommit, mainFolder: repo, merge: true });
  assert.deepEqual(outcome.conflicts.sort(), ["delete-me.txt", "image.bin", "lines.txt", "other.txt"]);
  assert.deepEqual(outcome.merged, ["lines.txt"]);
  assert.deepEqual(outcome.conflicted, ["other.txt"]);
  assert.deepEqual(outcome.skipped.map((skip) => skip.path).sort(), ["delete-me.txt", "image.bin"]);
  assert.equal(read("lines.txt"), LINES.replace("alpha", "ALPHA").replace("zeta", "the user's zeta"));
  assert.equal(
    read("other.txt"),
    "<<<<<<< workspace\nthe user's line\n=======\nthe worktree's line\n>>>>>>> worktree\n",
  );
  assert.deepEqual(readFileSync(join(repo, "image.bin")), Buffer.from([8, 0, 8]));
  assert.equal(read("delete-me.txt"), "the user edited what the worktree deletes\n");
  const before = outcome.applied.find((file) => file.path === "other.txt")?.before;
  assert.equal(before?.toString(), "the user's line\n");
});

test("nothing is written through a link out of the main folder", async (t) => {
  if (process.platform === "win32") return t.skip("symlinks need privileges on Windows");
  const { gitExe, root, repo, worktree } = await setUp("acp-wt-escape-");
  write(repo, "sub/inside.txt", "tracked\n");
  commitAll(repo, "a folder");
  const base = git(repo, "rev-parse", "HEAD").trim();
  git(worktree, "merge", "--quiet", "--ff-only", base);
  write(worktree, "sub/inside.txt", "changed by the agent\n");
  const outside = join(root, "outside");
  mkdirSync(outside);
  rmSync(join(repo, "sub"), { recursive: true });
  symlinkSync(outside, join(repo, "sub")); // `sub -> ../outside`, swapped in behind the panel's back

  const outcome = await applyToWorkspace(gitExe, {
    worktreePath: worktree,
    baseCommit: base,
    mainFolder: repo,
    merge: true,
  });
  assert.deepEqual(outcome.skipped, [{ path: "sub/inside.txt", reason: "outside the folder" }]);
  assert.deepEqual(outcome.applied, []);
  assert.equal(existsSync(join(outside, "inside.txt")), false, "written through the link");
});
