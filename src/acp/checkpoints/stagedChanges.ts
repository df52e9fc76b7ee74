/**
 * The files a checkpoint has to look at again, and putting them in the shadow index: what a
 * turn's checkpoint runs besides `write-tree`. Each git process stats or reads the 10,000-entry
 * index once, so a turn runs as few as it can, and the two listings run at once (two cores).
 */
import { runGit, type GitPlace } from "./gitRunner";

/**
 * Files that may have changed since the index last saw them, ignored files left out: new ones
 * (`ls-files --others`; an untracked nested repository as `dir/`) and tracked ones whose stat data
 * or content differ, deleted included (`diff-files`, which also lists a file only touched: staging
 * it again just refreshes its stat data). Changed files first, then new ones, so a file that
 * became a folder leaves the index before the files in it come in.
 */
export async function changedPaths(place: GitPlace): Promise<string[]> {
  const [changed, added] = await Promise.all([
    // dirty: a nested repository is listed when its HEAD moved, not after a `status` inside it.
    runGit(place, ["diff-files", "--name-only", "-z", "--no-renames", "--ignore-submodules=dirty"]),
    runGit(place, ["ls-files", "-z", "--others", "--exclude-standard"]),
  ]);
  const names = (out: Buffer) => out.toString("utf8").split("\0").filter(Boolean);
  return [...new Set([...names(changed), ...names(added)])];
}

/**
 * Stages exactly `paths` (relative, `/`; none over the size cap): additions, changes, deletions.
 * `update-index` takes them as names (never pathspec patterns, no walk of the folder); a name it
 * refuses (a nested repository, an unreadable file, a folder on the path that became a link) goes
 * to `add -A`, by name and then, for a name even that refuses, the whole folder.
 */
export async function stagePaths(place: GitPlace, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  // --replace: a file where the index has a folder (or the reverse) takes its place, as `add` does.
  const staged = paths.some((path) => path.endsWith("/"))
    ? Promise.reject(new Error("a nested repository: add decides"))
    : runGit(place, ["update-index", "--add", "--remove", "--replace", "-z", "--stdin"], { input: paths.join("\0") });
  await staged.catch(() =>
    // --ignore-errors: an unreadable file does not stop the rest.
    runGit(
      place,
      ["--literal-pathspecs", "add", "-A", "--ignore-errors", "--pathspec-from-file=-", "--pathspec-file-nul"],
      { okCodes: [1], input: paths.join("\0") },
    ).catch(() => runGit(place, ["add", "-A", "--ignore-errors", "--", "."], { okCodes: [1] })),
  );
}
