/**
 * "Apply to Workspace": a worktree's changes (against its base commit) become plain uncommitted
 * changes of the main folder. Files are written and deleted; the main folder's index, HEAD,
 * branches and stash are never touched, so the user reviews and commits as with their own edits.
 *
 * A path conflicts when the main folder's file differs from the base commit's (the user's own
 * uncommitted edit) AND from the worktree's result. The three are compared as git blob ids in git's
 * clean form (after the checkout's clean filters and line-ending rules: a CRLF checkout on Windows
 * is not an edit), which for plain files is comparing their bytes.
 */
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { rawChanges, topLevelOf, type RawChange } from "./worktreeChanges";
import { lfsOverrides } from "./lfsFilter";
import { runWorktreeGit } from "./worktreeGit";
import { looksBinary, mergeBytes } from "./worktreeMerge";
import { readEntry, removeFile, safeTarget, writeEntry, type DiskEntry } from "./worktreePaths";

export interface ApplyRequest {
  readonly worktreePath: string;
  readonly baseCommit: string;
  /** Any folder of the main checkout: paths are joined to its top level. */
  readonly mainFolder: string;
  /** Merge conflicting text files three-way (else a conflict means nothing is written). */
  readonly merge: boolean;
}

export interface AppliedFile {
  readonly path: string;
  /** The main folder's bytes before (null: there was no file), for an undo. */
  readonly before: Buffer | null;
  /** What was written (null: deleted). */
  readonly after: Buffer | null;
}

export interface ApplyOutcome {
  readonly applied: AppliedFile[];
  /** Merged with the user's edit, no conflict left. */
  readonly merged: string[];
  /** Written with conflict markers (`<<<<<<< workspace` … `>>>>>>> worktree`). */
  readonly conflicted: string[];
  /** Left as they are in the main folder, and why. */
  readonly skipped: { readonly path: string; readonly reason: string }[];
  /** Every path where the user's own edit met a change of the worktree. */
  readonly conflicts: string[];
}

/** One path's change: a rename is a deletion of the old path and an addition of the new one. */
interface Step {
  readonly path: string;
  readonly baseBlob?: string;
  readonly resultBlob?: string;
  readonly links: boolean;
  readonly submodule: boolean;
}

interface Planned extends Step {
  readonly target: string;
  readonly main: DiskEntry;
  readonly result: DiskEntry;
}

/** git's id of "no file" (40 zeros; 64 in a SHA-256 repository). */
const ABSENT = /^0+$/;

export async function applyToWorkspace(git: GitExecutable, request: ApplyRequest): Promise<ApplyOutcome> {
  const worktree = await topLevelOf(git, request.worktreePath);
  const main = await topLevelOf(git, request.mainFolder);
  const skipped: { path: string; reason: string }[] = [];
  const planned: Planned[] = [];
  for (const step of stepsOf(await rawChanges(git, worktree, request.baseCommit))) {
    const [target, source] = [await safeTarget(main, step.path), await safeTarget(worktree, step.path)];
    if (target === undefined || source === undefined) skipped.push({ path: step.path, reason: "outside the folder" });
    else if (step.submodule) skipped.push({ path: step.path, reason: "a submodule: not applied" });
    else planned.push({ ...step, target, main: await readEntry(target), result: await readEntry(source) });
  }
  const usable = planned.filter((step) => {
    const why = unusable(step);
    if (why) skipped.push({ path: step.path, reason: why });
    return !why;
  });
  const blobs = await blobIds(git, main, usable);
  const clean: Planned[] = [];
  const conflicting: Planned[] = [];
  for (const step of usable) {
    const current = blobs.get(step.path);
    if (current === step.resultBlob) continue; // already as the worktree has it
    (current === step.baseBlob ? clean : conflicting).push(step);
  }
  const conflicts = conflicting.map((step) => step.path);
  if (conflicts.length > 0 && !request.merge) return { applied: [], merged: [], conflicted: [], skipped, conflicts };

  const applied: AppliedFile[] = [];
  const merged: string[] = [];
  const conflicted: string[] = [];
  // Deletions first: a file deleted where the worktree made a folder of the same name.
  const ordered = [...clean].sort((a, b) => Number(b.resultBlob === undefined) - Number(a.resultBlob === undefined));
  for (const step of ordered) {
    const after = step.resultBlob !== undefined && step.result.kind === "file" ? step.result : undefined;
    if (await write(step, main, after, skipped)) applied.push(appliedFile(step, after?.bytes ?? null));
  }
  for (const step of conflicting) {
    if (step.main.kind !== "file" || step.result.kind !== "file") {
      skipped.push({ path: step.path, reason: "deleted on one side and changed on the other" });
      continue;
    }
    const base = step.baseBlob === undefined ? Buffer.alloc(0) : await cleanToDisk(git, main, step);
    if ([step.main.bytes, base, step.result.bytes].some(looksBinary)) {
      skipped.push({ path: step.path, reason: "a binary file changed on both sides" });
      continue;
    }
    const merge = await mergeBytes(git, step.main.bytes, base, step.result.bytes);
    const after = { ...step.result, bytes: merge.bytes };
    if (!(await write(step, main, after, skipped))) continue;
    applied.push(appliedFile(step, merge.bytes));
    (merge.conflicted ? conflicted : merged).push(step.path);
  }
  return { applied, merged, conflicted, skipped, conflicts };
}

function stepsOf(changes: readonly RawChange[]): Step[] {
  return changes.flatMap((change) => {
    const links = change.oldMode === "120000" || change.newMode === "120000";
    const submodule = change.oldMode === "160000" || change.newMode === "160000";
    const base = ABSENT.test(change.oldBlob) ? {} : { baseBlob: change.oldBlob };
    const result = ABSENT.test(change.newBlob) || change.status === "deleted" ? {} : { resultBlob: change.newBlob };
    if (change.status === "renamed" && change.oldPath !== undefined)
      return [
        { path: change.oldPath, links, submodule, ...base },
        { path: change.path, links, submodule, ...result },
      ];
    return [{ path: change.path, links, submodule, ...base, ...result }];
  });
}

/** Why a planned step cannot be applied at all (links: an undo keeps bytes, not links). */
function unusable(step: Planned): string | undefined {
  if (step.links || step.main.kind === "link" || step.result.kind === "link") return "a symbolic link: not applied";
  if (step.main.kind === "folder") return "a folder in the workspace";
  if (step.resultBlob !== undefined && step.result.kind !== "file") return "changed in the worktree since";
  return undefined;
}

/** The main folder's files as blob ids (`hash-object` applies the checkout's clean filters). */
async function blobIds(git: GitExecutable, main: string, steps: readonly Planned[]): Promise<Map<string, string>> {
  const files = steps.filter((step) => step.main.kind === "file").map((step) => step.path);
  const ids = new Map<string, string>();
  for (let i = 0; i < files.length; i += 200) {
    const chunk = files.slice(i, i + 200); // a command line stays short (Windows: 32K)
    const out = await runWorktreeGit(git, main, ["hash-object", "--", ...chunk], { config: await lfsOverrides(git) });
    out
      .toString("utf8")
      .split("\n")
      .forEach((id, n) => chunk[n] !== undefined && ids.set(chunk[n], id.trim()));
  }
  return ids;
}

/** The base's bytes as a checkout writes them (smudge filters, line endings): what ours and theirs hold. */
async function cleanToDisk(git: GitExecutable, main: string, step: Planned): Promise<Buffer> {
  return runWorktreeGit(git, main, ["cat-file", "--filters", `--path=${step.path}`, step.baseBlob ?? ""], {
    config: await lfsOverrides(git),
  });
}

/**
 * Writes (or deletes, `after` undefined) unless the main folder's file changed since it was read:
 * the user's keystrokes of the last moment are not overwritten.
 */
async function write(
  step: Planned,
  main: string,
  after: { readonly kind: "file"; readonly bytes: Buffer; readonly executable: boolean } | undefined,
  skipped: { path: string; reason: string }[],
): Promise<boolean> {
  const now = await readEntry(step.target);
  const same =
    now.kind === step.main.kind &&
    (now.kind !== "file" || (step.main.kind === "file" && now.bytes.equals(step.main.bytes)));
  if (!same) {
    skipped.push({ path: step.path, reason: "changed in the workspace while applying" });
    return false;
  }
  if (after) await writeEntry(step.target, after);
  else await removeFile(step.target, main);
  return true;
}

function appliedFile(step: Planned, after: Buffer | null): AppliedFile {
  return { path: step.path, before: step.main.kind === "file" ? step.main.bytes : null, after };
}
