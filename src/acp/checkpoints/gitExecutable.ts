/**
 * git by an absolute path, resolved once and never from inside the workspace. Running a bare
 * `git` lets a repository's own `git.exe` (Windows searches the working directory first) or a
 * relative `PATH` entry run instead; VS Code's git extension resolves its binary the same way.
 */
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, realpath } from "node:fs/promises";
import { delimiter, isAbsolute, join, relative, sep } from "node:path";

export interface GitExecutable {
  /** Absolute path of the git binary. */
  readonly path: string;
  readonly version: string;
}

/** Why there is no git: shown once, then the review works without checkpoints. */
export class GitUnavailable extends Error {}

const NAMES = process.platform === "win32" ? ["git.exe", "git.cmd"] : ["git"];

/**
 * The first `git` on `PATH` that is an absolute, existing, executable file outside every root,
 * and answers `--version`. `pathValue` is the PATH to search (the user's login shell's, when known).
 */
export async function findGit(pathValue: string | undefined, roots: readonly string[]): Promise<GitExecutable> {
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => root)));
  for (const folder of (pathValue ?? "").split(delimiter)) {
    if (!folder || !isAbsolute(folder)) continue; // "" and "." mean the working directory
    for (const name of NAMES) {
      const candidate = join(folder, name);
      const real = await realpath(candidate).catch(() => undefined);
      if (real === undefined || realRoots.some((root) => isInside(real, root))) continue;
      if (
        !(await access(real, constants.X_OK).then(
          () => true,
          () => false,
        ))
      )
        continue;
      const version = await gitVersion(real);
      if (version !== undefined) return { path: real, version };
    }
  }
  throw new GitUnavailable("git was not found on PATH (outside the workspace)");
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

function gitVersion(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    // cwd outside any workspace: nothing there can shadow a DLL or a config of the repository's.
    execFile(path, ["--version"], { timeout: 5000, cwd: "/", windowsHide: true }, (error, stdout) => {
      const match = /git version (\S+)/.exec(stdout);
      resolve(error || !match?.[1] ? undefined : match[1]);
    });
  });
}

/** A lazily resolved git shared by every user of it in one extension host. */
export function gitResolver(
  pathValue: () => string | undefined,
  roots: () => readonly string[],
): () => Promise<GitExecutable> {
  let found: Promise<GitExecutable> | undefined;
  return () => (found ??= findGit(pathValue(), roots()));
}
