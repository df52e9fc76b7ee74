/**
 * One workspace folder's checkpoints: a private git repository in the extension's storage whose
 * work tree is the folder. The user's own repository (its index, stash, refs, config, hooks) is
 * never read for writing or touched: the shadow has its own `GIT_DIR` and index. A checkpoint is a
 * tree of what every file held (`.gitignore`d files, `node_modules/` and files over the size cap
 * left out), kept alive by a ref per checkpoint. Operations on one repository run one at a time.
 */
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";
import { addEverything } from "./bulkAdd";
import { changedAgainstIndex, changedPaths, stagePaths } from "./stagedChanges";
import { DIFF_OPTIONS, parseDiffTree, type TreeChange } from "./treeDiff";
import { indexHasEntries, takeManifest, type StatManifest } from "./statManifest";
import { treeFromManifest } from "./manifestCheckpoint";
import { excludeOversized } from "./oversizedFiles";
import { insideFolder, treeWithCopies } from "./safetyCopies";
import { LeftOutFiles } from "./leftOutFiles";
import { indexCachedTree } from "./indexCachedTree";
import { createShadowRepository } from "./shadowInit";
import { inNestedRepository } from "./nestedRepositories";
import type { GitExecutable } from "./gitExecutable";
export type { TreeChange } from "./treeDiff";
export type { CheckpointedFile, TakeOptions } from "./checkpointTypes";
import { CheckpointRefs } from "./checkpointRefs";
import type { CheckpointedFile, TakeOptions } from "./checkpointTypes";

/** Files larger than this are not in checkpoints (listed as "not restorable" when changed). */
export const DEFAULT_MAX_CHECKPOINT_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Up to this many changed paths, `git add` gets them by name; beyond (the first checkpoint, a
 * branch switch) it looks at the whole folder, as git's pathspec matching is per path × pattern.
 */
const TARGETED_ADD_LIMIT = 500;

export class ShadowRepository {
  private readonly place: GitPlace;
  private readonly refs: CheckpointRefs;
  private tail: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | undefined;
  /** Paths over the size cap at the last snapshot (relative, `/`). */
  private oversized: ReadonlySet<string> = new Set<string>();
  /** Checkpoints taken or waiting to be (snapshot, snapshotSince, begin). */
  private takesUnderWay = 0;
  /** A snapshot asked for that has not started listing the folder: whatever is asked for now, it will see. */
  private notYetListing: { readonly taken: Promise<string>; readonly ref: string } | undefined;
  /** What each checkpoint left out (not known, over the cap), by its ref. */
  private readonly leftOut: LeftOutFiles;

  constructor(
    git: GitExecutable,
    readonly folder: string,
    gitDir: string,
    private readonly maxFileBytes = DEFAULT_MAX_CHECKPOINT_FILE_BYTES,
  ) {
    this.place = { git, gitDir, workTree: folder, excludesFile: join(gitDir, "acp-oversized") };
    this.refs = new CheckpointRefs(this.place);
    this.leftOut = new LeftOutFiles(maxFileBytes);
  }

  /** Runs `work` after every earlier operation of this repository. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Creates the repository ahead of its first checkpoint (when a session starts its agent). */
  prepare(): Promise<void> {
    return this.init();
  }

  private init(): Promise<void> {
    return (this.ready ??= createShadowRepository(this.place).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    }));
  }

  /**
   * Takes a checkpoint of the folder now; returns its id (a tree) and keeps it under `ref`. The
   * ref is written just after (CheckpointRefs), off the caller's wait: nothing prunes before it is.
   */
  snapshot(ref: string, options: TakeOptions = {}): Promise<string> {
    const listing = () => {
      if (this.notYetListing?.taken === taken) this.notYetListing = undefined;
    };
    const taken: Promise<string> = this.counted(() =>
      this.serial(async () => (await this.take(ref, undefined, options, listing)).tree),
    );
    this.notYetListing = { taken, ref };
    void taken.then(listing, listing);
    return taken;
  }

  /**
   * Brings the index's stat data up to date for files touched but unchanged (their bytes hashed
   * once more, nothing staged): until then the listing (`ls-files -m`, stagedChanges.ts) compares
   * each of them by content at every checkpoint. At a low priority, and skipped when a checkpoint
   * is waiting, so never on a prompt's way. Keeps the index's cached tree (indexCachedTree.ts).
   */
  refreshStatData(): Promise<void> {
    return this.serial(async () => {
      if (this.takesUnderWay > 0 || this.ready === undefined) return;
      await this.ready;
      // -q: a file whose content changed is left for the next checkpoint, not an error.
      await runGit(this.place, ["update-index", "-q", "--refresh", "--ignore-submodules"], {
        background: true,
        okCodes: [1],
      });
    });
  }

  /** Runs a checkpoint `work`, counted as under way while it runs or waits. */
  private counted<T>(work: () => Promise<T>): Promise<T> {
    this.takesUnderWay++;
    return work().finally(() => this.takesUnderWay--);
  }

  /**
   * A checkpoint of the folder as it is now, for a prompt, which goes to the agent once it is taken.
   * - A checkpoint that has not started listing the folder yet (the one taken when the session
   *   opened, asked for a moment earlier) will see the folder as it is after this call: this one is
   *   the same tree, rather than a second checkpoint taken after it. Not when the shadow index is
   *   empty (that one will hash every file).
   * - While a checkpoint that adds the whole folder is under way (the first one of a large folder:
   *   seconds), this resolves as soon as the list of files is taken, and `tree` once that one is
   *   done (manifestCheckpoint.ts): the caller need not wait for it.
   * - Otherwise as `snapshot`.
   */
  async begin(ref: string, options: TakeOptions = {}): Promise<{ tree: Promise<string> }> {
    const sharing = this.notYetListing;
    // Not the first checkpoint of a folder: that one hashes every file (seconds), better not waited for.
    // A tree shared with that one would not hold the copies asked for (`include`).
    if (sharing && !options.include?.length && (await indexHasEntries(this.place.gitDir))) {
      const tree = await sharing.taken.catch(() => undefined);
      if (tree !== undefined) {
        this.refs.keep(ref, tree);
        this.leftOut.same(ref, sharing.ref); // a snapshot's tree: only files over the cap are left out
        return { tree: Promise.resolve(tree) };
      }
    }
    if (this.takesUnderWay > 0 && !options.exact) {
      await this.init();
      // The files over the cap are left out of the listing (the excludes file): not known there.
      const oversized = this.oversized;
      const manifest = await takeManifest(this.place);
      // Files the index has never seen: the checkpoint under way adds them all (whole folder, slow).
      if (manifest.unindexed > TARGETED_ADD_LIMIT) {
        this.leftOut.noteOversized(ref, oversized);
        return { tree: this.fromManifest(ref, manifest) };
      }
    }
    // Small folders and later checkpoints are quick: this waits its turn, as before.
    const tree = await this.snapshot(ref, options);
    return { tree: Promise.resolve(tree) };
  }

  private fromManifest(ref: string, manifest: StatManifest): Promise<string> {
    const tree = this.counted(() =>
      this.serial(async () => {
        const built = await treeFromManifest(this.place, manifest, this.maxFileBytes);
        this.leftOut.noteUnknown(ref, built.unknown);
        this.refs.keep(ref, built.tree);
        return built.tree;
      }),
    );
    tree.catch(() => undefined); // the caller reads it later (or never)
    return tree;
  }

  /**
   * Why `path`'s bytes (relative) at checkpoint `ref` are not known: left out of a checkpoint taken
   * from a list of files, or over the size cap then; undefined otherwise. A restore leaves such a
   * file as it is (its absence from the tree is no sign that it did not exist).
   */
  unknownAt(ref: string, path: string): string | undefined {
    return this.leftOut.reason(ref, path);
  }

  /**
   * A checkpoint now, and what changed in it since checkpoint `from`: as snapshot then diff, but
   * the diff reads the index (`diff-index --cached`) while `write-tree` writes the tree from it.
   */
  snapshotSince(ref: string, from: string): Promise<{ tree: string; changes: TreeChange[] }> {
    return this.counted(() =>
      this.serial(async () => {
        const { tree, changes = [] } = await this.take(ref, from);
        return { tree, changes };
      }),
    );
  }

  /**
   * The files (relative, `/`) that differ from checkpoint `from` now, without taking a checkpoint:
   * when the index holds `from` (its cached tree, indexCachedTree.ts, is `from`: no checkpoint of
   * this folder since, in this window or another), comparing the folder with the index tells it
   * (stagedChanges.changedAgainstIndex). Undefined when the index holds another tree, or its tree
   * is not known without git: the caller takes a checkpoint and diffs instead.
   */
  changedSince(from: string): Promise<string[] | undefined> {
    return this.serial(async () => {
      await this.init();
      if ((await indexCachedTree(this.place.gitDir)) !== from) return undefined;
      return changedAgainstIndex(this.place, this.maxFileBytes);
    });
  }

  private async take(
    ref: string,
    from?: string,
    { background = false, include = [] }: TakeOptions = {},
    listing?: () => void,
  ): Promise<{ tree: string; changes?: TreeChange[] }> {
    await this.init();
    listing?.(); // from here on, what changes in the folder may or may not be in this checkpoint
    const listed = await changedPaths(this.place, background);
    const {
      kept: files,
      oversized,
      returned,
    } = await excludeOversized(this.place, this.maxFileBytes, listed, this.oversized);
    this.oversized = oversized;
    const candidates = [...listed, ...returned];
    if (candidates.length > TARGETED_ADD_LIMIT) await addEverything(this.place, files);
    // Only what was listed: git then neither stats every file nor walks every folder again.
    else
      await stagePaths(
        this.place,
        candidates.filter((path) => !this.oversized.has(path)),
        background,
      );
    // Nothing listed: the tree the index caches (indexCachedTree.ts) is the one write-tree would
    // print, read from the index file as write-tree would read it, whichever window wrote it last.
    // One git process less at every prompt after a turn that changed nothing.
    const cached = candidates.length === 0 ? await indexCachedTree(this.place.gitDir) : undefined;
    // The tree is the checkpoint (no commit object: one git process less per checkpoint).
    const [tree, changes] = await Promise.all([
      cached ?? runGit(this.place, ["write-tree"], { background }).then((out) => out.toString("utf8").trim()),
      from === undefined
        ? undefined
        : runGit(this.place, ["diff-index", "--cached", ...DIFF_OPTIONS, from]).then((out) =>
            parseDiffTree(out.toString("utf8")),
          ),
    ]);
    const copies = insideFolder(this.folder, include).filter((path) => oversized.has(path));
    const held = copies.length > 0 ? await treeWithCopies(this.place, copies) : tree;
    // What this checkpoint left out: over the cap, save the copies it holds.
    this.leftOut.noteOversized(
      ref,
      copies.length > 0 ? new Set([...oversized].filter((path) => !copies.includes(path))) : oversized,
    );
    this.refs.keep(ref, held);
    return { tree: held, ...(changes === undefined ? {} : { changes }) };
  }

  /** What changed from checkpoint `from` to checkpoint `to` (nested repositories and symlinks left out). */
  diff(from: string, to: string): Promise<TreeChange[]> {
    return this.serial(async () => {
      await this.init();
      const out = await runGit(this.place, ["diff-tree", ...DIFF_OPTIONS, from, to]);
      return parseDiffTree(out.toString("utf8"));
    });
  }

  /** The file as it was in checkpoint `commit`, or undefined when it was not in it. */
  file(commit: string, path: string): Promise<CheckpointedFile | undefined> {
    return this.serial(async () => {
      await this.init();
      // Literally: `:x` would otherwise be pathspec magic for `x`, and a restore would write x's bytes.
      const listed = (await runGit(this.place, ["--literal-pathspecs", "ls-tree", "-z", commit, "--", path])).toString(
        "utf8",
      );
      const match = /^(\d{6}) blob ([0-9a-f]+)\t/.exec(listed);
      if (!match?.[1] || !match[2]) return undefined;
      const content = await runGit(this.place, ["cat-file", "blob", match[2]]);
      return { mode: match[1], content };
    });
  }

  /** Why `path` (relative) is not in checkpoint `ref` (tree `commit`), or undefined when it is eligible. */
  excludedReason(path: string, commit: string, ref: string): Promise<string | undefined> {
    return this.serial(async () => {
      await this.init();
      const leftOut = this.leftOut.reason(ref, path);
      if (leftOut !== undefined) return leftOut;
      if (await inNestedRepository(this.place, path, commit))
        return "inside a nested repository, so not in the checkpoint";
      const ignored = await runGit(this.place, ["check-ignore", "--no-index", "--", path], { okCodes: [1] });
      return ignored.length > 0 ? "ignored (.gitignore), so not in the checkpoint" : undefined;
    });
  }

  /** Runs `work` on the refs in the repository's turn (retiring and reviving: CheckpointRefs). */
  private withRefs<T>(work: (refs: CheckpointRefs) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      await this.init();
      return work(this.refs);
    });
  }

  /** Lets checkpoint `ref`'s objects go at the next prune. */
  drop(ref: string): Promise<void> {
    return this.withRefs((refs) => refs.drop(ref));
  }

  /** Sets every checkpoint aside (also those of earlier windows): "Clear Checkpoints", undoable a while. */
  retireAll(at: number): Promise<void> {
    return this.withRefs((refs) => refs.retireAll(at));
  }

  /** Sets checkpoint `ref` aside at `at` (epoch ms): see CheckpointRefs.retire. */
  retire(ref: string, at: number): Promise<void> {
    return this.withRefs((refs) => refs.retire(ref, at));
  }

  /** Brings a retired checkpoint back under `ref`; false when it is not (or no longer) kept. */
  revive(ref: string): Promise<boolean> {
    return this.withRefs((refs) => refs.revive(ref));
  }

  /** Lets the checkpoints retired before `before` (epoch ms) go for good; how many went. */
  dropRetired(before: number): Promise<number> {
    return this.withRefs((refs) => refs.dropRetired(before));
  }

  /** Removes objects no checkpoint refers to any more, and packs the rest. */
  compact(): Promise<void> {
    return this.serial(async () => {
      await this.init();
      await this.refs.flush(); // an unwritten ref's objects would go
      await runGit(this.place, ["gc", "--quiet", "--prune=now"]);
    });
  }
}
