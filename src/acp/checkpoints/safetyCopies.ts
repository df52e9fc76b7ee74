/**
 * A safety net's own copy of files over the size cap. A checkpoint leaves such files out (hashing
 * them at every prompt would cost too much), so a checkpoint taken before an Undo writes one of
 * them would not hold what the Undo replaces. Named files (the one the Undo is about to write) are
 * added to that one checkpoint's tree, whatever their size, through an index of its own: the
 * repository's index, and so every later checkpoint, still leaves them out.
 */
import { copyFile, rm } from "node:fs/promises";
import { isAbsolute, join, relative, sep } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/** `paths` (absolute) that are inside `folder`, relative with `/`. */
export function insideFolder(folder: string, paths: readonly string[]): string[] {
  return paths
    .map((path) => relative(folder, path))
    .filter((rel) => rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
    .map((rel) => rel.split(sep).join("/"));
}

/** The tree of the repository's index with `paths` (relative, `/`; files over the cap) added as they are now. */
export async function treeWithCopies(place: GitPlace, paths: readonly string[]): Promise<string> {
  const ownIndex = join(place.gitDir, `index.safety-${process.pid}-${Date.now().toString(36)}`);
  try {
    await copyFile(join(place.gitDir, "index"), ownIndex).catch(() => undefined); // none yet: start empty
    // By name, literally: update-index never reads ignore rules (the cap's excludes file among them).
    await runGit(place, ["update-index", "--add", "-z", "--stdin"], { input: paths.join("\0"), indexFile: ownIndex });
    return (await runGit(place, ["write-tree"], { indexFile: ownIndex })).toString("utf8").trim();
  } finally {
    await Promise.all([rm(ownIndex, { force: true }), rm(`${ownIndex}.lock`, { force: true })]);
  }
}
