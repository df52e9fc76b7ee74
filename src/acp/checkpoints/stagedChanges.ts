/**
 * The files a checkpoint has to look at again, and putting them in the shadow index: what a
 * turn's checkpoint runs besides `write-tree`. Each git process stats or reads the 10,000-entry
 * index once, so a turn runs as few as it can.
 */
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/**
 * Files that may have changed since the index last saw them, ignored files left out: tracked ones
 * whose content differs, deleted included, and a nested repository whose HEAD moved (`-m`; tag
 * `C`), and new ones (`-o`, tag `?`; an untracked nested repository as `dir/`). One git process:
 * under load each process waits to be started, and one reading the index once beat two at once
 * even for 10,000 files. Unlike `diff-files`, `-m` compares a file whose stat data alone changed
 * by content and leaves it out when the same, so its stat data stays old in the index and it is
 * compared again at each listing until `refreshStatData` runs. Changed files first, then new
 * ones, so a file that became a folder leaves the index before the files in it come in.
 */
export async function changedPaths(place: GitPlace, background = false): Promise<string[]> {
  // -t is git's own tag per line ("semi-deprecated" for scripts, kept for ages): it tells the two lists apart.
  const listed = await runGit(place, ["ls-files", "-z", "-t", "-m", "-o", "--exclude-standard"], { background });
  const changed: string[] = [];
  const added: string[] = [];
  for (const line of listed.toString("utf8").split("\0")) {
    if (line.length < 3) continue;
    (line.startsWith("?") ? added : changed).push(line.slice(2));
  }
  return [...new Set([...changed, ...added])];
}

/**
 * Stages exactly `paths` (relative, `/`; none over the size cap): additions, changes, deletions.
 * `update-index` takes them as names (never pathspec patterns, no walk of the folder); a name it
 * refuses (a nested repository, an unreadable file, a folder on the path that became a link) goes
 * to `add -A`, by name and then, for a name even that refuses, the whole folder.
 */
export async function stagePaths(place: GitPlace, paths: readonly string[], background = false): Promise<void> {
  if (paths.length === 0) return;
  // --replace: a file where the index has a folder (or the reverse) takes its place, as `add` does.
  const staged = paths.some((path) => path.endsWith("/"))
    ? Promise.reject(new Error("a nested repository: add decides"))
    : runGit(place, ["update-index", "--add", "--remove", "--replace", "-z", "--stdin"], {
        input: paths.join("\0"),
        background,
      });
  await staged.catch(() =>
    // --ignore-errors: an unreadable file does not stop the rest.
    runGit(
      place,
      ["--literal-pathspecs", "add", "-A", "--ignore-errors", "--pathspec-from-file=-", "--pathspec-file-nul"],
      { okCodes: [1], input: paths.join("\0"), background },
    ).catch(() => runGit(place, ["add", "-A", "--ignore-errors", "--", "."], { okCodes: [1], background })),
  );
}

/**
 * The files that differ between the index and the folder, with no checkpoint taken and nothing
 * written: what a checkpoint now would list as changed against the tree the index holds. Tracked
 * files by `git diff` (the porcelain: a file whose stat data alone changed is compared by content
 * and left out when the same, which `diff-files` would list), beside the new ones (`ls-files
 * --others`). Left out as a checkpoint leaves them out: nested repositories (gitlinks, `dir/`) and
 * new files over the size cap. Relative paths, `/`.
 */
export async function changedAgainstIndex(place: GitPlace, maxFileBytes: number): Promise<string[]> {
  const [tracked, added] = await Promise.all([
    runGit(place, [
      "diff",
      "--raw",
      "-z",
      "--no-renames",
      "--no-ext-diff",
      "--no-textconv",
      "--no-color",
      "--ignore-submodules=dirty",
    ]),
    runGit(place, ["ls-files", "-z", "--others", "--exclude-standard"]),
  ]);
  const paths: string[] = [];
  // `:oldmode newmode oldsha newsha X\0path\0` per file.
  const tokens = tracked.toString("utf8").split("\0");
  for (let at = 0; at + 1 < tokens.length; at += 2) {
    const [oldMode, newMode] = (tokens[at] ?? "").slice(1).split(" ");
    const path = tokens[at + 1];
    if (path && oldMode !== "160000" && newMode !== "160000") paths.push(path);
  }
  const created = added
    .toString("utf8")
    .split("\0")
    .filter((path) => path && !path.endsWith("/"));
  const sizes = await Promise.all(
    created.map((path) => lstat(join(place.workTree, ...path.split("/"))).catch(() => undefined)),
  );
  created.forEach((path, index) => {
    const info = sizes[index];
    if (info && (info.isSymbolicLink() || (info.isFile() && info.size <= maxFileBytes))) paths.push(path);
  });
  return paths;
}
