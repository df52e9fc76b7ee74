/**
 * Writes a file so that a crash mid-write never leaves it truncated: the content goes to a
 * temporary file in the same folder, is flushed, and replaces the target with one rename.
 * Missing folders are created. The target's permissions are kept when it exists.
 *
 * Time of check to time of use: the folder is resolved (symlinks included) once it exists and
 * resolved again right before the rename; if it, or any ancestor, was swapped for a link
 * elsewhere meanwhile, the write is refused and the temporary file removed. With
 * `resolved: true` (the caller already resolved `path`, as `resolveAgentPath` does) the folder
 * must also still resolve to itself, which catches a swap made before this call started, e.g.
 * while a consent prompt was open. Node has no `renameat`, so a window of one system call
 * between the re-check and the rename remains.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, realpath, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export interface AtomicWriteOptions {
  /** `path` is already resolved: its folder (or nearest existing ancestor) must resolve to itself. */
  readonly resolved?: boolean;
  /** Test hook: runs after the temporary file is written, before the folder is re-checked and renamed into. */
  readonly beforeRename?: () => Promise<void>;
}

export class FolderChangedError extends Error {
  constructor(folder: string) {
    super(`Refused to write in "${folder}": the folder changed while writing (it now resolves elsewhere).`);
    this.name = "FolderChangedError";
  }
}

interface FolderIdentity {
  readonly real: string;
  readonly dev: number;
  readonly ino: number;
}

export async function writeFileAtomic(path: string, content: string, options: AtomicWriteOptions = {}): Promise<void> {
  const folder = dirname(path);
  if (options.resolved) await assertNearestAncestorResolvesToItself(folder);
  await mkdir(folder, { recursive: true });
  const checked = await identify(folder);
  if (options.resolved && checked.real !== folder) throw new FolderChangedError(folder);
  const mode = await stat(path).then(
    (s) => s.mode & 0o7777,
    () => undefined,
  );
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString("hex")}.acp-tmp`);
  const handle = await open(temp, "wx", mode ?? 0o666);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await options.beforeRename?.();
    const now = await identify(folder).catch(() => undefined);
    if (!now || now.real !== checked.real || now.dev !== checked.dev || now.ino !== checked.ino)
      throw new FolderChangedError(folder);
    await rename(temp, path);
  } catch (error) {
    // If the folder was moved away, the temp file moved with it and is left there (its name is random).
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

async function identify(folder: string): Promise<FolderIdentity> {
  const real = await realpath(folder);
  const info = await stat(real);
  return { real, dev: info.dev, ino: info.ino };
}

/** Before creating missing folders: the part that exists must not have become a link. */
async function assertNearestAncestorResolvesToItself(folder: string): Promise<void> {
  for (let current = folder; ; current = dirname(current)) {
    const real = await realpath(current).catch(() => undefined);
    if (real !== undefined) {
      if (real !== current) throw new FolderChangedError(current);
      return;
    }
    if (dirname(current) === current) return;
  }
}
