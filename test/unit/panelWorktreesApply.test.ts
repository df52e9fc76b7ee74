/**
 * PanelWorktrees over real git repositories (issue 32), "Apply to Workspace": the worktree's changes
 * are written as uncommitted files and an undo takes them back byte for byte (never over the
 * user's later edit); a conflict with the user's own edit writes nothing unless merging.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import {
  branchOf,
  commitAll,
  folderText,
  git,
  headOf,
  panelWorktreesFor,
  readOrNull,
  remove,
  statusOf,
  worktreeRepo,
  write,
} from "../support/worktreeRepos";

const LINES = ["one", "two", "three", "four", "five", "six", "seven"].map((word) => `${word}\n`).join("");

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
