/**
 * Nested repositories are left out of checkpoints (a gitlink, or nothing when it has no commit):
 * a file below one is not known, never "absent", or an Undo of the agent's edit would delete it.
 */
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/** Whether `path` (relative, `/`) is below a folder that holds `.git` now, or was a gitlink in `commit`. */
export async function inNestedRepository(place: GitPlace, path: string, commit: string): Promise<boolean> {
  const parts = path.split("/");
  const ancestors = parts.slice(0, -1).map((_, at) => parts.slice(0, at + 1).join("/"));
  if (ancestors.length === 0) return false;
  for (const folder of ancestors)
    if (
      await lstat(join(place.workTree, ...folder.split("/"), ".git")).then(
        () => true,
        () => false,
      )
    )
      return true;
  const listed = await runGit(place, ["--literal-pathspecs", "ls-tree", "-z", commit, "--", ...ancestors]);
  return listed
    .toString("utf8")
    .split("\0")
    .some((line) => line.startsWith("160000 "));
}
