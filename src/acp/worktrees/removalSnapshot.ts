/**
 * Removing a worktree can be undone (the product never discards the user's bytes, and an agent's
 * uncommitted work in a worktree is the user's). Before removal the worktree's whole state, the
 * uncommitted and untracked files included, becomes a commit kept under `refs/acp-panel/removed/`
 * in the repository: through a temporary index, so the worktree's own index is never touched, and
 * outside `refs/heads` so no branch list shows it. Undo makes the worktree again at the same place
 * from the branch's tip, with the saved files back as uncommitted changes.
 *
 * `refs/acp-panel/…` is shared by every worktree of the repository (only `refs/worktree` and
 * `refs/bisect` are per worktree), which is what a ref kept after its worktree is gone needs. Each
 * removal has a ref of its own: a branch name is free again once removed, and a later worktree of
 * that name, removed in turn, must not take the first one's ref (git's gc would then drop it).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { runGitOutcome, runWorktreeGit, gitText } from "./worktreeGit";
import { branchExists } from "./branchNames";
import type { WorktreeRecord } from "./worktreeRecords";

export interface SavedWorktree {
  readonly record: WorktreeRecord;
  /** The branch's commit when it was removed (undefined: no branch was left). */
  readonly tip: string | undefined;
  /** The commit holding every file the worktree had (its tip when there was no worktree folder). */
  readonly snapshot: string | undefined;
  readonly ref: string;
}

/** An identity for the snapshot commit only: the user may have none configured. */
const IDENTITY = ["user.name=ACP Panel", "user.email=worktrees@acp-panel.invalid"];

/** One ref per removal: the time and the snapshot's id (no branch name: `a` and `a/b` can't both be refs). */
export function removedRef(at: number, snapshot: string): string {
  return `refs/acp-panel/removed/${at}-${snapshot.slice(0, 12)}`;
}

/** Keeps the worktree's state (and its branch's tip) in the repository; nothing in the worktree changes. */
export async function saveBeforeRemoval(
  git: GitExecutable,
  record: WorktreeRecord,
  now: () => number = Date.now,
): Promise<SavedWorktree> {
  const tip = (await branchExists(git, record.repo, record.branch))
    ? await gitText(git, record.repo, ["rev-parse", "--verify", `refs/heads/${record.branch}^{commit}`])
    : undefined;
  let snapshot = tip;
  if (existsSync(record.path) && tip !== undefined) {
    const folder = await mkdtemp(join(tmpdir(), "acp-worktree-save-"));
    const indexFile = join(folder, "index");
    try {
      await runWorktreeGit(git, record.path, ["read-tree", "HEAD"], { indexFile });
      await runWorktreeGit(git, record.path, ["add", "--all", "--", "."], {
        indexFile,
        config: ["advice.addEmbeddedRepo=false"],
      });
      const tree = await gitText(git, record.path, ["write-tree"], { indexFile });
      const head = await gitText(git, record.path, ["rev-parse", "HEAD"]);
      snapshot = await gitText(
        git,
        record.path,
        ["commit-tree", tree, "-p", head, "-m", `ACP Panel: ${record.branch} as its worktree was removed`],
        { config: IDENTITY },
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  const ref = snapshot === undefined ? "" : removedRef(now(), snapshot);
  if (snapshot !== undefined) await runWorktreeGit(git, record.repo, ["update-ref", ref, snapshot]);
  return { record, tip, snapshot, ref };
}

/**
 * The worktree again, at its place, on its branch, with the saved files as uncommitted changes.
 * The saved commit is checked first; a step that fails after the worktree was made takes it (and a
 * branch made for it) back, so a failed restore leaves nothing half done. The ref goes only once
 * the files are back.
 */
export async function restoreRemoved(git: GitExecutable, saved: SavedWorktree): Promise<void> {
  const { record, tip, snapshot } = saved;
  if (tip === undefined || snapshot === undefined) throw new Error(`Nothing of ${record.branch} was saved to restore.`);
  const present = await runGitOutcome(git, record.repo, ["cat-file", "-e", `${snapshot}^{commit}`], {
    okCodes: [1, 128],
  });
  if (present.code !== 0)
    throw new Error(`The saved state of ${record.branch} is no longer in the repository (${snapshot.slice(0, 12)}).`);
  const branchExisted = await branchExists(git, record.repo, record.branch);
  const reason = ["--lock", "--reason", `acp-panel ${record.branch}`];
  await runWorktreeGit(
    git,
    record.repo,
    branchExisted
      ? ["worktree", "add", ...reason, record.path, record.branch]
      : ["worktree", "add", ...reason, "-b", record.branch, record.path, tip],
  );
  try {
    if (snapshot !== tip) {
      // The saved files into the folder (and index), then the index back to the tip: they are uncommitted again.
      await runWorktreeGit(git, record.path, ["read-tree", "-u", "--reset", snapshot]);
      await runWorktreeGit(git, record.path, ["reset", "--quiet", "--mixed", tip]);
    }
  } catch (error) {
    await runGitOutcome(git, record.repo, ["worktree", "unlock", record.path], { okCodes: [128] }).catch(
      () => undefined,
    );
    await runGitOutcome(git, record.repo, ["worktree", "remove", "--force", record.path], { okCodes: [128] }).catch(
      () => undefined,
    );
    if (!branchExisted)
      await runGitOutcome(git, record.repo, ["branch", "-D", record.branch], { okCodes: [1] }).catch(() => undefined);
    throw error;
  }
  await runGitOutcome(git, record.repo, ["update-ref", "-d", saved.ref], { okCodes: [1] });
}
