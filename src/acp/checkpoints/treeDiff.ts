/**
 * What changed between two checkpoints, as git lists it: `diff-tree` of two trees, or `diff-index
 * --cached` of a tree and the index (the same format), with renames off and no external diff.
 */

/** After the command: `-r -z --raw --numstat`, then the tree(s). */
export const DIFF_OPTIONS = ["-r", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", "--raw", "--numstat"];

/** A file that differs between two checkpoints (paths relative to the folder, with `/`). */
export interface TreeChange {
  readonly path: string;
  readonly status: "added" | "modified" | "deleted";
  readonly additions: number;
  readonly deletions: number;
  readonly binary: boolean;
  /** A symbolic link on either side: never followed; a restore removes a link created since, and recreates none. */
  readonly link?: boolean;
}

/**
 * `diff-tree -r -z --raw --numstat`: raw records (`:old new sha sha X\0path\0`), then numstat
 * records (`added\tdeleted\tpath\0`, `-\t-\t` for binary files).
 */
export function parseDiffTree(out: string): TreeChange[] {
  const tokens = out.split("\0");
  const raw = new Map<string, { status: TreeChange["status"] }>();
  const counts = new Map<string, { additions: number; deletions: number; binary: boolean }>();
  const links = new Set<string>();
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at] ?? "";
    if (token.startsWith(":")) {
      const path = tokens[++at] ?? "";
      const [oldMode, newMode, , , letter] = token.slice(1).split(" ");
      // Gitlinks (nested repositories) are never restored or diffed; symlinks are listed as links.
      if ([oldMode, newMode].some((mode) => mode === "160000")) continue;
      if (oldMode === "120000" || newMode === "120000") links.add(path);
      const status = letter === "A" ? "added" : letter === "D" ? "deleted" : "modified";
      raw.set(path, { status });
      continue;
    }
    const match = /^(-|\d+)\x09(-|\d+)\x09([\s\S]*)$/.exec(token); // added, deleted, path (tab-separated)
    if (!match?.[3]) continue;
    const binary = match[1] === "-";
    counts.set(match[3], {
      additions: binary ? 0 : Number(match[1]),
      deletions: binary ? 0 : Number(match[2]),
      binary,
    });
  }
  return [...raw].map(([path, { status }]) => ({
    path,
    status,
    ...(counts.get(path) ?? { additions: 0, deletions: 0, binary: false }),
    ...(links.has(path) ? { link: true } : {}),
  }));
}
