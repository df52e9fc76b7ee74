/** How paths are shown in a narrow panel: their telling end, the full path going in a tooltip. */

const segmentsOf = (path: string) => path.split(/[\\/]/).filter(Boolean);

/**
 * Relative-looking names for the changed files: the folder they all share (most often the
 * workspace) is left out, and at most the last 3 segments are kept. The tooltip has the full path.
 */
export function shortPaths(paths: readonly string[]): ReadonlyMap<string, string> {
  const split = paths.map(segmentsOf);
  let shared = 0;
  if (split.length > 1) {
    const first = split[0] ?? [];
    while (
      shared < first.length - 1 &&
      split.every((parts) => parts.length - 1 > shared && parts[shared] === first[shared])
    )
      shared++;
  }
  return new Map(
    paths.map((path, i) => {
      const parts = (split[i] ?? []).slice(shared);
      return [path, parts.length > 3 ? `…/${parts.slice(-3).join("/")}` : parts.join("/") || path];
    }),
  );
}

/** "/home/ada/work/acp-panel" → "…/work/acp-panel": the end of a path says most. */
export function shortenPath(path: string, segments = 2): string {
  const parts = segmentsOf(path);
  if (parts.length <= segments) return path;
  return `…/${parts.slice(-segments).join("/")}`;
}

/**
 * A path inside a workspace folder as VS Code shows it: relative to the folder (prefixed with the
 * folder's name when there are several); any other path unchanged.
 */
export function workspaceRelative(path: string, roots: readonly string[]): string {
  const slashed = path.replace(/\\/g, "/");
  for (const root of [...roots].sort((a, b) => b.length - a.length)) {
    const base = root.replace(/\\/g, "/").replace(/\/+$/, "");
    if (base === "" || !slashed.startsWith(`${base}/`)) continue;
    const relative = slashed.slice(base.length + 1);
    return roots.length > 1 ? `${segmentsOf(base).at(-1) ?? base}/${relative}` : relative;
  }
  return path;
}

/** A changed file as the review lists it: the name first, then its folder (dimmed), and the whole label. */
export interface ChangeLabel {
  readonly name: string;
  readonly folder: string;
  /** "folder/name": what buttons and tooltips call the file. */
  readonly label: string;
}

/**
 * Labels for the changed files, each paired with its file: relative to the workspace folder when
 * inside one, otherwise the shortened path of `shortPaths` (the folder the files share left out).
 */
export function changeLabels<T extends { readonly path: string }>(
  files: readonly T[],
  roots: readonly string[],
): readonly (readonly [T, ChangeLabel])[] {
  const short = shortPaths(files.map((file) => file.path));
  return files.map((file) => {
    const relative = workspaceRelative(file.path, roots);
    const label = relative !== file.path ? relative : (short.get(file.path) ?? file.path);
    const slash = label.replace(/\\/g, "/").lastIndexOf("/");
    return [file, { name: label.slice(slash + 1), folder: slash < 0 ? "" : label.slice(0, slash), label }];
  });
}
