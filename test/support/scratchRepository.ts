/**
 * Real git repositories for the worktree tests, in scratch folders (removed when the process exits).
 * The tests' own git calls get the same clean environment as the code under test: a `GIT_DIR` or
 * `GIT_INDEX_FILE` inherited from a hook that runs the tests must not point them elsewhere.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { findGit, type GitExecutable } from "../../src/acp/checkpoints/gitExecutable";
import { scratchDir } from "./scratchDir";

let found: Promise<GitExecutable> | undefined;

/** git by its absolute path, found on PATH. */
export function testGit(): Promise<GitExecutable> {
  return (found ??= findGit(process.env.PATH, []));
}

function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^GIT_/i.test(name)));
}

/** Runs git in `cwd` and returns its stdout (throws on failure). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: cleanEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** `git status --porcelain` with ignored files too: any change the code under test made shows here. */
export function statusOf(cwd: string): string {
  return git(cwd, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignored");
}

/** The checkout's index file's bytes (`rev-parse --git-path index`: a linked worktree's is elsewhere). */
export function indexBytes(cwd: string): Buffer {
  return readFileSync(resolve(cwd, git(cwd, "rev-parse", "--git-path", "index").trim()));
}

export function write(root: string, path: string, content: string | Buffer): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

export interface ScratchRepository {
  /** The scratch root: the repository and the worktrees' base folder are inside it. */
  readonly root: string;
  /** The main checkout (a real path). */
  readonly repo: string;
  /** Where worktrees go (outside the repository). */
  readonly worktrees: string;
}

/** Makes `repo` a repository on branch `main` whose one commit holds exactly `files` (none: an empty commit). */
export function initRepository(repo: string, files: Record<string, string | Buffer>): void {
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch=main");
  git(repo, "config", "user.name", "Test User");
  git(repo, "config", "user.email", "test@example.invalid");
  git(repo, "config", "commit.gpgSign", "false");
  for (const [path, content] of Object.entries(files)) write(repo, path, content);
  git(repo, "add", "--all");
  git(repo, "commit", "--quiet", "--allow-empty", "-m", "initial");
}

/** A repository on branch `main` with one commit of `files` (and a README.md). */
export function scratchRepository(prefix: string, files: Record<string, string | Buffer> = {}): ScratchRepository {
  const root = realpathSync(scratchDir(prefix));
  const repo = join(root, "repo");
  initRepository(repo, { "README.md": "hello\n", ...files });
  return { root, repo, worktrees: join(root, "worktrees") };
}

/** Commits everything in `cwd`; returns the new commit. */
export function commitAll(cwd: string, message: string): string {
  git(cwd, "add", "--all");
  git(cwd, "commit", "--quiet", "-m", message);
  return git(cwd, "rev-parse", "HEAD").trim();
}
