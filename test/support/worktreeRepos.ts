/**
 * Real git repositories for the PanelWorktrees tests, in scratch folders (removed when the process
 * exits). The tests' own git calls get a clean environment, as the code under test does: a
 * `GIT_DIR` or `GIT_INDEX_FILE` inherited from a hook that runs the tests must not point them elsewhere.
 * Layout of one scratch root: `repo/` (the main checkout, branch `main`), `wt/` (where the panel
 * puts worktrees: outside the repository) and `worktrees.json` (the panel's records).
 */
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { PanelWorktrees } from "../../src/acp/worktrees/panelWorktrees";
import { MemoryLogger } from "./memoryPorts";
import { scratchDir } from "./scratchDir";

import { git, initRepository, testGit, write } from "./scratchRepository";

export { git, testGit, write };

/** `git status --porcelain` with untracked files listed one by one. */
export function statusOf(cwd: string): string {
  return git(cwd, "status", "--porcelain=v1", "--untracked-files=all");
}

/** A file's bytes, or null when there is none. */
export function readOrNull(root: string, path: string): Buffer | null {
  const full = join(root, path);
  return existsSync(full) ? readFileSync(full) : null;
}

export function remove(root: string, path: string): void {
  rmSync(join(root, path), { force: true });
}

/** Every file below `root` (`/`-separated relative paths, the `.git` entry left out) with its bytes. */
export function folderFiles(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (folder === root && entry.name === ".git") continue;
      if (entry.isDirectory()) walk(full);
      else files.set(relative(root, full).split(sep).join("/"), readFileSync(full));
    }
  };
  walk(root);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** `folderFiles` as plain text (for assert.deepEqual with readable diffs). */
export function folderText(root: string): Record<string, string> {
  return Object.fromEntries([...folderFiles(root)].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}

export interface WorktreeScratch {
  readonly root: string;
  /** The main checkout (a real path). */
  readonly repo: string;
  /** The folder the panel makes worktrees below. */
  readonly worktreesFolder: string;
  readonly recordsFile: string;
}

/** A repository on branch `main` with one commit of `files`, in a fresh scratch folder. */
export function worktreeRepo(prefix: string, files: Record<string, string | Buffer>): WorktreeScratch {
  const root = realpathSync(scratchDir(prefix));
  const repo = join(root, "repo");
  initRepository(repo, files);
  return { root, repo, worktreesFolder: join(root, "wt"), recordsFile: join(root, "worktrees.json") };
}

/** The branch checked out at `cwd`. */
export const branchOf = (cwd: string): string => git(cwd, "symbolic-ref", "--short", "HEAD").trim();

/** The commit `ref` names at `cwd`. */
export const headOf = (cwd: string, ref = "HEAD"): string => git(cwd, "rev-parse", ref).trim();

/** Commits everything in `cwd` (even nothing); returns the new commit. */
export function commitAll(cwd: string, message: string): string {
  git(cwd, "add", "--all");
  git(cwd, "commit", "--quiet", "--allow-empty", "-m", message);
  return git(cwd, "rev-parse", "HEAD").trim();
}

/** The panel's worktrees over `scratch`, with a memory logger. */
export async function panelWorktreesFor(
  scratch: WorktreeScratch,
): Promise<{ worktrees: PanelWorktrees; logger: MemoryLogger }> {
  const gitExe = await testGit();
  const logger = new MemoryLogger();
  const worktrees = new PanelWorktrees({
    git: () => Promise.resolve(gitExe),
    recordsFile: scratch.recordsFile,
    folder: () => scratch.worktreesFolder,
    logger,
  });
  return { worktrees, logger };
}

/** The panel's records file, parsed (an empty list when there is none). */
export function recordsIn(scratch: WorktreeScratch): Array<{ path: string; branch: string; baseCommit: string }> {
  if (!existsSync(scratch.recordsFile)) return [];
  return JSON.parse(readFileSync(scratch.recordsFile, "utf8")) as Array<{
    path: string;
    branch: string;
    baseCommit: string;
  }>;
}

/** The worktree paths `git worktree list` knows (real paths). */
export function gitWorktreePaths(repo: string): string[] {
  return git(repo, "worktree", "list", "--porcelain")
    .split("\n")
    .filter((line) => line.startsWith("worktree "))
    .map((line) => line.slice("worktree ".length));
}
