/**
 * Files over a checkpoint's size cap: left out of the shadow index (and dropped from it when they
 * grew past the cap since they were added), through an excludes file of literal patterns.
 */
import { lstat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/**
 * Files changed since the last snapshot that are over the cap are ignored (and dropped from the
 * index if they were in it before they grew). Only new or changed files are looked at: the index
 * remembers the rest. `kept`: the candidates that are files or links under the cap, with their
 * sizes; `oversized`: every path over the cap now (`previous` was the last snapshot's).
 */
export async function excludeOversized(
  place: GitPlace,
  maxFileBytes: number,
  candidates: readonly string[],
  previous: ReadonlySet<string>,
): Promise<{ kept: Map<string, number>; oversized: Set<string> }> {
  const kept = new Map<string, number>();
  const listed = new Set(candidates);
  const over = new Set([...previous].filter((path) => !listed.has(path)));
  for (let at = 0; at < candidates.length; at += 64) {
    await Promise.all(
      candidates.slice(at, at + 64).map(async (path) => {
        const info = await lstat(join(place.workTree, path)).catch(() => undefined);
        if (info?.isFile() && info.size > maxFileBytes) over.add(path);
        else if (info?.isFile() || info?.isSymbolicLink()) kept.set(path, info.size);
      }),
    );
  }
  const changed = over.size !== previous.size || [...over].some((path) => !previous.has(path));
  if (!changed) return { kept, oversized: over };
  await writeFile(place.excludesFile, [...over].map((path) => `/${escapePattern(path)}`).join("\n") + "\n");
  if (over.size > 0)
    await runGit(
      place,
      [
        "--literal-pathspecs", // a file named `*` must not take every other file out of the index
        "rm",
        "--cached",
        "--quiet",
        "--ignore-unmatch",
        "--pathspec-from-file=-",
        "--pathspec-file-nul",
      ],
      { input: [...over].join("\0") },
    );
  return { kept, oversized: over };
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
