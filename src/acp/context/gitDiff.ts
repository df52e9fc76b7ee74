/**
 * The working-tree or staged diff of a repository, for "Add … Diff to Prompt". git runs by the
 * absolute path the checkpoints resolved (gitExecutable.ts), never by bare name, and with the
 * repository's config unable to run a program: no external diff, no textconv, no fsmonitor, no
 * pager. (A clean filter can still run for the working-tree diff, as in any `git diff`: the host
 * asks for a trusted workspace first.) No `GIT_*` variable of the host's environment reaches it. The
 * output is cut at `MAX_DIFF_BYTES`, and git is stopped after `GIT_DIFF_TIMEOUT_MS`.
 */
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { runProcess } from "../checkpoints/processThread";
import { basename, isAbsolute, relative, sep } from "node:path";

export const MAX_DIFF_BYTES = 256 * 1024;
export const GIT_DIFF_TIMEOUT_MS = 30_000;

export interface GitDiff {
  readonly text: string;
  /** The diff was longer than `MAX_DIFF_BYTES` and was cut. */
  readonly truncated: boolean;
}

const SAFE_CONFIG = ["-c", "core.fsmonitor=false", "-c", "diff.external=", "-c", "core.pager=cat", "--no-pager"];

/** The host's environment without `GIT_*`: a terminal's or a Dev Container's GIT_DIR must not pick the repository. */
function environment(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^GIT_/i.test(name)) env[name] = value;
  return { ...env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" };
}

// Through the checkpoints' process thread: starting a child on the host's thread stalls it (fork
// copies the host's page tables), and execFile's timeout and maxBuffer bound the run.
async function run(
  git: GitExecutable,
  cwd: string,
  args: readonly string[],
  cap: number,
  timeoutMs: number,
): Promise<GitDiff> {
  const outcome = await runProcess({
    file: git.path,
    args: [...SAFE_CONFIG, ...args],
    cwd,
    env: environment(),
    timeoutMs,
    maxBuffer: cap,
  });
  const truncated = outcome.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER";
  if (outcome.code === "SIGTERM") throw new Error(`git timed out after ${Math.round(timeoutMs / 1000)} s`);
  if (!truncated && outcome.code !== undefined) {
    throw new Error(outcome.stderr.trim().slice(-2000) || `git exited with ${String(outcome.code)}`);
  }
  const text = outcome.stdout.subarray(0, cap).toString("utf8");
  // Cut at a line end so no half character or half line is sent.
  return { text: truncated ? text.slice(0, text.lastIndexOf("\n") + 1) : text, truncated };
}

/** `git diff` (working tree against the index) or `git diff --cached` (the index against HEAD). */
export function gitDiff(
  git: GitExecutable,
  folder: string,
  kind: "working-tree" | "staged",
  cap = MAX_DIFF_BYTES,
  timeoutMs = GIT_DIFF_TIMEOUT_MS,
): Promise<GitDiff> {
  return run(
    git,
    folder,
    ["diff", ...(kind === "staged" ? ["--cached"] : []), "--no-ext-diff", "--no-textconv", "--no-color"],
    cap,
    timeoutMs,
  );
}

export interface NamedFolder {
  readonly name: string;
  /** Absolute file system path. */
  readonly path: string;
}

/**
 * How a repository is named to the agent in a multi-root workspace: the workspace folder's name,
 * with the path inside it when the repository is deeper, else the repository folder's own name.
 * Never an absolute path: that would tell the agent the user's home directory and account name.
 */
export function repositoryLabel(repository: string, folders: readonly NamedFolder[]): string {
  for (const folder of folders) {
    const inside = relative(folder.path, repository);
    if (inside === "") return folder.name;
    if (!inside.startsWith("..") && !isAbsolute(inside)) return `${folder.name}/${inside.split(sep).join("/")}`;
  }
  return basename(repository) || "repository";
}
