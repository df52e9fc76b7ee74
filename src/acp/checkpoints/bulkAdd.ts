/**
 * The `add` of a whole folder (its first checkpoint, or more changes than are worth naming):
 * every file hashed, compressed and stored, which git does on one core. Here two git processes
 * (`update-index` with the file list, no pathspec matching) each pack about half of the work at
 * once, one into the repository's index and one into a spare index thrown away after. Then
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
 * What a file costs git beyond its bytes (open, stat, an index entry), in bytes of hashing and
 * compressing: on the 10,000-file bench workspace ~0.12 ms a file against ~0.03 ms a KiB.
 */
const PER_FILE_COST = 4096;

/**
 * Adds everything below the folder. `files`: the regular files (and links) to store, relative with
 * `/`, and their sizes; anything else there is left to the final `add -A .`.
 */
export async function addEverything(place: GitPlace, files: ReadonlyMap<string, number>): Promise<void> {
  const { own, spare } = halves(files);
  const spareIndex = join(place.gitDir, "index.spare");
  const clearSpare = () => Promise.all([rm(spareIndex, { force: true }), rm(`${spareIndex}.lock`, { force: true })]);
  await clearSpare();
  // --remove: a file deleted since it was listed is not an error (it is then not in the index).
  const pack = (paths: readonly string[], indexFile?: string) =>
    paths.length === 0
      ? Promise.resolve(true)
      : runGit(place, ["update-index", "--add", "--remove", "--replace", "-z", "--stdin"], {
          input: paths.join("\0"),
          config: BULK_ADD,
          ...(indexFile === undefined ? {} : { indexFile }),
        }).then(
          () => true,
          () => false, // one unreadable file stops update-index: the final add does that half
        );
  const packed = await Promise.all([pack(own), pack(spare, spareIndex)]);
  await clearSpare();
  // -A: additions, changes and deletions; --ignore-errors: an unreadable file does not stop the rest.
  // Packed again only when a half failed: its files would otherwise become thousands of loose objects.
  await runGit(place, ["add", "-A", "--ignore-errors", "--", "."], {
    okCodes: [1],
    ...(packed.every(Boolean) ? {} : { config: BULK_ADD }),
  });
}

/**
 * Two lists of about the same cost. The spare index (whose files the final add hashes again) gets
 * the largest files: the fewest files for its half, as hashing a file again costs little beside
 * opening it.
 */
export function halves(files: ReadonlyMap<string, number>): { own: string[]; spare: string[] } {
  const bySize = [...files].sort((a, b) => b[1] - a[1]);
  const total = bySize.reduce((sum, [, size]) => sum + size + PER_FILE_COST, 0);
  const spare: string[] = [];
  let cost = 0;
  let at = 0;
  for (; at < bySize.length && cost + (bySize[at]![1] + PER_FILE_COST) / 2 <= total / 2; at++) {
    cost += bySize[at]![1] + PER_FILE_COST;
    spare.push(bySize[at]![0]);
  }
  return { own: bySize.slice(at).map(([path]) => path), spare };
}
