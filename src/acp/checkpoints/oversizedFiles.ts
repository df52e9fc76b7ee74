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
 * remembers the rest. The files over the cap at the last snapshot (`previous`) are looked at again,
 * as git no longer lists them: one back under the cap is no longer ignored, and is `returned` for
 * this snapshot to add (else it would stay out of every checkpoint). `kept`: the candidates (and
 * the returned) that are files or links under the cap, with their sizes; `oversized`: every path
 * over the cap now.
 */
export async function excludeOversized(
  place: GitPlace,
  maxFileBytes: number,
  candidates: readonly string[],
  previous: ReadonlySet<string>,
): Promise<{ kept: Map<string, number>; oversized: ReadonlySet<string>; returned: string[] }> {
  const kept = new Map<string, number>();
  const listed = new Set(candidates);
  const over = new Set<string>();
  const returned: string[] = [];
  const look = async (path: string, wasOver: boolean) => {
    const info = await lstat(join(place.workTree, path)).catch(() => undefined);
    if (info?.isFile() && info.size > maxFileBytes) over.add(path);
    else if (info?.isFile() || info?.isSymbolicLink()) {
      kept.set(path, info.size);
      if (wasOver) returned.push(path);
    } else if (wasOver && info?.isDirectory()) returned.push(path); // a folder now: its files come in by name
  };
  const recheck = [...previous].filter((path) => !listed.has(path));
  for (const [paths, wasOver] of [
    [candidates, false],
    [recheck, true],
  ] as const)
    for (let at = 0; at < paths.length; at += 64)
      await Promise.all(paths.slice(at, at + 64).map((path) => look(path, wasOver)));
  const changed = over.size !== previous.size || [...over].some((path) => !previous.has(path));
  if (!changed) return { kept, oversized: previous, returned };
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
  return { kept, oversized: over, returned };
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
