/**
 * The set-up most checkpoint tests share: a scratch root holding one workspace folder (`dir`) and
 * the checkpoints' storage, with git found on PATH.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gitResolver } from "../../src/acp/checkpoints/gitExecutable";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { scratchDir } from "./scratchDir";

/** git as found on the test's PATH, for these folders. */
export const gitOnPath = (...folders: string[]) =>
  gitResolver(
    () => process.env.PATH,
    () => folders,
  );

export function scratchCheckpoints(prefix: string, maxFileBytes = 1024) {
  const root = scratchDir(prefix);
  const dir = join(root, "folder");
  mkdirSync(dir);
  const checkpoints = new WorkspaceCheckpoints({
    git: gitOnPath(dir),
    storage: join(root, "storage"),
    folders: () => [dir],
    maxFileBytes,
  });
  return { root, dir, checkpoints };
}
