/**
 * Checking the paths an agent sends before touching anything. Paths must be absolute; `..`
 * escapes and symlinks are resolved before the workspace check (a link inside the workspace
 * pointing outside is outside); device files, FIFOs and sockets are refused.
 */
import { realpath, stat } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep, basename, join } from "node:path";
import { RequestError } from "@agentclientprotocol/sdk";

export interface ResolvedPath {
  /** The path with symlinks resolved (for a missing file: its nearest existing parent's). */
  readonly real: string;
  readonly insideRoots: boolean;
  readonly exists: boolean;
}

export async function resolveAgentPath(path: string, roots: readonly string[]): Promise<ResolvedPath> {
  if (typeof path !== "string" || path.length === 0 || path.includes("\0"))
    throw RequestError.invalidParams({ path }, "path must be a non-empty string");
  if (!isAbsolute(path)) throw RequestError.invalidParams({ path }, `path must be absolute, got "${path}"`);
  // Before any file system call: on Windows even a realpath of \\host\share reaches out to the
  // host (and hands it the user's NTLM hash); `\\?\` and `\\.\` name devices. Only a workspace
  // folder on a share makes such paths inside it usable (compared as text, nothing is looked up).
  if (isNetworkOrDevicePath(path) && !roots.some((root) => isInside(resolve(path), resolve(root))))
    throw RequestError.invalidParams({ path }, `refusing "${path}": a network (UNC) or device path`);
  const normalised = resolve(path);
  const { real, exists } = await realPathOf(normalised);
  if (exists) {
    const info = await stat(real);
    if (!info.isFile() && !info.isDirectory()) {
      throw RequestError.invalidParams(
        { path },
        `refusing "${path}": it is a device, FIFO or socket, not a regular file`,
      );
    }
  }
  const realRoots = await Promise.all(roots.map(async (root) => (await realPathOf(resolve(root))).real));
  return { real, exists, insideRoots: realRoots.some((root) => isInside(real, root)) };
}

/** Two leading separators of either kind: a UNC or device path on Windows (`//x` is treated alike everywhere). */
export function isNetworkOrDevicePath(path: string): boolean {
  return /^[\\/]{2}/.test(path);
}

export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** realpath of the longest existing prefix, with the missing tail appended. */
async function realPathOf(path: string): Promise<{ real: string; exists: boolean }> {
  try {
    return { real: await realpath(path), exists: true };
  } catch {
    const parent = dirname(path);
    if (parent === path) return { real: path, exists: false };
    const { real } = await realPathOf(parent);
    return { real: join(real, basename(path)), exists: false };
  }
}
