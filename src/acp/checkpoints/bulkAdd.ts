/**
 * The `add` of a whole folder (its first checkpoint, or more changes than are worth naming):
 * every file hashed, compressed and stored, which git does on one core. Here two git processes
 * (`add` of the listed names) each pack about half of the work at once, one into the repository's
 * index and one into a spare index thrown away after. Then
 * `add -A .` of the whole folder has the last word: it finds the first half up to date by its stat
 * data and the second half's objects already stored (it only hashes those files again), and adds
 * what the two left out (nested repositories, files created meanwhile, a half that failed). The
 * index ends as `add -A .` alone would leave it; each file is read during the call, as before.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/**
 * Every file over 1 byte goes into a pack file, zlib level 1, instead of one loose object file
 * each (10,000 files: ~40 % less CPU, most of it the kernel creating files). Only on these calls:
 * elsewhere the threshold would make `diff` call every file binary; a turn's few files stay loose.
 */
export const BULK_ADD = ["core.bigFileThreshold=1", "pack.compression=1"];

/**
 * The spare half, the largest files, is stored uncompressed (zlib level 0): large files are the
 * ones most often compressed already (images, archives, builds), and there zlib costs the most
 * CPU for the least space (bench: 102 MB of large files, half random bytes, took 3.2 s of CPU at
 * level 1 for 67 MB, 1.7 s at level 0 for 102 MB). Source text, the many small files, stays at 1.
 */
const SPARE_ADD = ["core.bigFileThreshold=1", "pack.compression=0"];

/**
 * What a file costs git beyond its bytes (open, stat, an index entry), in bytes of hashing and
 * compressing at level 1: on the 10,000-file bench workspace ~0.12 ms a file, ~0.03 ms a KiB.
 */
const PER_FILE_COST = 4096;

/** A byte stored at level 0 costs about this much of one compressed at level 1. */
const STORED_BYTE_COST = 0.55;

/**
 * Adds everything below the folder. `files`: the regular files (and links) to store, relative with
 * `/`, and their sizes; anything else there is left to the final `add -A .`.
 */
export async function addEverything(place: GitPlace, files: ReadonlyMap<string, number>): Promise<void> {
  const { own, spare } = halves(files);
  const spareIndex = join(place.gitDir, "index.spare");
  const clearSpare = () => Promise.all([rm(spareIndex, { force: true }), rm(`${spareIndex}.lock`, { force: true })]);
  await clearSpare();
  // `add` of the listed names, literally (never pathspec magic or globs): unlike `update-index`,
  // it stores all its objects in one pack (bench: 8,158 small files 1.7–2.0 s, against 3.5–5.4 s).
  // -A: a file deleted since it was listed is not an error (it is then not in the index).
  const pack = (paths: readonly string[], config: readonly string[], indexFile?: string) =>
    paths.length === 0
      ? Promise.resolve(true)
      : runGit(place, ["--literal-pathspecs", "add", "-A", "--pathspec-from-file=-", "--pathspec-file-nul"], {
          input: paths.join("\0"),
          config,
          background: true,
          ...(indexFile === undefined ? {} : { indexFile }),
        }).then(
          () => true,
          () => false, // an unreadable file or a nested repository stops it: the final add does that half
        );
  const packed = await Promise.all([pack(own, BULK_ADD), pack(spare, SPARE_ADD, spareIndex)]);
  await clearSpare();
  // -A: additions, changes and deletions; --ignore-errors: an unreadable file does not stop the rest.
  // Packed again only when a half failed: its files would otherwise become thousands of loose objects.
  await runGit(place, ["add", "-A", "--ignore-errors", "--", "."], {
    okCodes: [1],
    background: true,
    ...(packed.every(Boolean) ? {} : { config: BULK_ADD }),
  });
}

/**
 * Two lists of about the same cost to pack. The spare index (whose files the final add hashes
 * again, and which are stored uncompressed) gets the largest files: the fewest files for its
 * half, as hashing a file again costs little beside opening it.
 */
export function halves(files: ReadonlyMap<string, number>): { own: string[]; spare: string[] } {
  const bySize = [...files].sort((a, b) => b[1] - a[1]);
  let ownCost = bySize.reduce((sum, [, size]) => sum + packCost(size, false), 0);
  let spareCost = 0;
  let at = 0;
  // Moved while that brings the slower half's cost down.
  for (; at < bySize.length && spareCost + packCost(bySize[at]![1], true) < ownCost; at++) {
    spareCost += packCost(bySize[at]![1], true);
    ownCost -= packCost(bySize[at]![1], false);
  }
  return { own: bySize.slice(at).map(([path]) => path), spare: bySize.slice(0, at).map(([path]) => path) };
}

/** What packing a file of `size` bytes costs, in bytes compressed at level 1 (see PER_FILE_COST). */
export function packCost(size: number, stored: boolean): number {
  return PER_FILE_COST + size * (stored ? STORED_BYTE_COST : 1);
}
