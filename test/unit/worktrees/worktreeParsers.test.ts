/**
 * The pure parts of the worktree layer, on hand-written inputs: git's porcelain list (with and
 * without `-z`), raw diffs, relative paths that must stay inside their folder, and folder names.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseRawDiff } from "../../../src/acp/worktrees/worktreeChanges";
import { gitFailure } from "../../../src/acp/worktrees/worktreeErrors";
import { parseWorktreeList } from "../../../src/acp/worktrees/worktreeList";
import { safeRelative } from "../../../src/acp/worktrees/worktreePaths";
import { folderSlug } from "../../../src/acp/worktrees/worktreePlaces";

const SHA = "65758e118d699712dd647367422ff228c8e02e81";

test("the -z list: paths with spaces and line breaks, lock reasons, detached, bare and prunable records", () => {
  const out = [
    "worktree /repos/main.git\0bare\0",
    `worktree /repos/with space\nand newline\0HEAD ${SHA}\0branch refs/heads/acp/fix-login\0locked acp-panel tab 1\nsecond line\0`,
    `worktree /repos/detached\0HEAD ${SHA}\0detached\0locked\0`,
    `worktree /repos/gone\0HEAD ${SHA}\0branch refs/heads/old\0prunable gitdir file points to non-existent location\0`,
    `worktree /repos/unknown\0HEAD ${SHA}\0branch refs/heads/x\0some-future-attribute value\0prunable\0`,
  ].join("\0");
  assert.deepEqual(parseWorktreeList(out, true), [
    { path: "/repos/main.git", detached: false, bare: true },
    {
      path: "/repos/with space\nand newline",
      head: SHA,
      branch: "acp/fix-login",
      detached: false,
      bare: false,
      locked: "acp-panel tab 1\nsecond line",
    },
    { path: "/repos/detached", head: SHA, detached: true, bare: false, locked: true },
    {
      path: "/repos/gone",
      head: SHA,
      branch: "old",
      detached: false,
      bare: false,
      prunable: "gitdir file points to non-existent location",
    },
    { path: "/repos/unknown", head: SHA, branch: "x", detached: false, bare: false, prunable: true },
  ]);
});

test("the list without -z (git before 2.36): C-quoted reasons are unquoted, a path's line break is kept", () => {
  const out = [
    `worktree /repos/main`,
    `HEAD ${SHA}`,
    `branch refs/heads/main`,
    ``,
    `worktree /repos/odd`,
    `name`,
    `HEAD ${SHA}`,
    `branch refs/heads/b`,
    `locked "why\\nnot \\"this\\" caf\\303\\251"`,
    ``,
    `worktree /repos/plain reason`,
    `HEAD ${SHA}`,
    `detached`,
    `locked plain words`,
    ``,
  ].join("\n");
  assert.deepEqual(parseWorktreeList(out, false), [
    { path: "/repos/main", head: SHA, branch: "main", detached: false, bare: false },
    { path: "/repos/odd\nname", head: SHA, branch: "b", detached: false, bare: false, locked: 'why\nnot "this" café' },
    { path: "/repos/plain reason", head: SHA, detached: true, bare: false, locked: "plain words" },
  ]);
  assert.deepEqual(parseWorktreeList("", false), []);
  assert.deepEqual(parseWorktreeList("", true), []);
});

test("raw diffs: added, modified, deleted, renamed with its old path, type changes as modified", () => {
  const zero = "0".repeat(40);
  const a = "a".repeat(40);
  const b = "b".repeat(40);
  const out = [
    `:000000 100644 ${zero} ${a} A`,
    "new file.txt",
    `:100644 100644 ${a} ${b} M`,
    "dir/changed\nname",
    `:100644 000000 ${a} ${zero} D`,
    "gone.bin",
    `:100644 100644 ${a} ${b} R087`,
    "old/name.ts",
    "new/name.ts",
    `:100644 120000 ${a} ${b} T`,
    "link",
    "",
  ].join("\0");
  assert.deepEqual(
    parseRawDiff(out).map(({ path, status, oldPath }) => ({ path, status, oldPath })),
    [
      { path: "new file.txt", status: "added", oldPath: undefined },
      { path: "dir/changed\nname", status: "modified", oldPath: undefined },
      { path: "gone.bin", status: "deleted", oldPath: undefined },
      { path: "new/name.ts", status: "renamed", oldPath: "old/name.ts" },
      { path: "link", status: "modified", oldPath: undefined },
    ],
  );
  assert.equal(parseRawDiff(out)[3]?.oldBlob, a);
});

test("a relative path is used only when it stays inside its folder and out of .git", () => {
  for (const ok of ["a.txt", "dir/sub/file name.md", ".github/workflows/ci.yml", ".gitignore", "x/.gitkeep"])
    assert.equal(safeRelative(ok), true, ok);
  for (const bad of [
    "",
    "../x",
    "a/../../x",
    "/etc/passwd",
    "a//b",
    "./a",
    ".git/config",
    "sub/.GIT/hooks/x",
    "a\0b",
    "a\\b",
  ])
    assert.equal(safeRelative(bad), false, JSON.stringify(bad));
});

test("folder names from branch names are one safe folder on every platform", () => {
  assert.equal(folderSlug("acp/fix-login-bug"), "acp-fix-login-bug");
  assert.equal(folderSlug("feature/ünïcode name"), "feature-unicode-name");
  assert.equal(folderSlug("..hidden."), "hidden");
  assert.equal(folderSlug("con"), "con-wt");
  assert.equal(folderSlug("LPT1.txt"), "LPT1.txt-wt");
  assert.equal(folderSlug("///"), "");
  assert.ok(folderSlug("x".repeat(200)).length <= 60);
});

test("git's failures become errors in the user's words, with git's stderr kept as detail", () => {
  const add = ["worktree", "add", "--lock", "-b", "acp/x", "/w/x", "HEAD"];
  const cases: [readonly string[], number | string, string, string, RegExp][] = [
    [
      ["rev-parse"],
      128,
      "fatal: not a git repository (or any of the parent directories): .git\n",
      "not-a-repository",
      /\/home\/me\/plain is not a git repository: worktrees need one\. Run git init/,
    ],
    [
      add,
      255,
      "Preparing worktree (new branch 'acp/x')\nfatal: a branch named 'acp/x' already exists\n",
      "branch-exists",
      /acp\/x already exists: choose another name/,
    ],
    [add, 128, "error: unable to write file src/a.ts: No space left on device\n", "disk-full", /disk is full/],
    [["status"], "ENOSPC", "", "disk-full", /disk is full/],
    [
      ["worktree", "remove", "/w/x"],
      128,
      "fatal: '/w/x' is not a working tree\n",
      "worktree-missing",
      /is not a working tree/,
    ],
    [
      ["worktree", "remove", "/w/x"],
      128,
      "fatal: '/w/x' contains modified or untracked files, use --force to delete it\n",
      "worktree-dirty",
      /not committed/,
    ],
    [
      add,
      128,
      "fatal: '/w/x' is a missing but locked worktree;\nuse 'add -f -f' to override",
      "worktree-missing",
      /deleted by hand/,
    ],
    [["rev-parse"], 128, "fatal: this operation must be run in a work tree\n", "bare-repository", /bare repository/],
    [["worktree", "list"], 1, "git: 'worktree' is not a git command. See 'git --help'.\n", "git-too-old", /update git/],
    [["status"], "ENOENT", "", "git-unavailable", /could not be started/],
    [["add"], "SIGTERM", "", "other", /did not finish in time/],
    [
      add,
      128,
      "Preparing worktree (new branch 'acp/x')\nhint: something\nfatal: invalid reference: nope\n",
      "other",
      /^invalid reference: nope$/,
    ],
  ];
  for (const [args, code, stderr, kind, message] of cases) {
    const error = gitFailure(args, "/home/me/plain", code, stderr);
    assert.equal(error.kind, kind, stderr);
    assert.match(error.message, message);
    assert.ok(error.detail.includes(stderr.trim()), "git's stderr is kept");
  }
});
