/**
 * A restore or an undo writes and removes files by the paths a checkpoint holds; by then the agent
 * may have swapped a folder on such a path for a symlink to somewhere else (`src -> ~/.ssh`).
 * Nothing is written or removed through a link: the nearest existing folder on the path must
 * resolve to itself, inside the workspace folder.
 */
import { realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, sep } from "node:path";
import { isMissingPath } from "../platform/errorCode";

/** True when every existing folder on `path` (below `root`) is a real folder, not a link. */
export async function linkFreeFolder(root: string, path: string): Promise<boolean> {
  const realRoot = await realpath(root).catch(() => undefined);
  if (realRoot === undefined) return false;
  let folder = dirname(path);
  for (;;) {
    const real = await realpath(folder).catch((error: unknown) => (isMissingPath(error) ? null : undefined));
    if (real === undefined) return false;
    if (real !== null) return real === folder && inside(realRoot, real);
    const parent = dirname(folder);
    if (parent === folder) return false;
    folder = parent;
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
