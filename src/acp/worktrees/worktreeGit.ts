/**
 * Runs git against the USER's repository (unlike checkpoints/gitRunner.ts, which runs a private
 * shadow repository). So the user's global config stays: their identity for commits, LFS filters,
 * credential helpers. What is taken away:
 * - every inherited `GIT_*` variable: a `GIT_DIR`/`GIT_INDEX_FILE`/`GIT_WORK_TREE` from a terminal,
 *   a Dev Container or a hook that started VS Code would point git at another repository or index;
 * - prompts (`GIT_TERMINAL_PROMPT=0`): nobody can answer a terminal prompt here;
 * - hooks, except where VS Code's own git runs them (commit): a `post-checkout` hook on
 *   `worktree add` would run the repository's code for a panel action;
 * - optional locks (`GIT_OPTIONAL_LOCKS=0`): a read never takes `index.lock` from the user's git.
 * git runs by its absolute path (gitExecutable.ts), never by a bare name, never from a shell, and
 * off the host's thread (processThread.ts).
 */
import { isAbsolute } from "node:path";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { runProcess } from "../checkpoints/processThread";
import { WorktreeError, gitFailure } from "./worktreeErrors";

const NO_HOOKS = process.platform === "win32" ? "NUL" : "/dev/null";

export interface WorktreeGitOptions {
  readonly input?: Buffer | string;
  /** Run the repository's hooks: only for commit, as VS Code's Commit does. */
  readonly hooks?: boolean;
  readonly timeoutMs?: number;
  /** Exit codes that are answers, not failures (`show-ref --verify --quiet`: 1 = no such ref). */
  readonly okCodes?: readonly number[];
  /** Another index file than the checkout's own (absolute), for this call only. */
  readonly indexFile?: string;
  /** More `name=value` settings for this call only. */
  readonly config?: readonly string[];
}

export interface GitOutcome {
  /** The exit status: 0, or one of `okCodes`. */
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/**
 * Runs `git <args>` in `cwd`; resolves when git exits 0 or with one of `okCodes`, else rejects with
 * a `WorktreeError` mapped from git's stderr.
 */
export async function runGitOutcome(
  git: GitExecutable,
  cwd: string,
  args: readonly string[],
  options: WorktreeGitOptions = {},
): Promise<GitOutcome> {
  if (!isAbsolute(git.path))
    throw new WorktreeError("git-unavailable", `git must be run by its absolute path, not "${git.path}".`);
  if (!isAbsolute(cwd)) throw new WorktreeError("other", `git must run in an absolute folder, not "${cwd}".`);
  // core.fsmonitor names a program git runs on every index refresh: the repository's config is the
  // workspace's, so it never runs here (it only speeds up status in large repositories).
  const settings = [
    "core.quotePath=false",
    "core.fsmonitor=false",
    ...(options.hooks ? [] : [`core.hooksPath=${NO_HOOKS}`]),
  ];
  const { code, stdout, stderr } = await runProcess({
    file: git.path,
    args: [...[...settings, ...(options.config ?? [])].flatMap((setting) => ["-c", setting]), ...args],
    cwd,
    env: environment(options.indexFile),
    maxBuffer: 512 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 120_000,
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  if (code === undefined) return { code: 0, stdout, stderr };
  if (typeof code === "number" && options.okCodes?.includes(code)) return { code, stdout, stderr };
  throw gitFailure(args, cwd, code, stderr);
}

/** Runs `git <args>` in `cwd` and returns its stdout (bytes); see `runGitOutcome`. */
export async function runWorktreeGit(
  git: GitExecutable,
  cwd: string,
  args: readonly string[],
  options: WorktreeGitOptions = {},
): Promise<Buffer> {
  return (await runGitOutcome(git, cwd, args, options)).stdout;
}

/** Runs `git <args>` in `cwd` and returns its stdout as text, without the final line break. */
export async function gitText(
  git: GitExecutable,
  cwd: string,
  args: readonly string[],
  options: WorktreeGitOptions = {},
): Promise<string> {
  return (await runWorktreeGit(git, cwd, args, options)).toString("utf8").replace(/\r?\n$/, "");
}

/**
 * Read on every call, not cached: worktree commands are rare (per session, not per keystroke), and a
 * PATH changed since (git-lfs installed) must be seen by the filters git starts.
 */
function environment(indexFile: string | undefined): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^GIT_/i.test(name)) env[name] = value;
  env.GIT_TERMINAL_PROMPT = "0";
  env.GIT_OPTIONAL_LOCKS = "0";
  if (indexFile !== undefined) env.GIT_INDEX_FILE = indexFile;
  return env;
}
