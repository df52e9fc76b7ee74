/**
 * A worktree's changes against its base (committed, staged, unstaged, untracked, deleted, binary)
 * read without touching its index; the main folder's uncommitted work carried into a new worktree
 * without touching the main folder; and a commit on the worktree's branch, with the user's hooks.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { carryUncommitted, changedAgainstBase, commitOnBranch } from "../../../src/acp/worktrees/worktreeChanges";
import { addWorktree } from "../../../src/acp/worktrees/worktreeLifecycle";
import {
  commitAll,
  git,
  indexBytes,
  scratchRepository,
  statusOf,
  testGit,
  write,
} from "../../support/scratchRepository";

const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff, 0xfe, 0]);

async function worktreeOf(prefix: string, files: Record<string, string | Buffer> = {}) {
  const gitExe = await testGit();
  const scratch = scratchRepository(prefix, files);
  const path = join(scratch.worktrees, "session");
  const added = await addWorktree(gitExe, { repo: scratch.repo, path, branch: "acp/session", lockReason: "acp-panel" });
  return { gitExe, ...scratch, path, baseCommit: added.baseCommit };
}

test("changedAgainstBase sees committed, staged, unstaged, untracked, deleted and binary changes; the index stays", async () => {
  const { gitExe, path, baseCommit } = await worktreeOf("acp-wt-changes-", {
    "committed.txt": "one\n",
    "staged.txt": "one\n",
    "unstaged.txt": "one\n",
    "deleted.txt": "bye\n",
    "image.png": BINARY,
    "moved/from.md": "a file long enough that a rename is detected as a rename\n".repeat(5),
    ".gitignore": "*.log\n",
  });
  write(path, "committed.txt", "two\n");
  commitAll(path, "on the branch");
  write(path, "staged.txt", "two\n");
  git(path, "add", "staged.txt");
  write(path, "unstaged.txt", "two\n");
  write(path, "new dir/untracked file.txt", "new\n");
  write(path, "ignored.log", "not a change\n");
  unlinkSync(join(path, "deleted.txt"));
  write(path, "image.png", Buffer.concat([BINARY, Buffer.from([1])]));
  write(path, "moved/to.md", readFileSync(join(path, "moved/from.md")));
  unlinkSync(join(path, "moved/from.md"));

  const [statusBefore, indexBefore] = [statusOf(path), indexBytes(path)];
  const changes = await changedAgainstBase(gitExe, path, baseCommit);
  assert.deepEqual(
    changes.sort((a, b) => a.path.localeCompare(b.path)),
    [
      { path: "committed.txt", status: "modified" },
      { path: "deleted.txt", status: "deleted" },
      { path: "image.png", status: "modified" },
      { path: "moved/to.md", status: "renamed", oldPath: "moved/from.md" },
      { path: "new dir/untracked file.txt", status: "added" },
      { path: "staged.txt", status: "modified" },
      { path: "unstaged.txt", status: "modified" },
    ],
  );
  assert.equal(statusOf(path), statusBefore);
  assert.deepEqual(indexBytes(path), indexBefore);
  assert.deepEqual(
    await changedAgainstBase(gitExe, path, git(path, "rev-parse", "HEAD").trim()).then((c) => c.length),
    6,
  );
});

test("a file rewritten right after the checkout, same size, same second, is seen as changed (racy git)", async () => {
  const { gitExe, path, baseCommit } = await worktreeOf("acp-wt-racy-", { "same-size.txt": "aaaa\n" });
  write(path, "same-size.txt", "bbbb\n"); // stat: same size, same inode, mtime in the index's second
  assert.deepEqual(await changedAgainstBase(gitExe, path, baseCommit), [{ path: "same-size.txt", status: "modified" }]);
});

test("carryUncommitted copies modified, untracked and deleted files; the main folder is only read", async () => {
  const gitExe = await testGit();
  const { repo, worktrees } = scratchRepository("acp-wt-carry-", {
    "src/app.ts": "export const a = 1;\n",
    "staged.txt": "one\n",
    "gone.txt": "bye\n",
    "tool.sh": "#!/bin/sh\necho hi\n",
    "image.bin": BINARY,
    ".gitignore": "secret.env\n",
  });
  write(repo, "src/app.ts", "export const a = 2;\r\n");
  write(repo, "staged.txt", "two\n");
  git(repo, "add", "staged.txt");
  write(repo, "notes/todo.md", "untracked\n");
  write(repo, "secret.env", "TOKEN=never-carried\n");
  write(repo, "image.bin", Buffer.concat([BINARY, BINARY]));
  unlinkSync(join(repo, "gone.txt"));
  chmodSync(join(repo, "tool.sh"), 0o755);
  const before = {
    status: statusOf(repo),
    index: indexBytes(repo),
    stash: git(repo, "stash", "list"),
    app: readFileSync(join(repo, "src/app.ts")),
  };

  const path = join(worktrees, "carried");
  await addWorktree(gitExe, { repo, path, branch: "acp/carried", lockReason: "acp-panel" });
  const { carried, skipped } = await carryUncommitted(gitExe, { from: repo, to: path });
  assert.deepEqual(skipped, []);
  assert.deepEqual(carried.sort(), ["gone.txt", "image.bin", "notes/todo.md", "src/app.ts", "staged.txt", "tool.sh"]);
  for (const file of ["src/app.ts", "staged.txt", "notes/todo.md", "image.bin"])
    assert.deepEqual(readFileSync(join(path, file)), readFileSync(join(repo, file)), file);
  assert.equal(existsSync(join(path, "gone.txt")), false);
  if (process.platform !== "win32") assert.equal(statSync(join(path, "tool.sh")).mode & 0o777, 0o755);
  assert.equal(existsSync(join(path, "secret.env")), false, "an ignored file was carried");

  assert.equal(statusOf(repo), before.status);
  assert.deepEqual(indexBytes(repo), before.index);
  assert.equal(git(repo, "stash", "list"), before.stash);
  assert.deepEqual(readFileSync(join(repo, "src/app.ts")), before.app);
  assert.equal(existsSync(join(repo, "gone.txt")), false);
});

test("commitOnBranch commits on the worktree's branch with the user's hooks; nothing to commit is an answer", async () => {
  const { gitExe, root, repo, path } = await worktreeOf("acp-wt-commit-");
  assert.deepEqual(await commitOnBranch(gitExe, path, "nothing here"), {
    committed: false,
    reason: "nothing to commit",
  });
  const marker = join(root, "pre-commit-ran");
  writeFileSync(join(repo, ".git", "hooks", "pre-commit"), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
  write(path, "feature.txt", "done\n");
  const outcome = await commitOnBranch(gitExe, path, "-m looks like an option\n\nbody");
  assert.equal(outcome.committed, true);
  assert.equal(existsSync(marker), true, "the pre-commit hook did not run");
  assert.equal(git(repo, "rev-parse", "refs/heads/acp/session").trim(), outcome.committed ? outcome.commit : "");
  assert.equal(git(repo, "log", "-1", "--format=%s", "acp/session").trim(), "-m looks like an option");
  assert.equal(git(repo, "rev-parse", "--abbrev-ref", "HEAD").trim(), "main");
  assert.equal(statusOf(path), "");
});
