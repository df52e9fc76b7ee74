/**
 * Making and taking down a session's worktree. Every command runs with the main checkout's top
 * level as its working folder, never inside the worktree: `worktree remove` refuses the folder it
 * runs in, and Windows cannot delete a process's current folder.
 *
 * The panel's worktrees are locked (`--lock --reason`) from birth: `git worktree prune` (or `gc`)
 * then never forgets one whose folder is on an unmounted disk. The flip side: prune skips locked
 * worktrees even when their folder is really gone, so they are unlocked before pruning.
 */
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { branchExists, validateBranchName } from "./branchNames";
import { lfsInstalled, lfsOverrides } from "./lfsFilter";
import { WorktreeError, branchExists as branchExistsError } from "./worktreeErrors";
import { gitText, runGitOutcome, runWorktreeGit } from "./worktreeGit";
import { listWorktrees, type WorktreeEntry } from "./worktreeList";
import { isWithin } from "./worktreePlaces";
import { checkWorktreeSupport, gitAtLeast, repositoryOf } from "./worktreeRepository";

export interface AddWorktreeRequest {
  /** Any folder of the main checkout. */
  readonly repo: string;
  /** Absolute folder for the worktree (worktreePlaces.ts): missing or empty. */
  readonly path: string;
  /** The new branch; an existing one is refused (`branch-exists`), nothing is created. */
  readonly branch: string;
  /** What the branch starts from: a commit-ish, HEAD (detached or not) by default. */
  readonly base?: string;
  /** Shown by `git worktree list`: say who made it (`acp-panel <session>`). */
  readonly lockReason: string;
}

export interface AddedWorktree {
  readonly path: string;
  readonly branch: string;
  /** The commit `base` named when the worktree was made: what its changes are measured against. */
  readonly baseCommit: string;
  /** What does not work as in the main checkout (submodules, LFS), in the user's words. */
  readonly notices: string[];
}

export async function addWorktree(git: GitExecutable, request: AddWorktreeRequest): Promise<AddedWorktree> {
  checkWorktreeSupport(git);
  const { path, branch, lockReason } = request;
  const base = request.base ?? "HEAD";
  const facts = await repositoryOf(git, request.repo);
  const cwd = facts.topLevel;
  const invalid = await validateBranchName(git, cwd, branch);
  if (invalid) throw new WorktreeError("invalid-branch", invalid);
  if (await branchExists(git, cwd, branch)) throw branchExistsError(branch);
  if (base.startsWith("-")) throw new WorktreeError("other", `"${base}" is not a commit.`);
  const resolved = await runGitOutcome(git, cwd, ["rev-parse", "--verify", "--quiet", `${base}^{commit}`], {
    okCodes: [1],
  });
  const baseCommit = resolved.stdout.toString("utf8").trim();
  if (resolved.code !== 0 || !baseCommit) throw new WorktreeError("other", `"${base}" is not a commit.`);
  if (!isAbsolute(path)) throw new WorktreeError("other", `The worktree folder must be an absolute path: ${path}.`);
  if (isWithin(cwd, resolve(path)))
    throw new WorktreeError(
      "location-inside-repository",
      `${path} is inside the repository: choose a folder outside it.`,
    );
  if (existsSync(path) && (!statSync(path).isDirectory() || readdirSync(path).length > 0))
    throw new WorktreeError("other", `The folder ${path} already exists and is not empty: choose another one.`);
  await mkdir(dirname(path), { recursive: true });

  const notices: string[] = [];
  const config: string[] = [];
  if (facts.hasSubmodules)
    notices.push(
      "Submodules are not checked out in the worktree: run git submodule update --init there if the session needs them.",
    );
  if (facts.usesLfs && !(await lfsInstalled(git))) {
    config.push(...(await lfsOverrides(git)));
    notices.push("git-lfs is not installed: files stored with Git LFS stay as small pointer files in the worktree.");
  }
  // `add --reason` came in 2.33; before, `add --lock` can only give the default reason.
  const withReason = gitAtLeast(git.version, 2, 33);
  const lock = withReason ? ["--lock", "--reason", lockReason] : [];
  try {
    await runWorktreeGit(git, cwd, ["worktree", "add", ...lock, "-b", branch, path, baseCommit], { config });
    if (!withReason) await runWorktreeGit(git, cwd, ["worktree", "lock", "--reason", lockReason, path]);
  } catch (error) {
    // `-b` makes the branch before the checkout: a checkout that failed (disk full) leaves it behind.
    if (await branchExists(git, cwd, branch).catch(() => false))
      await runGitOutcome(git, cwd, ["branch", "-D", branch], { okCodes: [1] }).catch(() => undefined);
    throw error;
  }
  return { path, branch, baseCommit, notices };
}

export interface RemoveWorktreeRequest {
  /** The main checkout's top level (the working folder of every command). */
  readonly repo: string;
  readonly path: string;
  /** Delete this branch afterwards (`branch -D`: its commits may be unmerged). */
  readonly deleteBranch?: string;
  /** Remove even with uncommitted changes or submodules (`--force --force`: also when locked). */
  readonly force?: boolean;
}

export interface RemovedWorktree {
  /** The folder was already gone (deleted by hand): git's records of it were pruned instead. */
  readonly pruned: boolean;
  readonly branchDeleted: boolean;
}

/**
 * Unlocks, removes (or prunes, when the folder was deleted by hand), then deletes the branch if
 * asked. A refused removal (uncommitted changes: `worktree-dirty`) leaves the worktree locked again.
 */
export async function removeWorktree(git: GitExecutable, request: RemoveWorktreeRequest): Promise<RemovedWorktree> {
  checkWorktreeSupport(git);
  const repo = resolve(request.repo);
  const path = resolve(request.path);
  if (isWithin(path, repo))
    throw new WorktreeError(
      "other",
      `${path} is the main checkout (or holds it): only a linked worktree can be removed.`,
    );
  const entry = (await listWorktrees(git, repo)).find((listed) => samePath(listed.path, path));
  const gone = !existsSync(path);
  if (entry?.locked !== undefined) await unlock(git, repo, entry.path);
  if (!entry || gone) {
    await runWorktreeGit(git, repo, ["worktree", "prune"]);
  } else {
    const force = request.force ? ["--force", "--force"] : [];
    try {
      await runWorktreeGit(git, repo, ["worktree", "remove", ...force, entry.path]);
    } catch (error) {
      if (entry.locked !== undefined) await relock(git, repo, entry);
      throw error;
    }
  }
  const branchDeleted = request.deleteBranch ? await deleteBranch(git, repo, request.deleteBranch) : false;
  return { pruned: !entry || gone, branchDeleted };
}

/**
 * `worktree prune`, after unlocking those of `ours` (the panel's records) whose folder is gone:
 * prune never touches a locked one. Returns the paths git forgot.
 */
export async function pruneWorktrees(
  git: GitExecutable,
  repo: string,
  ours: readonly string[] = [],
): Promise<string[]> {
  const before = await listWorktrees(git, repo);
  for (const entry of before)
    if (entry.locked !== undefined && !existsSync(entry.path) && ours.some((mine) => samePath(mine, entry.path)))
      await unlock(git, repo, entry.path);
  await runWorktreeGit(git, repo, ["worktree", "prune"]);
  const after = await listWorktrees(git, repo);
  return before.filter((entry) => !after.some((left) => left.path === entry.path)).map((entry) => entry.path);
}

async function unlock(git: GitExecutable, repo: string, path: string): Promise<void> {
  const { code, stderr } = await runGitOutcome(git, repo, ["worktree", "unlock", path], { okCodes: [128] });
  if (code !== 0 && !/is not locked/.test(stderr))
    throw new WorktreeError("other", `The worktree ${path} could not be unlocked.`, stderr);
}

async function relock(git: GitExecutable, repo: string, entry: WorktreeEntry): Promise<void> {
  const reason = typeof entry.locked === "string" ? ["--reason", entry.locked] : [];
  await runGitOutcome(git, repo, ["worktree", "lock", ...reason, entry.path], { okCodes: [128] }).catch(
    () => undefined,
  );
}

/** `branch -D`; false when the branch was already gone. Fails while it is checked out in a worktree. */
async function deleteBranch(git: GitExecutable, repo: string, branch: string): Promise<boolean> {
  if (!(await branchExists(git, repo, branch))) return false;
  await gitText(git, repo, ["branch", "-D", branch]);
  return true;
}

/**
 * git reports real paths; the caller's may go through a link (`/tmp` → `/private/tmp` on macOS),
 * and a folder deleted by hand has no real path: its nearest existing ancestor's is used.
 */
function samePath(a: string, b: string): boolean {
  const [x, y] = [realNearest(resolve(a)), realNearest(resolve(b))];
  return process.platform === "linux" ? x === y : x.toLowerCase() === y.toLowerCase();
}

function realNearest(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realNearest(parent), basename(path));
  }
}
