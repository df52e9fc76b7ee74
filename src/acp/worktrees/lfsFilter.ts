/**
 * Repositories that use Git LFS on a machine without git-lfs. `git lfs install` leaves
 * `filter.lfs.process` and `filter.lfs.required=true` in the user's config, and a required filter
 * that cannot start fails every checkout and every `add` (`required=false` alone is not enough for
 * a process filter: git still dies when it cannot talk to it). With the filter switched off, LFS
 * files are what the repository stores: small pointer files, which hash to the blobs git has, so
 * they count as unchanged.
 */
import { tmpdir } from "node:os";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { runGitOutcome } from "./worktreeGit";

const OFF = ["filter.lfs.process=", "filter.lfs.smudge=", "filter.lfs.clean=", "filter.lfs.required=false"];

/** Asked once per git (a spawn each time would double every call); git-lfs installed later is seen after a reload. */
const installed = new WeakMap<GitExecutable, Promise<boolean>>();

export function lfsInstalled(git: GitExecutable): Promise<boolean> {
  let found = installed.get(git);
  if (!found) {
    found = runGitOutcome(git, tmpdir(), ["lfs", "version"], { okCodes: [1, 128] }).then(
      ({ code }) => code === 0,
      () => false,
    );
    installed.set(git, found);
  }
  return found;
}

/** `-c` settings that switch the LFS filter off when git-lfs is missing; none when it is there. */
export async function lfsOverrides(git: GitExecutable): Promise<string[]> {
  return (await lfsInstalled(git)) ? [] : OFF;
}
