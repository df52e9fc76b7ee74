/**
 * A checkpoint asked for while an earlier one is still being taken (a session's first checkpoint
 * hashes every file, seconds in a large workspace): the prompt is not held up for it. At the moment
 * of asking, a stat manifest of every file is taken (statManifest.ts); once the earlier checkpoint
 * is done, this one is built from the index it left, trusting an entry only where the bytes it
 * holds are provably those of that moment:
 * - the entry's stat data (what git saw when it hashed the file) equal the manifest's, and the file
 *   is unchanged since (its stat data still equal) or gone, or was changed after every earlier git
 *   process had ended (a change while git was reading it could have torn what it read);
 * - otherwise, if the file is still unchanged since that moment, it is hashed now, and checked the
 *   same way;
 * - otherwise its bytes at that moment are not known: it is left out of the checkpoint and
 *   recorded as not known (so an Undo or a restore never takes it for "absent" and deletes it).
 * Files not in the manifest did not exist then: they are left out, as absent.
 */
import { copyFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";
import { BULK_ADD } from "./bulkAdd";
import { indexStats, sameStat, statNow, type IndexedStat, type StatKey, type StatManifest } from "./statManifest";

/** A gitlink (nested repository) entry: kept as it is, never restored. */
const GITLINK = "160000";

/** Why a file's bytes are not in such a checkpoint. */
export const CHANGED_WHILE_HASHING = "changed before the first checkpoint had read it, so not in the checkpoint";

export interface ManifestTree {
  readonly tree: string;
  /** Files that existed at the manifest's moment but whose bytes then are not known → why. */
  readonly unknown: ReadonlyMap<string, string>;
}

/**
 * Builds the checkpoint of the manifest's moment. `hashedBy` (epoch ms): every git process that
 * wrote the repository's index before this call had ended by then. Leaves that index as it is.
 */
export async function treeFromManifest(
  place: GitPlace,
  manifest: StatManifest,
  hashedBy: number,
  maxFileBytes: number,
): Promise<ManifestTree> {
  const indexed = await indexStats(place).catch(() => new Map<string, IndexedStat>());
  const unknown = new Map<string, string>();
  const remove: string[] = [];
  const rehash: string[] = [];
  const tooLarge = `larger than ${Math.round(maxFileBytes / (1024 * 1024))} MB, so not in the checkpoint`;
  const paths = [...manifest.files.keys()];
  for (let at = 0; at < paths.length; at += 128)
    await Promise.all(
      paths.slice(at, at + 128).map(async (path) => {
        const then = manifest.files.get(path)!;
        const entry = indexed.get(path);
        if (entry?.mode === GITLINK) return;
        if (manifest.oversized.has(path)) {
          unknown.set(path, tooLarge);
          if (entry) remove.push(path);
          return;
        }
        const now = await statNow(place.workTree, path);
        if (trustworthy(entry, then, now, hashedBy)) return;
        if (sameStat(now, then)) rehash.push(path);
        else {
          unknown.set(path, CHANGED_WHILE_HASHING);
          if (entry) remove.push(path);
        }
      }),
    );
  for (const [path, entry] of indexed) if (entry.mode !== GITLINK && !manifest.files.has(path)) remove.push(path);

  const turnIndex = join(place.gitDir, `index.manifest-${process.pid}-${Date.now().toString(36)}`);
  try {
    await copyFile(join(place.gitDir, "index"), turnIndex).catch(() => undefined); // none yet: start empty
    const forceRemove = (list: readonly string[]) =>
      list.length === 0
        ? Promise.resolve()
        : runGit(place, ["update-index", "--force-remove", "-z", "--stdin"], {
            input: list.join("\0"),
            indexFile: turnIndex,
          }).then(() => undefined);
    await forceRemove(remove);
    if (rehash.length > 0) {
      await runGit(place, ["update-index", "--add", "--remove", "--replace", "-z", "--stdin"], {
        input: rehash.join("\0"),
        indexFile: turnIndex,
        ...(rehash.length > 500 ? { config: BULK_ADD } : {}),
      }).catch(() => undefined); // a file it could not read is checked below like any other
      const rehashedBy = Date.now();
      const again = await indexStats(place, turnIndex);
      const failed: string[] = [];
      for (const path of rehash) {
        const entry = again.get(path);
        if (trustworthy(entry, manifest.files.get(path)!, await statNow(place.workTree, path), rehashedBy)) continue;
        unknown.set(path, CHANGED_WHILE_HASHING);
        if (entry) failed.push(path);
      }
      await forceRemove(failed);
    }
    const tree = (await runGit(place, ["write-tree"], { indexFile: turnIndex })).toString("utf8").trim();
    return { tree, unknown };
  } finally {
    await Promise.all([rm(turnIndex, { force: true }), rm(`${turnIndex}.lock`, { force: true })]);
  }
}

/**
 * Whether the index entry holds the bytes the file held when its manifest stat data were taken:
 * git saw those stat data when hashing it, and nothing can have changed the file while git read
 * it: unchanged since, or changed only after git had ended. A file gone since is not trusted: it
 * may have been replaced (a rename over it) between git's lstat and its read, then removed.
 */
function trustworthy(
  entry: IndexedStat | undefined,
  then: StatKey,
  now: (StatKey & { readonly mtimeMs: number }) | undefined,
  hashedBy: number,
): boolean {
  if (!entry || !sameStat(entry, then)) return false;
  // mtime is never later than the write (timestamps are cut, not rounded, to the clock's tick).
  return now !== undefined && (sameStat(now, then) || now.mtimeMs > hashedBy);
}
