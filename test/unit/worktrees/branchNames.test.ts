/** Branch names for sessions in worktrees: suggested from the first prompt, and checked by real git. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  branchExists,
  localBranches,
  suggestBranchName,
  validateBranchName,
} from "../../../src/acp/worktrees/branchNames";
import { git, scratchRepository, testGit } from "../../support/scratchRepository";

const none: ReadonlySet<string> = new Set();

test("a suggestion is the first words of the prompt as a lowercase ASCII slug under acp/", () => {
  assert.equal(suggestBranchName("Please fix the login bug!", none), "acp/fix-login-bug");
  assert.equal(suggestBranchName("  Add   `--verbose` flag to CLI\n\nmore text", none), "acp/add-verbose-flag-to-cli");
  assert.equal(suggestBranchName("Café crème: résumé parsing", none), "acp/cafe-creme-resume-parsing");
  const long = suggestBranchName(
    "Refactorise the authentication middleware and the session storage layer completely",
    none,
  );
  assert.ok(long.length <= 40, long);
  assert.match(long, /^acp\/[a-z0-9]+(-[a-z0-9]+)*$/);
  assert.equal(suggestBranchName("x".repeat(100), none).length <= 40, true);
});

test("a prompt with no usable word falls back to acp/session-<n>", () => {
  assert.equal(suggestBranchName("", none), "acp/session-1");
  assert.equal(suggestBranchName("修复登录错误 🙂", none), "acp/session-1");
  assert.equal(suggestBranchName("please, the", new Set(["acp/session-1", "acp/session-2"])), "acp/session-3");
});

test("a suggestion is free: numbered suffixes, no file/folder clash of refs, case-insensitive", () => {
  assert.equal(suggestBranchName("fix login bug", new Set(["acp/fix-login-bug"])), "acp/fix-login-bug-2");
  assert.equal(
    suggestBranchName("fix login bug", new Set(["acp/fix-login-bug", "acp/fix-login-bug-2"])),
    "acp/fix-login-bug-3",
  );
  assert.equal(suggestBranchName("fix login bug", new Set(["ACP/Fix-Login-Bug"])), "acp/fix-login-bug-2");
  // refs/heads/acp/fix-login-bug/x is a folder where the new branch's file would go.
  assert.equal(suggestBranchName("fix login bug", new Set(["acp/fix-login-bug/x"])), "acp/fix-login-bug-2");
  // A branch `acp` is a file where the acp/ folder would go.
  assert.equal(suggestBranchName("fix login bug", new Set(["acp"])), "acp-fix-login-bug");
});

test("git itself says which names are branch names, and which branches exist", async () => {
  const gitExe = await testGit();
  const { repo } = scratchRepository("acp-wt-names-");
  assert.equal(await validateBranchName(gitExe, repo, "acp/fix-login-bug"), undefined);
  for (const bad of ["", "has space", "a..b", "-x", "@{-1}", "ends.lock", "trailing/", "a~b", "x:y"]) {
    const why = await validateBranchName(gitExe, repo, bad);
    assert.equal(typeof why, "string", `${JSON.stringify(bad)} was accepted`);
  }
  git(repo, "branch", "acp/taken");
  assert.equal(await branchExists(gitExe, repo, "acp/taken"), true);
  assert.equal(await branchExists(gitExe, repo, "acp/free"), false);
  git(repo, "tag", "acp/taken"); // %(refname:short) would now say heads/acp/taken
  assert.deepEqual([...(await localBranches(gitExe, repo))].sort(), ["acp/taken", "main"]);
});
