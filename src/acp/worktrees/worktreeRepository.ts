/** The user's repository a folder belongs to, and whether this git can make worktrees of it. */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { WorktreeError, bareRepository, gitTooOld, notARepository } from "./worktreeErrors";
import { gitText, runGitOutcome } from "./worktreeGit";

export interface RepositoryFacts {
  /** The checkout's top level (git's answer: symlinks resolved). */
  readonly topLevel: string;
  /** The git folder every worktree of the repository shares (`.git` of the main checkout). */
  readonly commonGitDir: string;
  /** The commit checked out. */
  readonly head: string;
  /** The branch checked out (short name); undefined on a detached HEAD. */
  readonly branch?: string;
  readonly detached: boolean;
  /** New worktrees do not check submodules out: the panel says so. */
  readonly hasSubmodules: boolean;
  /** A tracked `.gitattributes` routes files through the LFS filter. */
  readonly usesLfs: boolean;
}

/** `add`, `list`, `lock` are older; `worktree remove` (and `move`) came in 2.17. */
export const WORKTREE_GIT = [2, 17] as const;

/** True when `version` (`2.39.5`, `2.45.1.windows.1`) is at least `major.minor`. */
export function gitAtLeast(version: string, major: number, minor: number): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [found, foundMinor] = [Number(match[1]), Number(match[2])];
  return found > major || (found === major && foundMinor >= minor);
}

/** Throws `git-too-old` (naming the version found) when this git cannot manage worktrees. */
export function checkWorktreeSupport(git: GitExecutable): void {
  if (!gitAtLeast(git.version, WORKTREE_GIT[0], WORKTREE_GIT[1])) throw gitTooOld(git.version);
}

/** The repository `folder` is in (any folder of a checkout, main or linked). */
export async function repositoryOf(git: GitExecutable, folder: string): Promise<RepositoryFacts> {
  if (!existsSync(folder)) throw notARepository(folder);
  const [bare, inside] = (await gitText(git, folder, ["rev-parse", "--is-bare-repository", "--is-inside-work-tree"]))
    .split(/\r?\n/)
    .map((line) => line.trim() === "true");
  if (bare) throw bareRepository(folder);
  if (!inside) throw notARepository(folder); // inside a `.git` folder
  // Resolved against the top level: before git 2.13, --git-common-dir in a subfolder was relative to the top.
  const topLevel = resolve(await gitText(git, folder, ["rev-parse", "--show-toplevel"]));
  const commonGitDir = resolve(topLevel, await gitText(git, topLevel, ["rev-parse", "--git-common-dir"]));
  const headOutcome = await runGitOutcome(git, topLevel, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], {
    okCodes: [1],
  });
  const head = headOutcome.stdout.toString("utf8").trim();
  if (headOutcome.code !== 0 || !head)
    throw new WorktreeError(
      "no-commits",
      `${topLevel} has no commits yet: a worktree starts from a commit. Make a first commit.`,
    );
  const branchOutcome = await runGitOutcome(git, topLevel, ["symbolic-ref", "--quiet", "--short", "HEAD"], {
    okCodes: [1],
  });
  const branch = branchOutcome.code === 0 ? branchOutcome.stdout.toString("utf8").trim() : undefined;
  const [hasSubmodules, usesLfs] = await Promise.all([submodulesIn(git, topLevel), lfsIn(git, topLevel)]);
  return {
    topLevel,
    commonGitDir,
    head,
    ...(branch ? { branch } : {}),
    detached: !branch,
    hasSubmodules,
    usesLfs,
  };
}

/** A `.gitmodules`, or a gitlink (mode 160000) in the index: a submodule without `.gitmodules` counts too. */
async function submodulesIn(git: GitExecutable, topLevel: string): Promise<boolean> {
  if (existsSync(join(topLevel, ".gitmodules"))) return true;
  const staged = (await gitText(git, topLevel, ["ls-files", "--stage", "-z"])).split("\0");
  return staged.some((entry) => entry.startsWith("160000 "));
}

/** `filter=lfs` in any tracked `.gitattributes` (the index's copy: what a new checkout gets). */
async function lfsIn(git: GitExecutable, topLevel: string): Promise<boolean> {
  const { code } = await runGitOutcome(
    git,
    topLevel,
    ["grep", "--cached", "--quiet", "--fixed-strings", "-e", "filter=lfs", "--", ":(glob)**/.gitattributes"],
    { okCodes: [1] },
  );
  return code === 0;
}
