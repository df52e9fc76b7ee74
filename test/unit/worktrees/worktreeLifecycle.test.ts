/**
 * Making, listing and taking down worktrees with real git in scratch repositories: locked from
 * birth, a taken branch refused before anything is made, a detached HEAD as the base, a folder
 * deleted by hand pruned, and git always run by its absolute path with the repository's hooks off.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addWorktree, pruneWorktrees, removeWorktree } from "../../../src/acp/worktrees/worktreeLifecycle";
import { WorktreeError, type WorktreeErrorKind } from "../../../src/acp/worktrees/worktreeErrors";
import { runWorktreeGit } from "../../../src/acp/worktrees/worktreeGit";
import { listWorktrees } from "../../../src/acp/worktrees/worktreeList";
import { worktreePathFor } from "../../../src/acp/worktrees/worktreePlaces";
import { checkWorktreeSupport, repositoryOf } from "../../../src/acp/worktrees/worktreeRepository";
import { scratchDir } from "../../support/scratchDir";
import { commitAll, git, scratchRepository, testGit, write } from "../../support/scratchRepository";

async function rejectsWith(promise: Promise<unknown>, kind: WorktreeErrorKind): Promise<WorktreeError> {
  const error = await promise.then(
    () => assert.fail(`expected a ${kind} error`),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof WorktreeError, String(error));
  assert.equal(error.kind, kind, error.message);
  return error;
}

test("add, list and remove a worktree; the branch goes with it when asked", async () => {
  const gitExe = await testGit();
  const { repo, worktrees } = scratchRepository("acp-wt-life-");
  const path = await worktreePathFor(worktrees, repo, "acp/first");
  const added = await addWorktree(gitExe, { repo, path, branch: "acp/first", lockReason: "acp-panel tab 1" });
  assert.equal(added.baseCommit, git(repo, "rev-parse", "HEAD").trim());
  assert.deepEqual(added.notices, []);
  assert.equal(git(path, "rev-parse", "--abbrev-ref", "HEAD").trim(), "acp/first");
  assert.equal(readdirSync(path).includes("README.md"), true);

  const listed = await listWorktrees(gitExe, repo);
  assert.equal(listed.length, 2);
  assert.equal(listed[0]?.path, repo);
  assert.deepEqual(listed[1], {
    path,
    head: added.baseCommit,
    branch: "acp/first",
    detached: false,
    bare: false,
    locked: "acp-panel tab 1",
  });

  const removed = await removeWorktree(gitExe, { repo, path, deleteBranch: "acp/first" });
  assert.deepEqual(removed, { pruned: false, branchDeleted: true });
  assert.equal(existsSync(path), false);
  assert.deepEqual(
    (await listWorktrees(gitExe, repo)).map((entry) => entry.path),
    [repo],
  );
  assert.equal(git(repo, "branch", "--list", "acp/first"), "");
});

test("a branch that exists is refused with a typed error, and nothing is created", async () => {
  const gitExe = await testGit();
  const { repo, worktrees } = scratchRepository("acp-wt-exists-");
  git(repo, "branch", "acp/taken");
  const path = join(worktrees, "taken");
  const error = await rejectsWith(
    addWorktree(gitExe, { repo, path, branch: "acp/taken", lockReason: "acp-panel" }),
    "branch-exists",
  );
  assert.match(error.message, /acp\/taken/);
  assert.equal(existsSync(path), false);
  assert.equal(existsSync(worktrees), false);
  assert.equal((await listWorktrees(gitExe, repo)).length, 1);
  await rejectsWith(addWorktree(gitExe, { repo, path, branch: "bad..name", lockReason: "x" }), "invalid-branch");
});

test("from a detached HEAD: the new branch points at the detached commit", async () => {
  const gitExe = await testGit();
  const { repo, worktrees } = scratchRepository("acp-wt-detached-");
  write(repo, "second.txt", "two\n");
  const second = commitAll(repo, "second");
  git(repo, "checkout", "--quiet", "--detach", second);
  write(repo, "third.txt", "three\n");
  commitAll(repo, "third on main? no: on the detached HEAD");
  const detached = git(repo, "rev-parse", "HEAD").trim();
  const facts = await repositoryOf(gitExe, join(repo));
  assert.equal(facts.detached, true);
  assert.equal(facts.branch, undefined);
  assert.equal(facts.head, detached);

  const path = join(worktrees, "from-detached");
  const added = await addWorktree(gitExe, { repo, path, branch: "acp/detached", lockReason: "acp-panel" });
  assert.equal(added.baseCommit, detached);
  assert.equal(git(repo, "rev-parse", "refs/heads/acp/detached").trim(), detached);
  assert.equal(existsSync(join(path, "third.txt")), true);
});

test("a worktree folder deleted by hand is pruned (although locked) and its branch deleted", async () => {
  const gitExe = await testGit();
  const { repo, worktrees } = scratchRepository("acp-wt-byhand-");
  const path = join(worktrees, "gone");
  await addWorktree(gitExe, { repo, path, branch: "acp/gone", lockReason: "acp-panel" });
  rmSync(path, { recursive: true, force: true });
  git(repo, "worktree", "prune"); // what git itself does: a locked worktree is kept
  assert.equal((await listWorktrees(gitExe, repo)).length, 2);

  const removed = await removeWorktree(gitExe, { repo, path, deleteBranch: "acp/gone" });
  assert.deepEqual(removed, { pruned: true, branchDeleted: true });
  assert.equal((await listWorktrees(gitExe, repo)).length, 1);
  assert.equal(git(repo, "branch", "--list", "acp/gone"), "");
});

test("pruneWorktrees unlocks and forgets only the panel's worktrees whose folder is gone", async () => {
  const gitExe = await testGit();
  const { repo, worktrees } = scratchRepository("acp-wt-prune-");
  const [mine, theirs] = [join(worktrees, "mine"), join(worktrees, "theirs")];
  await addWorktree(gitExe, { repo, path: mine, branch: "acp/mine", lockReason: "acp-panel" });
  await addWorktree(gitExe, { repo, path: theirs, branch: "acp/theirs", lockReason: "on a USB disk" });
  rmSync(mine, { recursive: true, force: true });
  rmSync(theirs, { recursive: true, force: true });
  assert.deepEqual(await pruneWorktrees(gitExe, repo, [mine]), [mine]);
  assert.deepEqual(
    (await listWorktrees(gitExe, repo)).map((entry) => entry.path),
    [repo, theirs],
  );
});

test("a worktree with uncommitted changes is not removed without force, and stays locked", async () => {
  const gitExe = await testGit();
  const { repo, worktrees } = scratchRepository("acp-wt-dirty-");
  const path = join(worktrees, "dirty");
  await addWorktree(gitExe, { repo, path, branch: "acp/dirty", lockReason: "acp-panel" });
  write(path, "work.txt", "unsaved work\n");
  await rejectsWith(removeWorktree(gitExe, { repo, path, deleteBranch: "acp/dirty" }), "worktree-dirty");
  assert.equal(existsSync(join(path, "work.txt")), true);
  assert.equal((await listWorktrees(gitExe, repo))[1]?.locked, "acp-panel");
  assert.equal(git(repo, "for-each-ref", "--format=%(refname)", "refs/heads/acp/dirty").trim(), "refs/heads/acp/dirty");
  await removeWorktree(gitExe, { repo, path, deleteBranch: "acp/dirty", force: true });
  assert.equal(existsSync(path), false);
});

test("the repository's hooks do not run on add; submodules are reported", async () => {
  const gitExe = await testGit();
  const { root, repo, worktrees } = scratchRepository("acp-wt-hooks-");
  const marker = join(root, "post-checkout-ran");
  writeFileSync(join(repo, ".git", "hooks", "post-checkout"), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
  write(repo, ".gitmodules", '[submodule "lib"]\n\tpath = lib\n\turl = ../lib\n');
  commitAll(repo, "submodules declared");
  const added = await addWorktree(gitExe, {
    repo,
    path: join(worktrees, "hooks"),
    branch: "acp/hooks",
    lockReason: "acp-panel",
  });
  assert.equal(existsSync(marker), false, "post-checkout ran");
  assert.equal(added.notices.length, 1);
  assert.match(added.notices[0] ?? "", /git submodule update/);
});

test("LFS files without git-lfs: the worktree is made and the pointers are reported", async (t) => {
  const gitExe = await testGit();
  const lfs = await runWorktreeGit(gitExe, "/", ["lfs", "version"]).then(
    () => true,
    () => false,
  );
  if (lfs) return t.skip("git-lfs is installed here");
  const { repo, worktrees } = scratchRepository("acp-wt-lfs-", {
    ".gitattributes": "*.bin filter=lfs diff=lfs merge=lfs -text\n",
    "big.bin": "version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 1\n",
  });
  // As `git lfs install` leaves it: a required filter whose program is missing fails every checkout.
  git(repo, "config", "filter.lfs.process", "git-lfs filter-process");
  git(repo, "config", "filter.lfs.required", "true");
  assert.equal((await repositoryOf(gitExe, repo)).usesLfs, true);
  const path = join(worktrees, "lfs");
  const added = await addWorktree(gitExe, { repo, path, branch: "acp/lfs", lockReason: "acp-panel" });
  assert.match(added.notices.join("\n"), /git-lfs is not installed/);
  assert.equal(existsSync(join(path, "big.bin")), true);
});

test("errors in the user's words: no repository, old git, a folder inside the repository", async () => {
  const gitExe = await testGit();
  const plain = scratchDir("acp-wt-plain-");
  const error = await rejectsWith(repositoryOf(gitExe, plain), "not-a-repository");
  assert.match(error.message, /is not a git repository: worktrees need one\. Run git init/);
  assert.ok(error.message.includes(plain));

  const tooOld = (() => {
    try {
      checkWorktreeSupport({ path: gitExe.path, version: "2.16.1" });
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();
  assert.ok(tooOld instanceof WorktreeError && tooOld.kind === "git-too-old");
  assert.match(tooOld.message, /2\.17.*2\.16\.1/);
  checkWorktreeSupport({ path: gitExe.path, version: "2.17.0" });
  checkWorktreeSupport({ path: gitExe.path, version: "2.45.1.windows.1" });

  const { repo, worktrees } = scratchRepository("acp-wt-places-");
  await rejectsWith(worktreePathFor(join(repo, "inside"), repo, "acp/x"), "location-inside-repository");
  const first = await worktreePathFor(worktrees, repo, "acp/x");
  assert.match(first, /worktrees\/repo-[0-9a-f]{8}\/acp-x$/);
  mkdirSync(first, { recursive: true });
  assert.equal(await worktreePathFor(worktrees, repo, "acp/x"), `${first}-2`);
});

test("git is run by its absolute path only, never by a bare name", async () => {
  const gitExe = await testGit();
  const { repo } = scratchRepository("acp-wt-absolute-");
  const error = await rejectsWith(
    runWorktreeGit({ path: "git", version: gitExe.version }, repo, ["status"]),
    "git-unavailable",
  );
  assert.match(error.message, /absolute path/);
  await rejectsWith(
    runWorktreeGit({ path: join(repo, "no-such-git"), version: gitExe.version }, repo, ["status"]),
    "git-unavailable",
  );
});
