/**
 * Checkpoints of a whole workspace (every folder of a multi-root workspace, each with its own
 * shadow repository), and restoring one. A restore first takes a checkpoint of what is there now,
 * so it can itself be taken back ("Redo"). Paths here are absolute.
 */
import { createHash, randomBytes } from "node:crypto";
import { realpath } from "node:fs/promises";
import { isAbsolute, join, relative, sep } from "node:path";
import type { GitExecutable } from "./gitExecutable";
import { mergeText } from "./textMerge";
import { folderBytes, oldestToDrop } from "./checkpointStorage";
import { RETIRED_GRACE_MS } from "./retiredCheckpoints";
import { diskIo } from "./diskIo";
import { startProcessThread } from "./processThread";
import { AgentChangeLog } from "./agentChangeLog";
import { ShadowRepository, type CheckpointedFile, type TakeOptions, type TreeChange } from "./shadowRepository";
import { RestoreRefused, type Checkpoint, type DropReason, type FileDelta } from "./checkpointTypes";
import { previewRestore, restoreCheckpoint, type RestoreSource } from "./checkpointRestore";
import type { RestoreIo } from "../ports";
import type { NotRestored } from "./restoreWrites";

export type { Checkpoint, DropReason, FileDelta } from "./checkpointTypes";
export { RestoreRefused, diskIo };

export interface WorkspaceCheckpointsOptions {
  readonly git: () => Promise<GitExecutable>;
  /** The extension's storage folder; checkpoints go below it. */
  readonly storage: string;
  readonly folders: () => readonly string[];
  readonly maxFileBytes?: number;
  readonly now?: () => number;
}

export class WorkspaceCheckpoints {
  private readonly repositories = new Map<string, Promise<ShadowRepository>>();
  private readonly known = new Map<string, Checkpoint>();
  /** Pruned or cleared, and still restorable: id → the checkpoint and when it went. */
  private readonly retired = new Map<string, { readonly checkpoint: Checkpoint; readonly at: number }>();
  private readonly now: () => number;

  constructor(private readonly options: WorkspaceCheckpointsOptions) {
    this.now = options.now ?? Date.now;
  }

  private repository(folder: string): Promise<ShadowRepository> {
    let found = this.repositories.get(folder);
    if (!found) {
      found = (async () => {
        const git = await this.options.git();
        const real = await realpath(folder).catch(() => folder);
        const key = createHash("sha256").update(real).digest("hex").slice(0, 16);
        const gitDir = join(this.options.storage, "checkpoints", key);
        return new ShadowRepository(git, real, gitDir, this.options.maxFileBytes);
      })();
      found.catch(() => this.repositories.delete(folder));
      this.repositories.set(folder, found);
    }
    return found;
  }

  /**
   * What a first checkpoint needs besides the folder's files: git found, the thread that starts git
   * running, the shadow repositories created. Done while a session's agent starts, so its first
   * prompt does not wait for it. Rejects as `take` would (GitUnavailable).
   */
  async prepare(): Promise<void> {
    await Promise.all([
      startProcessThread(),
      ...this.options.folders().map(async (folder) => (await this.repository(folder)).prepare()),
    ]);
  }

  /** A checkpoint of every folder, now. Rejects (GitUnavailable) when there is no git. */
  async take(label: string, options: TakeOptions = {}): Promise<Checkpoint> {
    return (await this.takeSince(label, undefined, options)).checkpoint;
  }

  /**
   * A checkpoint of every folder now and, with `from`, the files changed since it: what
   * take + diff(from, now) give, with one git process less on the way (ShadowRepository.snapshotSince).
   */
  async takeSince(
    label: string,
    from?: Checkpoint,
    options: TakeOptions = {},
  ): Promise<{ checkpoint: Checkpoint; changes: FileDelta[] }> {
    if (from) await this.settled(from);
    const id = `cp-${this.now().toString(36)}-${randomBytes(4).toString("hex")}`;
    const commits: Record<string, string> = {};
    const trees: Array<Promise<unknown>> = [];
    const changes = await Promise.all(
      this.options.folders().map(async (folder): Promise<FileDelta[]> => {
        const repository = await this.repository(folder);
        const older = from?.commits[folder];
        if (older === undefined) {
          // While the first checkpoint runs, this one's trees come later (ShadowRepository.begin).
          const { tree } = await repository.begin(id, options);
          trees.push(tree.then((taken) => (commits[folder] = taken)));
          return [];
        }
        const taken = await repository.snapshotSince(id, older);
        commits[folder] = taken.tree;
        return deltas(taken.changes, folder, repository.folder);
      }),
    );
    const checkpoint: Checkpoint = { id, at: this.now(), label, commits };
    const settling = Promise.allSettled(trees).then(() => undefined);
    this.settling.set(id, settling);
    void settling.then(() => this.settling.delete(id));
    this.known.set(id, checkpoint);
    return { checkpoint, changes: changes.flat() };
  }

  /**
   * The files (absolute) changed since checkpoint `from`: what `takeSince(label, from)` lists. When
   * every folder's index still holds `from` (the usual case after a turn: no checkpoint since),
   * the folders are compared with it and no checkpoint is taken (the next one records the
   * changes); otherwise checkpoint `label` is taken and diffed.
   */
  async changedSince(label: string, from: Checkpoint): Promise<string[]> {
    await this.settled(from);
    const compared = await Promise.all(
      this.options.folders().map(async (folder) => {
        const older = from.commits[folder];
        if (older === undefined) return undefined;
        const repository = await this.repository(folder);
        const paths = await repository.changedSince(older);
        return paths?.map((path) => join(repository.folder, ...path.split("/")));
      }),
    );
    if (compared.every((paths) => paths !== undefined)) return compared.flat();
    return (await this.takeSince(label, from)).changes.map((change) => change.absolute);
  }

  /** Checkpoints whose trees are still being built (taken from a stat manifest) → when they are. */
  private readonly settling = new Map<string, Promise<void>>();

  /** Resolves once the checkpoints' trees are all there (a tree that failed stays missing). */
  async settled(...checkpoints: readonly Checkpoint[]): Promise<void> {
    await Promise.all(checkpoints.flatMap((checkpoint) => this.settling.get(checkpoint.id) ?? []));
  }

  /** Three-way text merge with the same git (see textMerge.ts). */
  async merge(ours: string, base: string, theirs: string): Promise<{ text: string; conflicted: boolean }> {
    return mergeText(await this.options.git(), ours, base, theirs);
  }

  get(id: string): Checkpoint | undefined {
    return this.known.get(id);
  }

  /**
   * Keeps the shadow repositories under `budgetBytes`. What went more than a day ago goes for good
   * first (its space is freed); then, while still over budget, the oldest checkpoints (never the
   * newest few, nor a recent safety net) are set aside: they can be brought back for a day
   * (`bringBack`), so a prune is never the end of anything at once. Returns the ones set aside.
   */
  async prune(budgetBytes: number): Promise<Checkpoint[]> {
    await this.expireRetired();
    const root = join(this.options.storage, "checkpoints");
    if ((await folderBytes(root)) <= budgetBytes) return [];
    // What an Undo or a restore replaced is kept a week whatever the budget: it may hold bytes found nowhere else.
    const weekAgo = this.now() - 7 * 24 * 60 * 60 * 1000;
    const prunable = [...this.known.values()].filter((c) => !(isSafetyNet(c) && c.at > weekAgo));
    const dropped = oldestToDrop(prunable);
    await this.retire(dropped, "budget");
    return dropped;
  }

  /** Refreshes the stat data of every shadow index in use (ShadowRepository.refreshStatData), off any prompt's way. */
  async refreshStatData(): Promise<void> {
    await Promise.all(
      [...this.repositories.values()].map(async (found) => (await found.catch(() => undefined))?.refreshStatData()),
    );
  }

  /** Sets every checkpoint of the workspace aside ("Clear Checkpoints"); `bringBack` undoes it for a day. */
  async clear(): Promise<Checkpoint[]> {
    const dropped = [...this.known.values()];
    const at = this.now();
    await this.retire(dropped, "cleared");
    // Also those of earlier windows, which this window does not know.
    for (const folder of this.options.folders()) await (await this.repository(folder)).retireAll(at);
    return dropped;
  }

  /** Brings back a checkpoint that was pruned or cleared less than a day ago; undefined when it is gone. */
  async bringBack(id: string): Promise<Checkpoint | undefined> {
    const found = this.retired.get(id);
    if (!found) return undefined;
    await this.settled(found.checkpoint);
    for (const folder of Object.keys(found.checkpoint.commits))
      if (!(await (await this.repository(folder)).revive(id))) return undefined;
    this.retired.delete(id);
    this.known.set(id, found.checkpoint);
    this.onRevived.forEach((listener) => listener(found.checkpoint));
    return found.checkpoint;
  }

  /** Whether `id` was pruned or cleared and can still be brought back. */
  isRetired(id: string): boolean {
    return this.retired.has(id);
  }

  private async retire(checkpoints: readonly Checkpoint[], why: DropReason): Promise<void> {
    if (checkpoints.length === 0) return;
    const at = this.now();
    await this.settled(...checkpoints);
    for (const checkpoint of checkpoints) {
      this.known.delete(checkpoint.id);
      this.retired.set(checkpoint.id, { checkpoint, at });
      for (const folder of Object.keys(checkpoint.commits))
        await (await this.repository(folder)).retire(checkpoint.id, at);
    }
    this.onDropped.forEach((listener) => listener(checkpoints, why));
  }

  /** Lets what was set aside more than the grace period ago go, and frees its space. */
  private async expireRetired(): Promise<void> {
    const before = this.now() - RETIRED_GRACE_MS;
    for (const [id, { at }] of this.retired) if (at < before) this.retired.delete(id);
    for (const folder of this.options.folders()) {
      const repository = await this.repository(folder);
      if ((await repository.dropRetired(before)) > 0) await repository.compact();
    }
  }

  /** Told when a pruned or cleared checkpoint was brought back, so its message gets its button again. */
  readonly onRevived = new Set<(checkpoint: Checkpoint) => void>();

  /** Told which checkpoints went (pruned or cleared), so their sessions can say so. */
  readonly onDropped = new Set<(dropped: readonly Checkpoint[], why: DropReason) => void>();

  /** Files each session's agent changed, and when: a restore warns about another session's later changes. */
  readonly agentChanges = new AgentChangeLog(() => this.now());

  /** Every checkpoint taken in this window, oldest first. */
  all(): Checkpoint[] {
    return [...this.known.values()];
  }

  /** Files that differ from `from` to `to`, in every folder both know. */
  async diff(from: Checkpoint, to: Checkpoint): Promise<FileDelta[]> {
    await this.settled(from, to);
    const all = await Promise.all(
      Object.keys(to.commits).map(async (folder) => {
        const older = from.commits[folder];
        const newer = to.commits[folder];
        if (!older || !newer) return [];
        const repository = await this.repository(folder);
        return deltas(await repository.diff(older, newer), folder, repository.folder);
      }),
    );
    return all.flat();
  }

  /** Which folder holds `path`, and the path relative to it with `/`; undefined outside them. */
  async locate(
    path: string,
    checkpoint: Checkpoint,
  ): Promise<{ repository: ShadowRepository; rel: string; commit: string } | undefined> {
    await this.settled(checkpoint);
    for (const folder of Object.keys(checkpoint.commits)) {
      const repository = await this.repository(folder);
      const rel = relative(repository.folder, path);
      if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) continue;
      const commit = checkpoint.commits[folder];
      if (commit) return { repository, rel: rel.split(sep).join("/"), commit };
    }
    return undefined;
  }

  /**
   * What `path` held at `checkpoint`: the file, "absent" (it did not exist), or why it is not
   * known (outside the folders, ignored, too large).
   */
  async fileAt(
    checkpoint: Checkpoint,
    path: string,
  ): Promise<CheckpointedFile | "absent" | { readonly unknown: string }> {
    const place = await this.locate(path, checkpoint);
    if (!place) return { unknown: "outside the workspace folders, so not in the checkpoint" };
    const file = await place.repository.file(place.commit, place.rel);
    if (file) return file;
    const excluded = await place.repository.excludedReason(place.rel, place.commit, checkpoint.id);
    return excluded === undefined ? "absent" : { unknown: excluded };
  }

  /** The files a restore to `target` would change (a checkpoint of now is taken to compare). */
  preview(target: Checkpoint): Promise<{ now: Checkpoint; changes: FileDelta[] }> {
    return previewRestore(this.restoreSource, target);
  }

  /**
   * Brings every file back to what it held at `target` (checkpointRestore.ts): a checkpoint of now
   * first, returned as `before` (for Redo); unsaved editor changes refuse the whole restore.
   */
  restore(
    target: Checkpoint,
    io: RestoreIo = diskIo,
  ): Promise<{ before: Checkpoint; changes: FileDelta[]; skipped: NotRestored[] }> {
    return restoreCheckpoint(this.restoreSource, target, io);
  }

  private readonly restoreSource: RestoreSource = {
    take: (label) => this.take(label, { exact: true }),
    diff: (from, to) => this.diff(from, to),
    unknownAt: async (target, change) => {
      const tree = target.commits[change.folder];
      return (
        tree !== undefined && (await this.repository(change.folder)).unknownAt(target.id, change.path) !== undefined
      );
    },
    fileAt: async (target, change) => {
      const place = await this.locate(change.absolute, target);
      return place && (await place.repository.file(place.commit, place.rel));
    },
  };
}

/** A checkpoint taken before an Undo or a restore (so that step can be taken back). */
function isSafetyNet(checkpoint: Checkpoint): boolean {
  return checkpoint.label === "before undo" || checkpoint.label.startsWith("before restoring");
}

/** A shadow repository's tree changes as the workspace's: `root` is the folder's checked-out path. */
function deltas(changes: readonly TreeChange[], folder: string, root: string): FileDelta[] {
  return changes.map((change) => ({ ...change, folder, absolute: join(root, ...change.path.split("/")) }));
}
