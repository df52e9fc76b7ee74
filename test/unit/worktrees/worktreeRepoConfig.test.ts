/**
 * The repository's own config is the workspace's, so untrusted: the worktree commands never run a
 * program it names for `core.fsmonitor` (git runs that hook on every index refresh: `status`,
 * `diff`, `add`). Hooks are off too (worktreeLifecycle.test.ts). The panel also refuses every
 * worktree command in Restricted Mode (worktreeHost.ts), as VS Code's own git does.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addWorktree } from "../../../src/acp/worktrees/worktreeLifecycle";
import { carryUncommitted, changedAgainstBase, commitOnBranch } from "../../../src/acp/worktrees/worktreeChanges";
import { applyToWorkspace } from "../../../src/acp/worktrees/workspaceApply";
import { worktreePathFor } from "../../../src/acp/worktrees/worktreePlaces";
import { git, scratchRepository, testGit, write } from "../../support/scratchRepository";

test(
  "a program the repository's config names as core.fsmonitor never runs",
  { skip: process.platform === "win32" },
  async () => {
    const gitExe = await testGit();
    const { root, repo, worktrees } = scratchRepository("acp-wt-fsmonitor-");
    const marker = join(root, "fsmonitor-ran");
    const hook = join(root, "fsmonitor.sh");
    writeFileSync(hook, `#!/bin/sh\necho ran >> '${marker}'\nexit 1\n`);
    chmodSync(hook, 0o755);
    git(repo, "config", "core.fsmonitor", hook);
    write(repo, "README.md", "the user's uncommitted edit\n");
    write(repo, "untracked.txt", "new\n");
    const path = await worktreePathFor(worktrees, repo, "acp/fsmonitor");
    const added = await addWorktree(gitExe, { repo, path, branch: "acp/fsmonitor", lockReason: "acp-panel test" });
    await carryUncommitted(gitExe, { from: repo, to: path });
    write(path, "agent.txt", "the agent's file\n");
    await changedAgainstBase(gitExe, path, added.baseCommit);
    await applyToWorkspace(gitExe, { worktreePath: path, baseCommit: added.baseCommit, mainFolder: repo, merge: true });
    await commitOnBranch(gitExe, path, "the agent's work");
    assert.equal(existsSync(marker), false, "the repository's fsmonitor program ran");
  },
);
