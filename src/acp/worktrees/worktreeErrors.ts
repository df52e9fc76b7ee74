/**
 * What went wrong with a worktree, in the user's words: one error class whose `kind` the panel
 * switches on, and whose message says what to do next. git's own stderr stays in `detail` (for the
 * log), never as the whole message: "fatal: ..." tells a user nothing about the panel's request.
 */

export type WorktreeErrorKind =
  | "not-a-repository"
  | "bare-repository"
  | "no-commits"
  | "git-unavailable"
  | "git-too-old"
  | "branch-exists"
  | "invalid-branch"
  | "disk-full"
  | "worktree-missing"
  | "worktree-dirty"
  | "location-inside-repository"
  | "other";

export class WorktreeError extends Error {
  constructor(
    readonly kind: WorktreeErrorKind,
    message: string,
    /** git's stderr (or the node error), for the log. */
    readonly detail = "",
  ) {
    super(message);
    this.name = "WorktreeError";
  }
}

export function notARepository(folder: string, detail = ""): WorktreeError {
  return new WorktreeError(
    "not-a-repository",
    `${folder} is not a git repository: worktrees need one. Run git init or open a repository.`,
    detail,
  );
}

export function bareRepository(folder: string): WorktreeError {
  return new WorktreeError(
    "bare-repository",
    `${folder} is a bare repository (no working folder): open a checkout of it to start sessions in worktrees.`,
  );
}

export function gitTooOld(found: string): WorktreeError {
  return new WorktreeError(
    "git-too-old",
    `Sessions in worktrees need git 2.17 or later (git worktree add, list, lock and remove); this git is ${found}. Update git.`,
  );
}

export function branchExists(branch: string): WorktreeError {
  return new WorktreeError(
    "branch-exists",
    `A branch named ${branch} already exists: choose another name (for example ${branch}-2).`,
  );
}

export function worktreeMissing(path: string): WorktreeError {
  return new WorktreeError(
    "worktree-missing",
    `The worktree folder ${path} was removed outside the panel: git has forgotten it (pruned).`,
  );
}

/**
 * The line of git's stderr that says what failed, without its `fatal: `/`error: ` prefix: the first
 * `fatal:`/`error:` line (git prints progress first: "Preparing worktree ..."), else the first line.
 */
export function firstLine(stderr: string): string {
  const lines = stderr.split(/\r?\n/).filter((line) => line.trim() && !line.startsWith("hint:"));
  const failed = lines.find((line) => /^(fatal|error): /.test(line)) ?? lines[0] ?? "";
  return failed.replace(/^(fatal|error|warning): /, "").trim();
}

/**
 * The error for a git call that failed. `code` is the exit status, or a node error code (`ENOENT`:
 * the binary is gone, `ENOSPC`) or the signal that ended it (the timeout sends SIGTERM).
 */
export function gitFailure(
  args: readonly string[],
  cwd: string,
  code: number | string | undefined,
  stderr: string,
): WorktreeError {
  const command = `git ${args.find((arg) => !arg.startsWith("-")) ?? ""}`.trim();
  const detail = `${command} (${String(code)}): ${stderr.trim().slice(0, 2000)}`;
  if (code === "ENOENT" || code === "EACCES")
    return new WorktreeError("git-unavailable", "git could not be started: is it still installed?", detail);
  if (code === "ENOSPC" || /No space left on device|ENOSPC/i.test(stderr))
    return new WorktreeError("disk-full", `The disk is full: free some space and try again (${command}).`, detail);
  if (/not a git repository/i.test(stderr)) return notARepository(cwd, detail);
  if (/must be run in a work tree/i.test(stderr)) return withDetail(bareRepository(cwd), detail);
  const exists = /a branch named '(.+)' already exists/.exec(stderr);
  if (exists?.[1]) return withDetail(branchExists(exists[1]), detail);
  if (/'worktree' is not a git command|unknown subcommand/i.test(stderr))
    return new WorktreeError("git-too-old", "This git has no (or an old) git worktree: update git.", detail);
  if (/is a missing but (locked|already registered) worktree/.test(stderr))
    return new WorktreeError(
      "worktree-missing",
      "A worktree folder there was deleted by hand and git still remembers it: remove it from the worktree list (or run git worktree prune) first.",
      detail,
    );
  if (/is not a working tree|does not exist/i.test(stderr) && args.includes("worktree"))
    return new WorktreeError("worktree-missing", `${firstLine(stderr)}: the worktree is gone.`, detail);
  if (/contains modified or untracked files|containing submodules cannot be/i.test(stderr))
    return new WorktreeError(
      "worktree-dirty",
      "The worktree has changes that are not committed (or submodules): apply or commit them first, or remove it anyway.",
      detail,
    );
  if (/filter '\w+' failed|git-lfs: (command )?not found|git-lfs filter-process/.test(stderr))
    return new WorktreeError(
      "other",
      "This repository stores files with Git LFS and git-lfs is not installed (or failed): install git-lfs.",
      detail,
    );
  if (typeof code === "string" && /^SIG/.test(code))
    return new WorktreeError("other", `${command} did not finish in time and was stopped.`, detail);
  return new WorktreeError("other", firstLine(stderr) || `${command} failed (${String(code)}).`, detail);
}

function withDetail(error: WorktreeError, detail: string): WorktreeError {
  return new WorktreeError(error.kind, error.message, detail);
}
