/**
 * PanelWorktrees over real git repositories (issue 32), making one: a worktree is made outside the
 * repository without touching the main folder (its uncommitted work copied in only when asked),
 * and branch names are checked.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { isAbsolute, relative } from "node:path";
import {
  branchOf,
  folderText,
  git,
  headOf,
  panelWorktreesFor,
  recordsIn,
  statusOf,
  testGit,
  worktreeRepo,
  write,
} from "../support/worktreeRepos";
import { PanelWorktrees } from "../../src/acp/worktrees/panelWorktrees";
import { MemoryLogger } from "../support/memoryPorts";

function outside(repo: string, path: string): boolean {
  const rel = relative(repo, path);
  return rel === ".." || rel.startsWith("../") || isAbsolute(rel);
}

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
