/**
 * A checkpoint asked for while an earlier one is still being taken (a session's first checkpoint
 * hashes every file, seconds in a large workspace): the prompt is not held up for it. At the moment
 * of asking only the list of files is taken, and the time (statManifest.ts); once the earlier
 * checkpoint is done, this one is built from the index it left, file by file:
 * - a file not changed since that moment (its ctime is older, with a margin for coarse file-system
 *   clocks) holds that moment's bytes now: its index entry is kept when git hashed it in its
 *   present state (same stat data: nothing changed it while or since git read it), else it is
 *   hashed now, and checked the same way;
 * - a file changed since (or gone, or in the margin): its bytes at that moment are not known. It is
 *   left out of the checkpoint and recorded as not known, so an Undo or a restore never takes it
 *   for "absent" and deletes it;
 * - files not in the list did not exist then: left out, as absent.
 */
import { copyFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";
import { BULK_ADD } from "./bulkAdd";
import { indexStats, sameStat, statNow, type IndexedStat, type StatManifest } from "./statManifest";

/** A gitlink (nested repository) entry: kept as it is, never restored. */
const GITLINK = "160000";

/**
 * How much earlier than a change its ctime may read: file systems stamp with a coarse clock (a
 * kernel tick, 1–10 ms on Linux). A file changed this close to the moment counts as changed.
 */
export const CLOCK_MARGIN_MS = 50;

/** Why a file's bytes are not in such a checkpoint. */
export const CHANGED_WHILE_HASHING = "changed before the first checkpoint had read it, so not in the checkpoint";

export interface ManifestTree {
  readonly tree: string;
  /** Files that existed at the manifest's moment but whose bytes then are not known → why. */
  readonly unknown: ReadonlyMap<string, string>;
}

/** Builds the checkpoint of the manifest's moment. Leaves the repository's own index as it is. */
export async function treeFromManifest(
  place: GitPlace,
  manifest: StatManifest,
  maxFileBytes: number,
): Promise<ManifestTree> {
  const indexed = await indexStats(place).catch(() => new Map<string, IndexedStat>());
  const unknown = new Map<string, string>();
  const remove: string[] = [];
  const rehash: string[] = [];
  const tooLarge = `larger than ${Math.round(maxFileBytes / (1024 * 1024))} MB, so not in the checkpoint`;
  const paths = [...manifest.files];
  for (let at = 0; at < paths.length; at += 128)
    await Promise.all(
      paths.slice(at, at + 128).map(async (path) => {
        const entry = indexed.get(path);
        if (entry?.mode === GITLINK) return;
        const now = await statNow(place.workTree, path);
        if (!unchangedSince(now, manifest.at)) {
          unknown.set(path, CHANGED_WHILE_HASHING);
          if (entry) remove.push(path);
        } else if (now.bytes > maxFileBytes) {
          unknown.set(path, tooLarge);
          if (entry) remove.push(path);
        } else if (!sameStat(entry, now)) rehash.push(path);
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
      const again = await indexStats(place, turnIndex);
      const failed: string[] = [];
      for (const path of rehash) {
        const entry = again.get(path);
        const now = await statNow(place.workTree, path);
        if (unchangedSince(now, manifest.at) && sameStat(entry, now)) continue;
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

/** Whether the file is there and was not changed since `at` (its ctime is older, beyond the margin). */
function unchangedSince(
  now: Awaited<ReturnType<typeof statNow>>,
  at: number,
): now is NonNullable<Awaited<ReturnType<typeof statNow>>> {
  return now !== undefined && now.ctimeMs < at - CLOCK_MARGIN_MS;
}
