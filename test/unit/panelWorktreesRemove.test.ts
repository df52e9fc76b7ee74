/**
 * PanelWorktrees over real git repositories (issue 32), removing one: a removed worktree
 * (uncommitted and untracked files included) comes back with `restoreRemoved`, also when its
 * folder was deleted by hand, and its saved work outlives a later worktree of the same branch.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, rmSync } from "node:fs";
import {
  branchOf,
  commitAll,
  folderText,
  git,
  gitWorktreePaths,
  headOf,
  panelWorktreesFor,
  readOrNull,
  recordsIn,
  statusOf,
  worktreeRepo,
  write,
} from "../support/worktreeRepos";

test("remove saves everything and restoreRemoved brings the worktree back as it was", async () => {
  const scratch = worktreeRepo("acp-pwt-remove-", { "tracked.txt": "tracked\n", "keep.txt": "keep\n" });
  const { repo } = scratch;
  const { worktrees } = await panelWorktreesFor(scratch);
  const { worktree } = await worktrees.create({ repo, branch: "acp/remove-me", carry: false });
  write(worktree.path, "committed.txt", "committed on the branch\n");
  const tip = commitAll(worktree.path, "branch work");
  write(worktree.path, "tracked.txt", "tracked, modified and not committed\n");
  write(worktree.path, "notes/untracked.txt", Buffer.from([0x6e, 0x6f, 0x0a, 0xff, 0x00, 0x01]));
  const files = folderText(worktree.path);
  const bytesBefore = readOrNull(worktree.path, "notes/untracked.txt");
  const mainBefore = folderText(repo);
  const changesBefore = await worktrees.changes(worktree);

  const saved = await worktrees.remove(worktree);
  assert.equal(existsSync(worktree.path), false, "the folder is gone");
  assert.equal(git(repo, "branch", "--list", "acp/remove-me"), "", "the branch is gone");
  assert.ok(!gitWorktreePaths(repo).includes(worktree.path), "git no longer lists it");
  assert.deepEqual(recordsIn(scratch), [], "the record is gone");
  assert.equal(worktrees.worktreeAt(worktree.path), undefined);
  assert.deepEqual(folderText(repo), mainBefore, "the main folder is untouched");
  assert.equal(branchOf(repo), "main");

  await worktrees.restoreRemoved(saved);
  assert.ok(existsSync(worktree.path), "the folder is back");
  assert.equal(branchOf(worktree.path), "acp/remove-me");
  assert.equal(headOf(repo, "refs/heads/acp/remove-me"), tip, "the branch is at the same tip");
  assert.equal(headOf(worktree.path), tip);
  assert.deepEqual(folderText(worktree.path), files, "every file is back");
  assert.deepEqual(readOrNull(worktree.path, "notes/untracked.txt"), bytesBefore, "byte for byte");
  assert.equal(
    statusOf(worktree.path),
    " M tracked.txt\n?? notes/untracked.txt\n",
    "modified and untracked again, nothing committed or staged",
  );
  assert.deepEqual(await worktrees.changes(worktree), changesBefore);
  assert.deepEqual(
    recordsIn(scratch).map((record) => record.path),
    [worktree.path],
  );
  assert.deepEqual(worktrees.worktreeAt(worktree.path), worktree);
  assert.ok(gitWorktreePaths(repo).includes(worktree.path));
  assert.equal(git(repo, "for-each-ref", "refs/acp-panel/"), "", "the saved ref is deleted");
  assert.deepEqual(folderText(repo), mainBefore);

  // And it can be removed again (no stale ref or lock in the way).
  const again = await worktrees.remove(worktree);
  assert.equal(existsSync(worktree.path), false);
  await worktrees.restoreRemoved(again);
  assert.deepEqual(folderText(worktree.path), files);
});

test("a worktree folder deleted by hand is pruned, listed as missing, removed, and its branch restored", async () => {
  const scratch = worktreeRepo("acp-pwt-missing-", { "base.txt": "base\n" });
  const { repo } = scratch;
  const { worktrees, logger } = await panelWorktreesFor(scratch);
  const { worktree } = await worktrees.create({ repo, branch: "acp/by-hand", carry: false });
  const { worktree: kept } = await worktrees.create({ repo, branch: "acp/kept", carry: false });
  write(worktree.path, "work.txt", "committed work\n");
  const tip = commitAll(worktree.path, "work");
  write(worktree.path, "lost.txt", "uncommitted: gone with the folder\n");
  assert.ok(gitWorktreePaths(repo).includes(worktree.path));

  rmSync(worktree.path, { recursive: true, force: true });
  await worktrees.ready();
  assert.ok(!gitWorktreePaths(repo).includes(worktree.path), "git forgot the deleted folder");
  assert.ok(gitWorktreePaths(repo).includes(kept.path), "the other worktree is kept");
  assert.ok(
    logger.lines.some((line) => line.startsWith("warn") && line.includes(worktree.path)),
    logger.lines.join("\n"),
  );
  const listed = await worktrees.list();
  const missing = listed.find((entry) => entry.record.path === worktree.path);
  assert.equal(missing?.missing, true);
  assert.deepEqual(missing?.unapplied, []);
  assert.equal(listed.find((entry) => entry.record.path === kept.path)?.missing, false);
  assert.deepEqual(await worktrees.unapplied(worktree), []);
  assert.equal(headOf(repo, "refs/heads/acp/by-hand"), tip, "the branch is still there");

  const saved = await worktrees.remove(worktree);
  assert.equal(git(repo, "branch", "--list", "acp/by-hand"), "", "the branch is deleted");
  assert.deepEqual(
    recordsIn(scratch).map((record) => record.path),
    [kept.path],
  );
  assert.ok(gitWorktreePaths(repo).includes(kept.path));

  await worktrees.restoreRemoved(saved);
  assert.equal(headOf(repo, "refs/heads/acp/by-hand"), tip, "the branch is back at its tip");
  assert.ok(existsSync(worktree.path));
  assert.equal(branchOf(worktree.path), "acp/by-hand");
  assert.deepEqual(folderText(worktree.path), { "base.txt": "base\n", "work.txt": "committed work\n" });
  assert.equal(statusOf(worktree.path), "");
  assert.equal(
    git(repo, "for-each-ref", "refs/acp-panel/removed/").trim(),
    "",
    "the saved state's ref goes once restored",
  );
  assert.deepEqual(
    recordsIn(scratch)
      .map((record) => record.path)
      .sort(),
    [worktree.path, kept.path].sort(),
  );
});

// Each removal keeps its own ref: with one ref per branch name the second removal overwrote the
// first's, and git's gc then dropped the first's saved files.
test("a removed worktree's saved work survives a later removal of a worktree of the same branch name", async () => {
  const scratch = worktreeRepo("acp-pwt-same-name-", { "base.txt": "base\n" });
  const { repo } = scratch;
  const { worktrees } = await panelWorktreesFor(scratch);
  const { worktree: first } = await worktrees.create({ repo, branch: "acp/again", carry: false });
  write(first.path, "first-session.txt", "the first session's uncommitted work\n");
  const savedFirst = await worktrees.remove(first);
  // The branch name is free again: a later session (same first prompt) gets it.
  const { worktree: second } = await worktrees.create({ repo, branch: "acp/again", carry: false });
  write(second.path, "second-session.txt", "the second session's work\n");
  const savedSecond = await worktrees.remove(second);

  // What git's automatic gc does once the prune expiry has passed.
  git(repo, "reflog", "expire", "--expire=now", "--all");
  git(repo, "gc", "--quiet", "--prune=now");
  await worktrees.restoreRemoved(savedFirst);
  assert.equal(readOrNull(first.path, "first-session.txt")?.toString(), "the first session's uncommitted work\n");
  await worktrees.remove(first);
  await worktrees.restoreRemoved(savedSecond);
  assert.equal(readOrNull(second.path, "second-session.txt")?.toString(), "the second session's work\n");
});
