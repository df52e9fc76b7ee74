/**
 * Files read from one checkout and written into another, by the repository-relative paths git
 * lists. A path is only used when it stays inside its root: no `..`, not absolute, never into a
 * `.git` folder, and no folder on the way that is a link to elsewhere (checkpoints/restoreGuard.ts:
 * an agent may have swapped `src` for `src -> ~/.ssh`). Files themselves are never followed either:
 * a link is read as a link and removed as a link.
 */
import { lstat, mkdir, readFile, readlink, rmdir, symlink } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { diskIo } from "../checkpoints/diskIo";
import { linkFreeFolder } from "../checkpoints/restoreGuard";
import { isMissingPath } from "../platform/errorCode";

/** What is at a path in a checkout: the link itself when it is one. */
export type DiskEntry = { readonly kind: "absent" } | FileEntry | LinkEntry | { readonly kind: "folder" };
export interface FileEntry {
  readonly kind: "file";
  readonly bytes: Buffer;
  readonly executable: boolean;
}
export interface LinkEntry {
  readonly kind: "link";
  readonly target: string;
}

/** True when `path` (git's form: `/`-separated, relative) names a file below its root. */
export function safeRelative(path: string): boolean {
  if (!path || path.includes("\0") || path.startsWith("/") || path.includes("\\")) return false;
  if (process.platform === "win32" && path.includes(":")) return false; // `C:x`, alternate data streams
  return (
    path
      .split("/")
      // `.git.` and `.git ` are `.git` to Windows.
      .every((part) => part !== "" && part !== "." && part !== ".." && !/^\.git[. ]*$/i.test(part))
  );
}

/** The absolute path of `relative` in `root` (a real path), or undefined when it would leave it. */
export async function safeTarget(root: string, relative: string): Promise<string | undefined> {
  if (!safeRelative(relative)) return undefined;
  const absolute = join(root, ...relative.split("/"));
  return (await linkFreeFolder(root, absolute)) ? absolute : undefined;
}

export async function readEntry(absolute: string): Promise<DiskEntry> {
  const stat = await lstat(absolute).catch((error: unknown) => {
    if (isMissingPath(error)) return undefined;
    throw error;
  });
  if (!stat) return { kind: "absent" };
  if (stat.isSymbolicLink()) return { kind: "link", target: await readlink(absolute) };
  if (stat.isDirectory()) return { kind: "folder" };
  // The executable bit as git sees it: the owner's.
  return { kind: "file", bytes: await readFile(absolute), executable: (stat.mode & 0o100) !== 0 };
}

/** Writes a file (through a temporary file and a rename) or a link, replacing what was there. */
export async function writeEntry(absolute: string, entry: FileEntry | LinkEntry): Promise<void> {
  if (entry.kind === "file") return diskIo.write(absolute, entry.bytes, entry.executable);
  await diskIo.remove(absolute);
  await mkdir(dirname(absolute), { recursive: true });
  await symlink(entry.target, absolute);
}

/** Removes a file or link (never a link's target), then the folders it leaves empty up to `root`. */
export async function removeFile(absolute: string, root: string | undefined): Promise<void> {
  await diskIo.remove(absolute);
  if (root === undefined) return;
  for (let folder = dirname(absolute); folder.startsWith(root + sep); folder = dirname(folder)) {
    // rmdir refuses a folder that is not empty: as git does, only emptied folders go.
    if (
      !(await rmdir(folder).then(
        () => true,
        () => false,
      ))
    )
      break;
  }
}
