/**
 * Where a session's worktree goes: `<base>/<repo name>-<hash of the repo's path>/<branch slug>`.
 * Never inside the repository: its files would show up as untracked in the user's checkout, be
 * picked up by the checkpoints and searches of the workspace, and a nested checkout confuses tools
 * that walk up to the nearest `.git`. The hash tells apart two repositories of one name.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { WorktreeError } from "./worktreeErrors";

const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** A free folder for `branch`'s worktree of the repository at `repoTopLevel` (`-2`, `-3` … when taken). */
export async function worktreePathFor(baseFolder: string, repoTopLevel: string, branch: string): Promise<string> {
  if (!isAbsolute(baseFolder))
    throw new WorktreeError("other", `The worktree folder must be an absolute path, not "${baseFolder}".`);
  const repo = await realpath(repoTopLevel).catch(() => resolve(repoTopLevel));
  const base = await realNearest(resolve(baseFolder));
  if (isWithin(repo, base))
    throw new WorktreeError(
      "location-inside-repository",
      `The worktree folder ${baseFolder} is inside the repository ${repoTopLevel}: choose a folder outside it.`,
    );
  // Case folds on Windows and macOS disks: one repository, one hash, whatever the spelling.
  const key = process.platform === "linux" ? repo : repo.toLowerCase();
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 8);
  const parent = join(base, `${folderSlug(basename(repo)) || "repository"}-${hash}`);
  const slug = folderSlug(branch) || "session";
  for (let n = 1; ; n++) {
    const candidate = join(parent, n === 1 ? slug : `${slug}-${n}`);
    if (!existsSync(candidate)) return candidate;
  }
}

/** A name safe as one folder on every platform: no separators, no trailing dot or space, no device name. */
export function folderSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "") // "é" → "e"
    .replace(/[^A-Za-z0-9._-]+/g, "-") // separators too: `acp/x` → `acp-x`
    .replace(/-{2,}/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .slice(0, 60)
    .replace(/[.-]+$/, "");
  return WINDOWS_DEVICES.test(slug) ? `${slug}-wt` : slug;
}

/** The real path of `path`, through its nearest existing ancestor when it does not exist yet. */
async function realNearest(path: string): Promise<string> {
  const real = await realpath(path).catch(() => undefined);
  if (real !== undefined) return real;
  const parent = dirname(path);
  return parent === path ? path : join(await realNearest(parent), basename(path));
}

export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
