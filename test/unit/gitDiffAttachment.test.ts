/**
 * Issue 28: Source Control's "Add … Diff to Prompt" reads the diff with git by its absolute path,
 * and a repository's config can't make that run a program (external diff, textconv).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findGit, type GitExecutable } from "../../src/acp/checkpoints/gitExecutable";
import { gitDiff, repositoryLabel } from "../../src/acp/context/gitDiff";
import { scratchDir } from "../support/scratchDir";

test("working-tree and staged diffs, cut at the cap, and no program from the repository's config", async () => {
  const git = await findGit(process.env.PATH, []);
  const dir = realpathSync(scratchDir("acp-git-diff-"));
  const sh = (...args: string[]) => execFileSync(git.path, args, { cwd: dir });
  sh("init", "-q");
  sh("config", "user.email", "t@example.com");
  sh("config", "user.name", "t");
  writeFileSync(join(dir, "a.txt"), "one\n");
  writeFileSync(join(dir, "b.txt"), "bee\n");
  sh("add", ".");
  sh("commit", "-qm", "init");
  writeFileSync(join(dir, "a.txt"), "one\nstaged\n");
  sh("add", "a.txt");
  writeFileSync(join(dir, "b.txt"), "bee\nunstaged\n");
  // A hostile repository: an external diff and a textconv that would leave a marker.
  const marker = join(dir, "ran");
  writeFileSync(join(dir, "evil.sh"), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
  sh("config", "diff.external", join(dir, "evil.sh"));
  sh("config", "diff.evil.textconv", join(dir, "evil.sh"));
  writeFileSync(join(dir, ".gitattributes"), "*.txt diff=evil\n");

  const staged = await gitDiff(git, dir, "staged");
  assert.match(staged.text, /\+staged/);
  assert.doesNotMatch(staged.text, /unstaged/);
  const working = await gitDiff(git, dir, "working-tree");
  assert.match(working.text, /\+unstaged/);
  assert.doesNotMatch(working.text, /\+staged/);
  assert.equal(existsSync(marker), false, "the repository's config ran a program");

  const cut = await gitDiff(git, dir, "working-tree", 40);
  assert.equal(cut.truncated, true);
  assert.ok(cut.text.length <= 40 && (cut.text === "" || cut.text.endsWith("\n")));
});

/** A stand-in for git at an absolute path: a script, so the test sees what git would be given. */
function fakeGit(body: string): GitExecutable {
  const dir = realpathSync(scratchDir("acp-fake-git-"));
  const path = join(dir, "git");
  writeFileSync(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return { path, version: "fake" };
}

test("git runs without the host's GIT_* variables (a terminal's or a Dev Container's GIT_DIR never redirects it)", async () => {
  const saved = { GIT_DIR: process.env.GIT_DIR, GIT_INDEX_FILE: process.env.GIT_INDEX_FILE };
  process.env.GIT_DIR = "/elsewhere/.git";
  process.env.GIT_INDEX_FILE = "/elsewhere/index";
  try {
    const seen = await gitDiff(fakeGit("env"), realpathSync(scratchDir("acp-git-env-")), "working-tree");
    assert.doesNotMatch(seen.text, /^GIT_(DIR|INDEX_FILE)=/m);
    assert.match(seen.text, /^GIT_TERMINAL_PROMPT=0$/m);
    assert.match(seen.text, /^PATH=/m, "the rest of the environment is kept");
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

test(
  "a git that never answers is stopped at the timeout and reported, never awaited forever",
  { timeout: 10_000 },
  async () => {
    const started = Date.now();
    await assert.rejects(
      gitDiff(fakeGit("exec sleep 30"), realpathSync(scratchDir("acp-git-hang-")), "staged", undefined, 300),
      /timed out/,
    );
    assert.ok(Date.now() - started < 5_000);
  },
);

test("a repository is labelled by its workspace folder's name, never by its absolute path", () => {
  const folders = [
    { name: "api", path: join("/home", "alice", "work", "api") },
    { name: "Web App", path: join("/home", "alice", "web") },
  ];
  assert.equal(repositoryLabel(join("/home", "alice", "web"), folders), "Web App");
  assert.equal(
    repositoryLabel(join("/home", "alice", "work", "api", "packages", "core"), folders),
    "api/packages/core",
  );
  // A repository outside every folder (a parent repository): its own folder's name only.
  assert.equal(repositoryLabel(join("/home", "alice", "work"), folders), "work");
  assert.equal(repositoryLabel(join("/home", "alice", "work", "api-old"), folders), "api-old");
});
