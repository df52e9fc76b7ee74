/**
 * A tab that works in its own git worktree (issue 32): where its agent runs and what counts as
 * "inside" for that tab. The worktree replaces the workspace folders for the tab: its agent's
 * `cwd`, the roots its fs and terminal requests are checked against (the same consent rules, with
 * the worktree as the root), and the folder its checkpoints snapshot. The main folder is then
 * outside, so an agent's read or write there asks, as any path outside the project does.
 */
import type { WorkspacePort } from "../ports";

export interface TabWorktree {
  /** The worktree folder (absolute): the agent's cwd. */
  readonly path: string;
  /** The branch checked out there. */
  readonly branch: string;
  /** The main repository's top level: where its changes are applied. */
  readonly repo: string;
  /** The commit the worktree started from: the base of its review and of "Apply to Workspace". */
  readonly baseCommit: string;
}

/** The workspace as the tab's agent sees it: the worktree alone. */
export function worktreeWorkspace(workspace: WorkspacePort, worktree: TabWorktree): WorkspacePort {
  return {
    cwd: () => worktree.path,
    roots: () => [worktree.path],
    additionalDirectories: () => [],
    ...(workspace.isTrusted ? { isTrusted: () => workspace.isTrusted?.() ?? false } : {}),
    ...(workspace.remoteName ? { remoteName: () => workspace.remoteName?.() } : {}),
  };
}

/** A saved tab's worktree, checked field by field (window files are read back from disk). */
export function parseTabWorktree(value: unknown): TabWorktree | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { path, branch, repo, baseCommit } = value as Record<string, unknown>;
  return typeof path === "string" &&
    typeof branch === "string" &&
    typeof repo === "string" &&
    typeof baseCommit === "string"
    ? { path, branch, repo, baseCommit }
    : undefined;
}
