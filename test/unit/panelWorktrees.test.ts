/**
 * PanelWorktrees over real git repositories (issue 32): a worktree is made outside the repository
 * without touching the main folder (its uncommitted work copied in only when asked), branch names
 * are checked, "Apply to Workspace" writes the worktree's changes as uncommitted files and an undo
 * takes them back byte for byte (never over the user's later edit), a conflict with the user's own
 * edit writes nothing unless merging, and a removed worktree (uncommitted and untracked files
 * included) comes back with `restoreRemoved`, also when its folder was deleted by hand.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, rmSync } from "node:fs";
import { isAbsolute, relative } from "node:path";
import {
  commitAll,
  folderText,
  git,
  gitWorktreePaths,
  panelWorktreesFor,
  readOrNull,
  recordsIn,
  remove,
  statusOf,
  testGit,
  worktreeRepo,
  write,
} from "../support/worktreeRepos";
import { PanelWorktrees } from "../../src/acp/worktrees/panelWorktrees";
import { MemoryLogger } from "../support/memoryPorts";

const LINES = ["one", "two", "three", "four", "five", "six", "seven"].map((word) => `${word}\n`).join("");

function outside(repo: string, path: string): boolean {
  const rel = relative(repo, path);
  return rel === ".." || rel.startsWith("../") || isAbsolute(rel);
}

const branchOf = (cwd: string): string => git(cwd, "symbolic-ref", "--short", "HEAD").trim();
const headOf = (cwd: string, ref = "HEAD"): string => git(cwd, "rev-parse", ref).trim();

test("create makes a worktree outside the repository on its branch and leaves the main folder alone", async () => {
  const scratch = worktreeRepo("acp-pwt-create-", { "notes.txt": "committed\n", "src/app.ts": "export {};\n" });
  const { repo } = scratch;
  write(repo, "notes.txt", "committed\nthe user's uncommitted line\n");
  write(repo, "scratch.md", "untracked by the user\n");
  const [filesBefore, statusBefore, head] = [folderText(repo), statusOf(repo), headOf(repo)];
  const { worktrees } = await panelWorktreesFor(scratch);

  const { worktree } = await worktrees.create({ repo, branch: "acp/task-a", carry: false });
  assert.ok(existsSync(worktree.path), "the worktree folder exists");
  assert.ok(outside(repo, worktree.path), `${worktree.path} is outside ${repo}`);
  assert.equal(worktree.branch, "acp/task-a");
  assert.equal(worktree.repo, repo);
  assert.equal(branchOf(worktree.path), "acp/task-a");
  assert.equal(worktree.baseCommit, head);
  assert.equal(headOf(worktree.path), head);
  // Without carry: the committed state only.
  assert.deepEqual(folderText(worktree.path), { "notes.txt": "committed\n", "src/app.ts": "export {};\n" });
  assert.equal(statusOf(worktree.path), "");

  assert.deepEqual(folderText(repo), filesBefore, "the main folder's bytes are unchanged");
  assert.equal(statusOf(repo), statusBefore, "the main folder's git status is unchanged");
  assert.equal(headOf(repo), head);
  assert.equal(branchOf(repo), "main");

  assert.deepEqual(worktrees.worktreeAt(worktree.path), worktree);
  assert.equal(worktrees.worktreeAt(repo), undefined);
  assert.equal(worktrees.worktreeAt(undefined), undefined);
  const records = recordsIn(scratch);
  assert.deepEqual(
    records.map((record) => [record.path, record.branch, record.baseCommit]),
    [[worktree.path, "acp/task-a", head]],
  );
  // Another instance over the same records answers at once (a session reopened from the history).
  const again = new PanelWorktrees({
    git: testGit,
    recordsFile: scratch.recordsFile,
    folder: () => scratch.worktreesFolder,
    logger: new MemoryLogger(),
  });
  assert.deepEqual(again.worktreeAt(worktree.path), worktree);

  const carried = await worktrees.create({ repo, branch: "acp/task-b", carry: true });
  assert.notEqual(carried.worktree.path, worktree.path);
  assert.ok(outside(repo, carried.worktree.path));
  assert.equal(branchOf(carried.worktree.path), "acp/task-b");
  assert.equal(carried.worktree.baseCommit, head);
  assert.deepEqual(folderText(carried.worktree.path), {
    "notes.txt": "committed\nthe user's uncommitted line\n",
    "scratch.md": "untracked by the user\n",
    "src/app.ts": "export {};\n",
  });
  assert.ok(
    carried.notices.some((notice) => /Copied 2 uncommitted changes/.test(notice)),
    JSON.stringify(carried.notices),
  );
  assert.deepEqual(folderText(repo), filesBefore, "carrying only reads the main folder");
  assert.equal(statusOf(repo), statusBefore);
  assert.equal(headOf(repo), head);
  assert.deepEqual(
    recordsIn(scratch)
      .map((record) => record.branch)
      .sort(),
    ["acp/task-a", "acp/task-b"],
  );
  // The first worktree did not get the carried changes.
  assert.deepEqual(folderText(worktree.path), { "notes.txt": "committed\n", "src/app.ts": "export {};\n" });
});

test("branchProblem names an existing branch, refuses an invalid name and accepts a free one", async () => {
  const scratch = worktreeRepo("acp-pwt-branch-", { "a.txt": "a\n" });
  const { worktrees } = await panelWorktreesFor(scratch);
  git(scratch.repo, "branch", "feature/existing");

  const existing = await worktrees.branchProblem(scratch.repo, "feature/existing");
  assert.ok(existing?.includes("feature/existing"), String(existing));
  const main = await worktrees.branchProblem(scratch.repo, "main");
  assert.ok(main?.includes("main"), String(main));
  assert.ok((await worktrees.branchProblem(scratch.repo, "bad..name")) !== undefined);
  assert.ok((await worktrees.branchProblem(scratch.repo, "")) !== undefined);
  assert.ok((await worktrees.branchProblem(scratch.repo, "-rf")) !== undefined);
  assert.equal(await worktrees.branchProblem(scratch.repo, "acp/fine-name"), undefined);

  await worktrees.create({ repo: scratch.repo, branch: "acp/fine-name", carry: false });
  const taken = await worktrees.branchProblem(scratch.repo, "acp/fine-name");
  assert.ok(taken?.includes("acp/fine-name"), String(taken));
  const suggested = await worktrees.suggestBranch(scratch.repo, "Fine name");
  assert.notEqual(suggested, "acp/fine-name");
  assert.equal(await worktrees.branchProblem(scratch.repo, suggested), undefined);
});

async function applyScenario(prefix: string) {
  const scratch = worktreeRepo(prefix, {
    "change.txt": LINES,
    "delete-committed.txt": "deleted on the branch\n",
    "delete-uncommitted.txt": "deleted in the worktree, not committed\n",
    "mine.txt": "the user's file\n",
    "same.txt": "untouched\n",
  });
  const { repo } = scratch;
  const { worktrees } = await panelWorktreesFor(scratch);
  const { worktree } = await worktrees.create({ repo, branch: "acp/apply", carry: false });
  write(worktree.path, "change.txt", LINES.replace("three", "THREE from the branch"));
  remove(worktree.path, "delete-committed.txt");
  write(worktree.path, "dir/added-committed.txt", "added on the branch\n");
  commitAll(worktree.path, "work on the branch");
  write(worktree.path, "change.txt", LINES.replace("three", "THREE from the branch").replace("six", "SIX uncommitted"));
  write(worktree.path, "added-uncommitted.txt", "added, not committed\n");
  remove(worktree.path, "delete-uncommitted.txt");
  write(repo, "mine.txt", "the user's file\nwith the user's uncommitted edit\n");
  return { scratch, repo, worktrees, worktree };
}

test("apply writes the worktree's committed and uncommitted changes; undoApply takes them back byte for byte", async () => {
  const { repo, worktrees, worktree } = await applyScenario("acp-pwt-apply-");
  const [before, statusBefore, head] = [folderText(repo), statusOf(repo), headOf(repo)];
  const worktreeBefore = folderText(worktree.path);

  const outcome = await worktrees.apply(worktree, false);
  assert.deepEqual(outcome.conflicts, []);
  assert.deepEqual(outcome.skipped, []);
  assert.deepEqual(outcome.applied.map((file) => file.path).sort(), [
    "added-uncommitted.txt",
    "change.txt",
    "delete-committed.txt",
    "delete-uncommitted.txt",
    "dir/added-committed.txt",
  ]);
  assert.deepEqual(folderText(repo), {
    "added-uncommitted.txt": "added, not committed\n",
    "change.txt": LINES.replace("three", "THREE from the branch").replace("six", "SIX uncommitted"),
    "dir/added-committed.txt": "added on the branch\n",
    "mine.txt": "the user's file\nwith the user's uncommitted edit\n",
    "same.txt": "untouched\n",
  });
  assert.equal(headOf(repo), head, "HEAD is not moved");
  assert.equal(branchOf(repo), "main");
  assert.equal(git(repo, "diff", "--cached", "--name-only"), "", "nothing is staged");
  assert.deepEqual(folderText(worktree.path), worktreeBefore, "the worktree is only read");
  assert.deepEqual(await worktrees.unapplied(worktree), []);

  assert.deepEqual(await worktrees.undoApply(outcome), []);
  assert.deepEqual(folderText(repo), before, "every file is back: the deleted ones, not the added ones");
  assert.equal(statusOf(repo), statusBefore);
  assert.equal(existsSync(`${repo}/dir`), false, "the folder the apply made is gone with its file");
});

test("undoApply keeps a file the user edited after the apply and names it", async () => {
  const { repo, worktrees, worktree } = await applyScenario("acp-pwt-undo-kept-");
  const before = folderText(repo);

  const outcome = await worktrees.apply(worktree, false);
  assert.deepEqual(outcome.conflicts, []);
  const edited = `${readOrNull(repo, "change.txt")?.toString() ?? ""}the user's line after the apply\n`;
  write(repo, "change.txt", edited);

  assert.deepEqual(await worktrees.undoApply(outcome), ["change.txt"]);
  assert.equal(readOrNull(repo, "change.txt")?.toString(), edited, "the user's edit is kept");
  const { "change.txt": _change, ...rest } = before;
  const { "change.txt": _now, ...restNow } = folderText(repo);
  assert.deepEqual(restNow, rest, "every other file is back");
});

async function conflictScenario(prefix: string, userLine: [string, string], agentLine: [string, string]) {
  const scratch = worktreeRepo(prefix, { "lines.txt": LINES, "other.txt": "other\n" });
  const { repo } = scratch;
  const { worktrees } = await panelWorktreesFor(scratch);
  const { worktree } = await worktrees.create({ repo, branch: "acp/conflict", carry: false });
  write(worktree.path, "lines.txt", LINES.replace(...agentLine));
  write(worktree.path, "other.txt", "other, changed by the agent\n");
  write(repo, "lines.txt", LINES.replace(...userLine));
  return { repo, worktrees, worktree };
}

test("apply without merge writes nothing when the user's edit meets the worktree's", async () => {
  const { repo, worktrees, worktree } = await conflictScenario(
    "acp-pwt-conflict-",
    ["one", "ONE by the user"],
    ["seven", "SEVEN by the agent"],
  );
  const [before, status] = [folderText(repo), statusOf(repo)];
  const outcome = await worktrees.apply(worktree, false);
  assert.deepEqual(outcome.conflicts, ["lines.txt"]);
  assert.deepEqual(outcome.applied, [], "nothing written, not even the file without conflict");
  assert.deepEqual(folderText(repo), before);
  assert.equal(statusOf(repo), status);
  assert.deepEqual((await worktrees.unapplied(worktree)).sort(), ["lines.txt", "other.txt"]);
});

test("apply with merge joins edits of different lines cleanly, the user's line kept", async () => {
  const { repo, worktrees, worktree } = await conflictScenario(
    "acp-pwt-merge-clean-",
    ["one", "ONE by the user"],
    ["seven", "SEVEN by the agent"],
  );
  const userBytes = readOrNull(repo, "lines.txt");
  const outcome = await worktrees.apply(worktree, true);
  assert.deepEqual(outcome.conflicts, ["lines.txt"]);
  assert.deepEqual(outcome.merged, ["lines.txt"]);
  assert.deepEqual(outcome.conflicted, []);
  const merged = readOrNull(repo, "lines.txt")?.toString();
  assert.equal(merged, LINES.replace("one", "ONE by the user").replace("seven", "SEVEN by the agent"));
  assert.equal(readOrNull(repo, "other.txt")?.toString(), "other, changed by the agent\n");
  const entry = outcome.applied.find((file) => file.path === "lines.txt");
  assert.deepEqual(entry?.before, userBytes, "the apply keeps the user's bytes for an undo");
  assert.deepEqual(await worktrees.undoApply(outcome), []);
  assert.deepEqual(readOrNull(repo, "lines.txt"), userBytes);
  assert.equal(readOrNull(repo, "other.txt")?.toString(), "other\n");
});

test("apply with merge writes conflict markers holding both sides when both edit one line", async () => {
  const { repo, worktrees, worktree } = await conflictScenario(
    "acp-pwt-merge-markers-",
    ["three", "three by the user"],
    ["three", "three by the agent"],
  );
  const userBytes = readOrNull(repo, "lines.txt");
  const outcome = await worktrees.apply(worktree, true);
  assert.deepEqual(outcome.conflicts, ["lines.txt"]);
  assert.deepEqual(outcome.conflicted, ["lines.txt"]);
  assert.deepEqual(outcome.merged, []);
  const result = readOrNull(repo, "lines.txt")?.toString() ?? "";
  assert.match(result, /^<<<<<<< /m);
  assert.match(result, /^=======$/m);
  assert.match(result, /^>>>>>>> /m);
  assert.match(result, /^three by the user$/m, "the user's line is in the result");
  assert.match(result, /^three by the agent$/m);
  assert.match(result, /^one\n/, "the lines around are kept");
  assert.deepEqual(outcome.applied.find((file) => file.path === "lines.txt")?.before, userBytes);
  assert.deepEqual(await worktrees.undoApply(outcome), []);
  assert.deepEqual(readOrNull(repo, "lines.txt"), userBytes);
});

test("unapplied lists the worktree's changes the main folder lacks, and nothing after an apply", async () => {
  const scratch = worktreeRepo("acp-pwt-unapplied-", { "a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n" });
  const { repo } = scratch;
  const { worktrees } = await panelWorktreesFor(scratch);
  const { worktree } = await worktrees.create({ repo, branch: "acp/unapplied", carry: false });
  assert.deepEqual(await worktrees.unapplied(worktree), []);

  write(worktree.path, "a.txt", "a by the agent\n");
  commitAll(worktree.path, "a");
  write(worktree.path, "new.txt", "new\n");
  remove(worktree.path, "c.txt");
  write(worktree.path, "b.txt", "b the same on both sides\n");
  write(repo, "b.txt", "b the same on both sides\n"); // the main folder already has it
  assert.deepEqual((await worktrees.unapplied(worktree)).sort(), ["a.txt", "c.txt", "new.txt"]);

  const outcome = await worktrees.apply(worktree, false);
  assert.deepEqual(outcome.conflicts, []);
  assert.deepEqual(await worktrees.unapplied(worktree), []);
  const listed = await worktrees.list();
  assert.equal(listed.length, 1);
  assert.deepEqual(listed[0]?.unapplied, []);
  assert.equal(listed[0]?.missing, false);
  assert.ok((listed[0]?.sizeBytes ?? 0) > 0);

  await worktrees.undoApply(outcome);
  assert.deepEqual((await worktrees.unapplied(worktree)).sort(), ["a.txt", "c.txt", "new.txt"]);
});

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
