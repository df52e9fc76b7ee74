/**
 * One workspace folder's checkpoints: a private git repository in the extension's storage whose
 * work tree is the folder. The user's own repository (its index, stash, refs, config, hooks) is
 * never read for writing or touched: the shadow has its own `GIT_DIR` and index. A checkpoint is a
 * tree of what every file held (`.gitignore`d files, `node_modules/` and files over the size cap
 * left out), kept alive by a ref per checkpoint. Operations on one repository run one at a time.
 */
import { lstat, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";
import { addEverything } from "./bulkAdd";
import { changedPaths, stagePaths } from "./stagedChanges";
import { DIFF_OPTIONS, parseDiffTree, type TreeChange } from "./treeDiff";
import type { GitExecutable } from "./gitExecutable";
export type { TreeChange } from "./treeDiff";
import { CHECKPOINT_REFS, dropRetiredRefs, retireAllRefs, retireRef, reviveRef } from "./retiredCheckpoints";

/** Files larger than this are not in checkpoints (listed as "not restorable" when changed). */
export const DEFAULT_MAX_CHECKPOINT_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Up to this many changed paths, `git add` gets them by name; beyond (the first checkpoint, a
 * branch switch) it looks at the whole folder, as git's pathspec matching is per path × pattern.
 */
const TARGETED_ADD_LIMIT = 500;

/** Left out of every checkpoint besides what `.gitignore` says. */
const ALWAYS_EXCLUDED = ["node_modules/", ".DS_Store"];

export interface CheckpointedFile {
  /** git's file mode: 100644, 100755 (executable), 120000 (a symlink, never followed). */
  readonly mode: string;
  readonly content: Buffer;
}

export class ShadowRepository {
  private readonly place: GitPlace;
  private tail: Promise<unknown> = Promise.resolve();
  private refsTail: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | undefined;
  /** Paths over the size cap at the last snapshot (relative, `/`). */
  private oversized = new Set<string>();
  /** Refs of checkpoints taken but not yet written (ref name → tree). */
  private readonly unwrittenRefs = new Map<string, string>();

  constructor(
    git: GitExecutable,
    readonly folder: string,
    gitDir: string,
    private readonly maxFileBytes = DEFAULT_MAX_CHECKPOINT_FILE_BYTES,
  ) {
    this.place = { git, gitDir, workTree: folder, excludesFile: join(gitDir, "acp-oversized") };
  }

  /** Runs `work` after every earlier operation of this repository. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private init(): Promise<void> {
    return (this.ready ??= (async () => {
      const { gitDir } = this.place;
      await mkdir(gitDir, { recursive: true });
      // `--template=`: no sample hooks or template config come in.
      await runGit(this.place, ["init", "--quiet", "--template="]);
      await mkdir(join(gitDir, "info"), { recursive: true });
      await writeFile(join(gitDir, "info", "exclude"), ALWAYS_EXCLUDED.join("\n") + "\n");
      // Outranks the workspace's .gitattributes: bytes in, the same bytes out (no CRLF, LFS or filters).
      await writeFile(join(gitDir, "info", "attributes"), "* -text -filter -ident -working-tree-encoding\n");
      await writeFile(this.place.excludesFile, "");
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    }));
  }

  /**
   * Takes a checkpoint of the folder now; returns its id (a tree) and keeps it under `ref`. The
   * ref is written just after (flushRefs), off the caller's wait: nothing prunes before it is.
   */
  snapshot(ref: string): Promise<string> {
    return this.serial(async () => (await this.take(ref)).tree);
  }

  /**
   * A checkpoint now, and what changed in it since checkpoint `from`: as snapshot then diff, but
   * the diff reads the index (`diff-index --cached`) while `write-tree` writes the tree from it.
   */
  snapshotSince(ref: string, from: string): Promise<{ tree: string; changes: TreeChange[] }> {
    return this.serial(async () => {
      const { tree, changes = [] } = await this.take(ref, from);
      return { tree, changes };
    });
  }

  private async take(ref: string, from?: string): Promise<{ tree: string; changes?: TreeChange[] }> {
    await this.init();
    const candidates = await changedPaths(this.place);
    const files = await this.excludeOversized(candidates);
    if (candidates.length > TARGETED_ADD_LIMIT) await addEverything(this.place, files);
    // Only what was listed: git then neither stats every file nor walks every folder again.
    else
      await stagePaths(
        this.place,
        candidates.filter((path) => !this.oversized.has(path)),
      );
    // The tree is the checkpoint (no commit object: one git process less per checkpoint).
    const [tree, changes] = await Promise.all([
      runGit(this.place, ["write-tree"]).then((out) => out.toString("utf8").trim()),
      from === undefined
        ? undefined
        : runGit(this.place, ["diff-index", "--cached", ...DIFF_OPTIONS, from]).then((out) =>
            parseDiffTree(out.toString("utf8")),
          ),
    ]);
    this.unwrittenRefs.set(refName(ref), tree);
    void this.flushRefs().catch(() => undefined); // retried by the next flush
    return { tree, ...(changes === undefined ? {} : { changes }) };
  }

  /**
   * Writes the refs of the checkpoints taken since the last flush, in one git process. Flushes
   * run one at a time but beside the other operations (none of which reads refs), so the next
   * checkpoint does not wait for one; whatever does read or change refs awaits this first.
   */
  private flushRefs(): Promise<void> {
    const run = this.refsTail.then(() => this.writeRefs());
    this.refsTail = run.catch(() => undefined);
    return run;
  }

  private async writeRefs(): Promise<void> {
    if (this.unwrittenRefs.size === 0) return;
    const batch = [...this.unwrittenRefs];
    await runGit(this.place, ["update-ref", "--stdin"], {
      input: batch.map(([name, id]) => `update ${name} ${id}\n`).join(""),
    });
    for (const [name, id] of batch) if (this.unwrittenRefs.get(name) === id) this.unwrittenRefs.delete(name);
  }

  /**
   * Files changed since the last snapshot that are over the cap are ignored (and dropped from the
   * index if they were in it before they grew). Only new or changed files are looked at: the index
   * remembers the rest. Returns the candidates that are files or links under the cap, with their sizes.
   */
  private async excludeOversized(candidates: readonly string[]): Promise<Map<string, number>> {
    const kept = new Map<string, number>();
    const listed = new Set(candidates);
    const over = new Set([...this.oversized].filter((path) => !listed.has(path)));
    for (let at = 0; at < candidates.length; at += 64) {
      await Promise.all(
        candidates.slice(at, at + 64).map(async (path) => {
          const info = await lstat(join(this.folder, path)).catch(() => undefined);
          if (info?.isFile() && info.size > this.maxFileBytes) over.add(path);
          else if (info?.isFile() || info?.isSymbolicLink()) kept.set(path, info.size);
        }),
      );
    }
    const changed = over.size !== this.oversized.size || [...over].some((path) => !this.oversized.has(path));
    this.oversized = over;
    if (!changed) return kept;
    await writeFile(this.place.excludesFile, [...over].map((path) => `/${escapePattern(path)}`).join("\n") + "\n");
    if (over.size > 0)
      await runGit(
        this.place,
        [
          "--literal-pathspecs", // a file named `*` must not take every other file out of the index
          "rm",
          "--cached",
          "--quiet",
          "--ignore-unmatch",
          "--pathspec-from-file=-",
          "--pathspec-file-nul",
        ],
        {
          input: [...over].map((path) => path).join("\0"),
        },
      );
    return kept;
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

  /** Why `path` (relative) is not in checkpoint `commit`, or undefined when it is eligible. */
  excludedReason(path: string, commit: string): Promise<string | undefined> {
    return this.serial(async () => {
      await this.init();
      if (this.oversized.has(path))
        return `larger than ${Math.round(this.maxFileBytes / (1024 * 1024))} MB, so not in the checkpoint`;
      if (await this.inNestedRepository(path, commit)) return "inside a nested repository, so not in the checkpoint";
      const ignored = await runGit(this.place, ["check-ignore", "--no-index", "--", path], { okCodes: [1] });
      return ignored.length > 0 ? "ignored (.gitignore), so not in the checkpoint" : undefined;
    });
  }

  /**
   * Nested repositories are left out of checkpoints (a gitlink, or nothing when it has no commit):
   * a file below one is not known, never "absent", or an Undo of the agent's edit would delete it.
   * A folder on the path that holds `.git` now, or was a gitlink in `commit`, is one.
   */
  private async inNestedRepository(path: string, commit: string): Promise<boolean> {
    const parts = path.split("/");
    const ancestors = parts.slice(0, -1).map((_, at) => parts.slice(0, at + 1).join("/"));
    if (ancestors.length === 0) return false;
    for (const folder of ancestors)
      if (
        await lstat(join(this.folder, ...folder.split("/"), ".git")).then(
          () => true,
          () => false,
        )
      )
        return true;
    const listed = await runGit(this.place, ["--literal-pathspecs", "ls-tree", "-z", commit, "--", ...ancestors]);
    return listed
      .toString("utf8")
      .split("\0")
      .some((line) => line.startsWith("160000 "));
  }

  /** Lets checkpoint `ref`'s objects go at the next prune. */
  drop(ref: string): Promise<void> {
    return this.serial(async () => {
      await this.init();
      await this.refsTail; // a flush under way may be writing this very ref
      if (this.unwrittenRefs.delete(refName(ref))) return;
      await runGit(this.place, ["update-ref", "-d", refName(ref)], { okCodes: [1] });
    });
  }

  /** Sets every checkpoint aside (also those of earlier windows): "Clear Checkpoints", undoable a while. */
  retireAll(at: number): Promise<void> {
    return this.serial(async () => {
      await this.init();
      await this.flushRefs();
      await retireAllRefs(this.place, at);
    });
  }

  /**
   * Sets checkpoint `ref` aside (pruned or cleared) at `at` (epoch ms): it no longer counts as a
   * checkpoint, but its objects stay until `dropRetired` lets them go, so it can come back.
   */
  retire(ref: string, at: number): Promise<void> {
    return this.serial(async () => {
      await this.init();
      await this.flushRefs();
      await retireRef(this.place, refName(ref), at);
    });
  }

  /** Brings a retired checkpoint back under `ref`; false when it is not (or no longer) kept. */
  revive(ref: string): Promise<boolean> {
    return this.serial(async () => {
      await this.init();
      await this.flushRefs();
      return reviveRef(this.place, refName(ref));
    });
  }

  /** Lets the checkpoints retired before `before` (epoch ms) go for good; how many went. */
  dropRetired(before: number): Promise<number> {
    return this.serial(async () => {
      await this.init();
      await this.refsTail;
      return dropRetiredRefs(this.place, before);
    });
  }

  /** Removes objects no checkpoint refers to any more, and packs the rest. */
  compact(): Promise<void> {
    return this.serial(async () => {
      await this.init();
      await this.flushRefs(); // an unwritten ref's objects would go
      await runGit(this.place, ["gc", "--quiet", "--prune=now"]);
    });
  }
}

function refName(ref: string): string {
  return `${CHECKPOINT_REFS}/${ref.replace(/[^A-Za-z0-9._-]/g, "_")}`;
}

/**
 * A literal path as a gitignore pattern: wildcards, a leading `#`/`!` and trailing spaces escaped.
 * A line break can't be escaped (it would end the pattern and start one the name chooses, such as
 * `src`): it becomes `?`, which matches it.
 */
function escapePattern(path: string): string {
  return path
    .replace(/[\\*?[\]!#]/g, (c) => `\\${c}`)
    .replace(/[\r\n]/g, "?")
    .replace(/ $/, "\\ ");
}
