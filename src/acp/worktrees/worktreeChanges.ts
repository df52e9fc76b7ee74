/**
 * What a checkout changed against a commit: committed on its branch since, staged, unstaged and
 * untracked (not ignored), all at once, without touching the checkout's real index.
 *
 * The trick (as the checkpoints do): copy the checkout's index to a private temporary file, `add -A`
 * into the copy (starting from the copy, only files whose stat changed are hashed again), then
 * `diff-index --cached -M` of the copy against the commit. Nothing of the user's moves: not their
 * staging, not the stat cache git keeps in the index. New blobs land in the object store (as
 * `git add` would put them), where `gc` drops them once nothing refers to them.
 */
import { copyFile, mkdtemp, realpath, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { lfsOverrides } from "./lfsFilter";
import { gitText, runGitOutcome, runWorktreeGit } from "./worktreeGit";
import { readEntry, removeFile, safeTarget, writeEntry } from "./worktreePaths";

export type ChangeStatus = "added" | "modified" | "deleted" | "renamed";

export interface ChangedFile {
  /** Relative to the checkout's top level, `/`-separated. */
  readonly path: string;
  readonly status: ChangeStatus;
  /** The path before a rename. */
  readonly oldPath?: string;
}

/** A change with git's modes and blob ids; an absent side has mode `000000`. */
export interface RawChange extends ChangedFile {
  readonly oldMode: string;
  readonly newMode: string;
  /** The base commit's blob (clean form: after git's clean filters and line-ending conversion). */
  readonly oldBlob: string;
  /** The checkout's blob, in the same clean form. */
  readonly newBlob: string;
}

/** The changes of the checkout `folder` against `baseCommit` (see the file's comment). */
export async function changedAgainstBase(
  git: GitExecutable,
  folder: string,
  baseCommit: string,
): Promise<ChangedFile[]> {
  return (await rawChanges(git, folder, baseCommit)).map(({ path, status, oldPath }) => ({
    path,
    status,
    ...(oldPath === undefined ? {} : { oldPath }),
  }));
}

/**
 * The checkout's top level that git's paths are joined to, as the platform's real path: the link
 * checks (worktreePaths.ts) compare real paths, and git on Windows answers `C:/x` in its own case.
 */
export async function topLevelOf(git: GitExecutable, folder: string): Promise<string> {
  const top = resolve(await gitText(git, folder, ["rev-parse", "--show-toplevel"]));
  return realpath(top).catch(() => top);
}

export async function rawChanges(git: GitExecutable, folder: string, baseCommit: string): Promise<RawChange[]> {
  const top = await topLevelOf(git, folder);
  // A linked worktree's index is in the common git folder (`.git/worktrees/<id>/index`).
  const realIndex = resolve(top, await gitText(git, top, ["rev-parse", "--git-path", "index"]));
  const scratch = await mkdtemp(join(tmpdir(), "acp-worktree-index-"));
  try {
    const indexFile = join(scratch, "index");
    // No index yet (a checkout made with --no-checkout): `add -A` fills an empty one, only slower.
    const stamp = await stat(realIndex).catch(() => undefined);
    if (stamp) {
      await copyFile(realIndex, indexFile);
      // Racy git: an entry is re-read when its file's mtime is not older than the INDEX FILE's
      // mtime, else its stat decides. A copy made now would pass a file rewritten within the same
      // second (same size) as clean; dated a second before the original, the copy is never less careful.
      await utimes(indexFile, stamp.atime, new Date(stamp.mtimeMs - 1000));
    }
    // fsmonitor off: its token in the copied index answers for the real one; a full stat is exact.
    const config = ["core.fsmonitor=false", "advice.addEmbeddedRepo=false", ...(await lfsOverrides(git))];
    await runWorktreeGit(git, top, ["add", "--all", "--", "."], { indexFile, config });
    const out = await runWorktreeGit(git, top, ["diff-index", "--cached", "-z", "-M", "--no-abbrev", baseCommit], {
      indexFile,
      config,
    });
    return parseRawDiff(out.toString("utf8"));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * `diff --raw -z`: `:<old mode> <new mode> <old blob> <new blob> <letter>[score]` NUL `<path>` NUL,
 * and a second path for renames and copies (old first).
 */
export function parseRawDiff(out: string): RawChange[] {
  const fields = out.split("\0");
  const changes: RawChange[] = [];
  for (let i = 0; i < fields.length;) {
    const head = fields[i++] ?? "";
    if (!head.startsWith(":")) continue;
    const [oldMode = "", newMode = "", oldBlob = "", newBlob = "", letters = ""] = head.slice(1).split(" ");
    const letter = letters.charAt(0);
    const first = fields[i++] ?? "";
    const second = letter === "R" || letter === "C" ? (fields[i++] ?? "") : undefined;
    const common = { oldMode, newMode, oldBlob, newBlob };
    if (letter === "R" && second !== undefined)
      changes.push({ ...common, path: second, status: "renamed", oldPath: first });
    else if (letter === "C" && second !== undefined) changes.push({ ...common, path: second, status: "added" });
    else if (letter === "A") changes.push({ ...common, path: first, status: "added" });
    else if (letter === "D") changes.push({ ...common, path: first, status: "deleted" });
    else if (letter) changes.push({ ...common, path: first, status: "modified" }); // M, T (type), U
  }
  return changes;
}

export interface CarriedChanges {
  /** Paths now in the worktree as they are in the main folder (written or deleted). */
  readonly carried: string[];
  readonly skipped: { readonly path: string; readonly reason: string }[];
}

/**
 * Copies the main folder's uncommitted changes (against its HEAD) into a worktree made from that
 * HEAD: changed and untracked files byte for byte, deleted ones deleted. The main folder, its
 * index and its stash are only read. Nested repositories (submodules) are left out.
 */
export async function carryUncommitted(
  git: GitExecutable,
  places: { readonly from: string; readonly to: string },
): Promise<CarriedChanges> {
  const from = await topLevelOf(git, places.from);
  const to = await topLevelOf(git, places.to);
  const head = await gitText(git, from, ["rev-parse", "--verify", "HEAD^{commit}"]);
  const carried: string[] = [];
  const skipped: { path: string; reason: string }[] = [];
  const changes = await rawChanges(git, from, head);
  // Deletions (and rename sources) first: a file deleted where a folder of the same name is made.
  const deletions = changes.flatMap((change) =>
    change.status === "deleted" ? [change.path] : change.oldPath === undefined ? [] : [change.oldPath],
  );
  for (const path of deletions) {
    const target = await safeTarget(to, path);
    if (target === undefined) skipped.push({ path, reason: "outside the worktree" });
    else {
      await removeFile(target, to);
      carried.push(path);
    }
  }
  for (const change of changes) {
    if (change.status === "deleted") continue;
    const [source, target] = [await safeTarget(from, change.path), await safeTarget(to, change.path)];
    const entry = source === undefined ? undefined : await readEntry(source);
    if (target === undefined || entry === undefined) skipped.push({ path: change.path, reason: "outside the folder" });
    else if (entry.kind === "folder") skipped.push({ path: change.path, reason: "a nested repository" });
    else if (entry.kind === "absent") skipped.push({ path: change.path, reason: "gone from the main folder" });
    else {
      await writeEntry(target, entry);
      carried.push(change.path);
    }
  }
  return { carried, skipped };
}

export type CommitOutcome =
  | { readonly committed: true; readonly commit: string }
  | { readonly committed: false; readonly reason: "nothing to commit" };

/**
 * Commits everything in the worktree (`add -A`, then `commit`) on its branch, with the user's
 * identity and hooks (as VS Code's Commit does). Nothing to commit is an answer, not an error.
 */
export async function commitOnBranch(
  git: GitExecutable,
  worktreePath: string,
  message: string,
): Promise<CommitOutcome> {
  const top = await topLevelOf(git, worktreePath);
  await runWorktreeGit(git, top, ["add", "--all", "--", "."], { config: ["advice.addEmbeddedRepo=false"] });
  const staged = await runGitOutcome(git, top, ["diff-index", "--cached", "--quiet", "HEAD", "--"], { okCodes: [1] });
  if (staged.code === 0) return { committed: false, reason: "nothing to commit" };
  // The message on stdin: no length limit, and a message starting with "-" is never an option.
  await runWorktreeGit(git, top, ["commit", "--quiet", "--file=-"], { input: message, hooks: true });
  return { committed: true, commit: await gitText(git, top, ["rev-parse", "HEAD"]) };
}
