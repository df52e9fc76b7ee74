/**
 * Files inside the workspace that a write must never change silently, because they run code or
 * hold secrets: Git's folder (hooks, config), `.vscode/` (tasks, launch, settings), `.env*`,
 * package-manager config (`.npmrc`, `.yarnrc*`, `pip.conf`, `uv.toml`), `*.code-workspace`,
 * `.devcontainer/` and `.devcontainer.json`, `.husky/`, and the folder `core.hooksPath` names
 * (gitHooksPath.ts). Every path segment below
 * the root counts (a `.git` folder anywhere, a `.env` virtualenv folder), on the path as asked
 * AND with symlinks resolved, so a link cannot hide `.git/config` behind another name. Names
 * compare case-insensitively, ignoring trailing dots and spaces (as Windows and macOS may).
 */
import { realpathSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { isInside } from "../../platform/workspacePaths";
import { gitHooksFolders } from "./gitHooksPath";

interface SensitiveName {
  readonly matches: (name: string) => boolean;
  /** Why a write asks, finishing "This file …". */
  readonly why: string;
}

const SENSITIVE: readonly SensitiveName[] = [
  {
    matches: (name) => name === ".git",
    why: "is inside .git/, Git's own folder: its hooks and config run code on your next Git command",
  },
  {
    matches: (name) => name === ".vscode",
    why: "is inside .vscode/: its tasks, launch configurations and settings can run code in VS Code",
  },
  {
    matches: (name) => name.startsWith(".env"),
    why: "is an environment file (.env*): it may hold secrets or run code when the folder is entered",
  },
  {
    matches: (name) => name === ".npmrc" || name.startsWith(".yarnrc"),
    why: "is package-manager config: it decides where npm or Yarn download code from and what they run",
  },
  {
    matches: (name) => name === "pip.conf" || name === "uv.toml",
    why: "is Python package-manager config: it decides where pip or uv download code from",
  },
  {
    matches: (name) => name.endsWith(".code-workspace"),
    why: "is a VS Code workspace file (*.code-workspace): its tasks and settings can run code when it is opened",
  },
  {
    matches: (name) => name === ".devcontainer" || name === ".devcontainer.json",
    why: "is dev container config: its initializeCommand runs on this machine when the folder is reopened in a container",
  },
  {
    matches: (name) => name === ".husky",
    why: "is inside .husky/, a folder of Git hooks: they run on your next commit or push",
  },
];

const HOOKS_WHY = "is inside the folder core.hooksPath names: Git runs its files as hooks on your next commit or push";

/** The reason `path` (absolute) is in one of Git's hooks folders (core.hooksPath), or undefined. */
export function hooksReason(paths: readonly string[]): string | undefined {
  for (const path of paths) {
    for (const folder of gitHooksFolders(path)) {
      if (paths.some((candidate) => isInside(candidate, folder) || isInside(candidate, realPathSync(folder))))
        return HOOKS_WHY;
    }
  }
  return undefined;
}

/** The reason a write to `relativePath` (below a workspace root) must ask, or undefined. Lexical only. */
export function sensitiveReason(relativePath: string): string | undefined {
  for (const segment of relativePath.split(/[\\/]+/)) {
    if (segment === "" || segment === "." || segment === "..") continue;
    // One start per run of dots and spaces: `[. ]+$` alone rescanned the run from each (quadratic).
    const name = segment.toLowerCase().replace(/(?<![. ])[. ]+$/, "");
    const hit = SENSITIVE.find((entry) => entry.matches(name));
    if (hit) return hit.why;
  }
  return undefined;
}

/**
 * The reason a write to `path` (absolute, as the agent sent it; `real` is its resolved form) must
 * ask even though it is inside the workspace, or undefined. Checks the path below every root that
 * holds it, as sent and resolved.
 */
export async function sensitiveWriteReason(
  path: string,
  real: string,
  roots: readonly string[],
): Promise<string | undefined> {
  const requested = resolve(path);
  let inside = false;
  for (const root of roots) {
    const lexicalRoot = resolve(root);
    const realRoot = await realpath(lexicalRoot).catch(() => lexicalRoot);
    for (const [candidate, base] of [
      [requested, lexicalRoot],
      [real, realRoot],
      [requested, realRoot],
      [real, lexicalRoot],
    ] as const) {
      if (!isInside(candidate, base)) continue;
      inside = true;
      const reason = sensitiveReason(relative(base, candidate).split(sep).join("/"));
      if (reason) return reason;
    }
  }
  return inside ? hooksReason([requested, real]) : undefined;
}

function realPathSync(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
