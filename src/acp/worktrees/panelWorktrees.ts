/**
 * The panel's git worktrees (issue 32): made for a tab, reviewed, applied to the main folder,
 * committed, listed and removed. Every step that changes the user's files can be taken back:
 * an apply keeps each file's previous bytes (`undoApply` writes them back where the file is still
 * as the apply left it), and a removal saves the worktree's state in the repository first
 * (removalSnapshot.ts). The main folder's index, HEAD, branches and stash are never touched.
 * `worktreeAt` answers synchronously (a session reopened from the history goes back to its
 * worktree), so the records are also read once, synchronously, when this is made.
 */
import { readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import type { Logger } from "../ports";
import type { TabWorktree } from "./tabWorktree";
import { localBranches, suggestBranchName, validateBranchName, branchExists } from "./branchNames";
import { addWorktree, pruneWorktrees, removeWorktree } from "./worktreeLifecycle";
import { changedAgainstBase, carryUncommitted, commitOnBranch, type ChangedFile } from "./worktreeChanges";
import { applyToWorkspace, type ApplyOutcome } from "./workspaceApply";
import { folderSize, recordOf, WorktreeRecords, type WorktreeRecord } from "./worktreeRecords";
import { looksBinary } from "./worktreeMerge";
import { worktreePathFor } from "./worktreePlaces";
import { repositoryOf } from "./worktreeRepository";
import { readEntry, removeFile, safeTarget, writeEntry, type DiskEntry } from "./worktreePaths";
import { restoreRemoved, saveBeforeRemoval, type SavedWorktree } from "./removalSnapshot";
import { runWorktreeGit } from "./worktreeGit";

export interface PanelWorktreesOptions {
  readonly git: () => Promise<GitExecutable>;
  /** The panel's records (JSON, in the extension's storage). */
  readonly recordsFile: string;
  /** The folder new worktrees go below (the setting, else the extension's storage). */
  readonly folder: () => string;
  readonly logger: Logger;
  readonly now?: () => number;
}

export interface RepositoryChoice {
  readonly topLevel: string;
  /** The branch checked out, or the short commit of a detached HEAD. */
  readonly headLabel: string;
  /** Files the main folder changed against its HEAD (offered to be copied in). */
  readonly uncommitted: number;
}

export interface CreatedWorktree {
  readonly worktree: TabWorktree;
  /** What works differently there (submodules, LFS), and what was copied in. */
  readonly notices: string[];
}

export interface WorktreeListing {
  readonly record: WorktreeRecord;
  readonly sizeBytes: number;
  /** Its folder was removed outside the panel. */
  readonly missing: boolean;
  /** Changed files the main folder does not have as the worktree has them. */
  readonly unapplied: string[];
}

export class PanelWorktrees {
  private readonly records: WorktreeRecords;
  private readonly known = new Map<string, WorktreeRecord>();
  private readonly now: () => number;

  constructor(private readonly options: PanelWorktreesOptions) {
    this.now = options.now ?? Date.now;
    this.records = new WorktreeRecords(options.recordsFile, this.now);
    for (const record of readRecordsNow(options.recordsFile)) this.known.set(record.path, record);
  }

  /** Reads the records and lets git forget the panel's worktrees whose folder is gone (`worktree prune`). */
  async ready(): Promise<void> {
    const records = await this.records.list();
    this.known.clear();
    for (const record of records) this.known.set(record.path, record);
    const gone = await Promise.all(records.map(async (record) => ((await exists(record.path)) ? [] : [record])));
    const repos = new Set(gone.flat().map((record) => record.repo));
    if (repos.size === 0) return;
    const git = await this.options.git();
    for (const repo of repos) {
      const forgotten = await pruneWorktrees(
        git,
        repo,
        records.map((record) => record.path),
      ).catch(() => []);
      for (const path of forgotten)
        this.options.logger.warn(`Worktree folder ${path} was removed outside ACP Panel: pruned.`);
    }
  }

  worktreeAt(cwd: string | undefined): TabWorktree | undefined {
    const record = cwd === undefined ? undefined : this.known.get(cwd);
    return record && tabWorktreeOf(record);
  }

  isKnown(path: string): boolean {
    return this.known.has(path);
  }

  async repositoryOf(folder: string): Promise<RepositoryChoice> {
    const git = await this.options.git();
    const facts = await repositoryOf(git, folder);
    const uncommitted = await changedAgainstBase(git, facts.topLevel, facts.head);
    return {
      topLevel: facts.topLevel,
      headLabel: facts.branch ?? facts.head.slice(0, 8),
      uncommitted: uncommitted.length,
    };
  }

  async suggestBranch(repo: string, firstPrompt: string): Promise<string> {
    return suggestBranchName(firstPrompt, await localBranches(await this.options.git(), repo));
  }

  /** Why `name` cannot be the new branch, in the user's words; undefined when it can. */
  async branchProblem(repo: string, name: string): Promise<string | undefined> {
    if (!name) return "Write a branch name.";
    const git = await this.options.git();
    const invalid = await validateBranchName(git, repo, name);
    if (invalid) return invalid;
    return (await branchExists(git, repo, name))
      ? `A branch named ${name} already exists: choose another name.`
      : undefined;
  }

  async create(request: { repo: string; branch: string; carry: boolean; agent?: string }): Promise<CreatedWorktree> {
    const git = await this.options.git();
    const path = await worktreePathFor(this.options.folder(), request.repo, request.branch);
    const added = await addWorktree(git, {
      repo: request.repo,
      path,
      branch: request.branch,
      lockReason: `acp-panel ${request.branch}`,
    });
    const notices = [...added.notices];
    const record: WorktreeRecord = {
      path: added.path,
      branch: added.branch,
      repo: request.repo,
      baseCommit: added.baseCommit,
      createdAt: this.now(),
      ...(request.agent ? { agent: request.agent } : {}),
    };
    await this.records.add(record);
    this.known.set(record.path, record);
    if (request.carry) {
      const carried = await carryUncommitted(git, { from: request.repo, to: added.path });
      notices.push(`Copied ${carried.carried.length} uncommitted changes into the worktree of ${added.branch}.`);
      if (carried.skipped.length > 0)
        notices.push(`Not copied: ${carried.skipped.map((skip) => `${skip.path} (${skip.reason})`).join(", ")}.`);
    }
    return { worktree: tabWorktreeOf(record), notices };
  }

  async changes(worktree: TabWorktree): Promise<ChangedFile[]> {
    return changedAgainstBase(await this.options.git(), worktree.path, worktree.baseCommit);
  }

  /** The base commit's text of `path` (empty when it had none; a binary file is named, not shown). */
  async baseText(worktree: TabWorktree, path: string): Promise<string> {
    const bytes = await runWorktreeGit(await this.options.git(), worktree.path, [
      "cat-file",
      "blob",
      `${worktree.baseCommit}:${path}`,
    ]).catch(() => Buffer.alloc(0));
    return looksBinary(bytes) ? `(binary file, ${bytes.length} bytes)` : bytes.toString("utf8");
  }

  async apply(worktree: TabWorktree, merge: boolean): Promise<ApplyOutcome & { readonly repo: string }> {
    const outcome = await applyToWorkspace(await this.options.git(), {
      worktreePath: worktree.path,
      baseCommit: worktree.baseCommit,
      mainFolder: worktree.repo,
      merge,
    });
    return { ...outcome, repo: worktree.repo };
  }

  /**
   * Takes an apply back: each file gets its previous bytes (or goes, when it was new), unless the
   * user changed it since the apply: those are kept as they are and returned.
   */
  async undoApply(outcome: ApplyOutcome & { readonly repo: string }): Promise<string[]> {
    const kept: string[] = [];
    for (const file of outcome.applied) {
      const target = await safeTarget(outcome.repo, file.path);
      if (target === undefined) continue;
      if (!sameBytes(await readEntry(target), file.after)) {
        kept.push(file.path);
        continue;
      }
      if (file.before === null) await removeFile(target, outcome.repo);
      else await writeEntry(target, { kind: "file", bytes: file.before, executable: await executable(target) });
    }
    return kept;
  }

  /** True when something was committed. */
  async commit(worktree: TabWorktree, message: string): Promise<boolean> {
    return (await commitOnBranch(await this.options.git(), worktree.path, message)).committed;
  }

  /** The worktree's changed files whose bytes the main folder does not have (what removing it would lose). */
  async unapplied(worktree: TabWorktree): Promise<string[]> {
    if (!(await exists(worktree.path))) return [];
    const changes = await this.changes(worktree);
    const differing = await Promise.all(
      changes.map(async (change) => {
        const [inWorktree, inMain] = await Promise.all([
          safeTarget(worktree.path, change.path).then((path) => (path ? readEntry(path) : undefined)),
          safeTarget(worktree.repo, change.path).then((path) => (path ? readEntry(path) : undefined)),
        ]);
        return sameEntry(inWorktree, inMain) ? [] : [change.path];
      }),
    );
    return differing.flat();
  }

  /** Removes the worktree and its branch, after saving both in the repository (`restoreRemoved` undoes it). */
  async remove(worktree: TabWorktree): Promise<SavedWorktree> {
    const git = await this.options.git();
    const record = this.known.get(worktree.path) ?? { ...worktree, createdAt: this.now() };
    const saved = await saveBeforeRemoval(git, record, this.now);
    await removeWorktree(git, { repo: worktree.repo, path: worktree.path, deleteBranch: worktree.branch, force: true });
    await this.records.remove(worktree.path);
    this.known.delete(worktree.path);
    return saved;
  }

  async restoreRemoved(saved: SavedWorktree): Promise<void> {
    await restoreRemoved(await this.options.git(), saved);
    await this.records.add(saved.record);
    this.known.set(saved.record.path, saved.record);
  }

  async list(): Promise<WorktreeListing[]> {
    const records = await this.records.list();
    return Promise.all(
      records.map(async (record) => {
        const missing = !(await exists(record.path));
        return {
          record,
          missing,
          sizeBytes: missing ? 0 : await folderSize(record.path),
          unapplied: missing ? [] : await this.unapplied(tabWorktreeOf(record)).catch(() => []),
        };
      }),
    );
  }
}

function tabWorktreeOf(record: WorktreeRecord): TabWorktree {
  return { path: record.path, branch: record.branch, repo: record.repo, baseCommit: record.baseCommit };
}

/** The records as the file holds them now, each checked as WorktreeRecords checks it. */
function readRecordsNow(file: string): WorktreeRecord[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return Array.isArray(parsed) ? parsed.flatMap((entry: unknown) => recordOf(entry) ?? []) : [];
  } catch {
    return []; // none yet, or corrupt: `ready()` sets a corrupt file aside
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const executable = (path: string) =>
  stat(path).then(
    (found) => (found.mode & 0o100) !== 0,
    () => false,
  );

function sameBytes(entry: DiskEntry, bytes: Buffer | null): boolean {
  return bytes === null ? entry.kind === "absent" : entry.kind === "file" && entry.bytes.equals(bytes);
}

function sameEntry(a: DiskEntry | undefined, b: DiskEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.kind === "file" && b.kind === "file") return a.bytes.equals(b.bytes);
  if (a.kind === "link" && b.kind === "link") return a.target === b.target;
  return a.kind === b.kind && a.kind !== "file" && a.kind !== "link";
}
