/**
 * Checkpoints whose git is a shell script around the real one, for tests that watch or hold git's
 * processes (loggedGit.ts, heldGit.ts). The script's first lines set `$command` to git's command
 * (the first argument that is neither an option nor a `-c` setting); `body` follows, given the
 * real git's path and the scratch root (for the script's own files).
 */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findGit } from "../../src/acp/checkpoints/gitExecutable";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { scratchCheckpoints } from "./scratchCheckpoints";

export async function checkpointsThroughScript(
  prefix: string,
  body: (realGit: string, root: string) => string[],
  maxFileBytes?: number,
) {
  const { root, dir } = scratchCheckpoints(prefix, 64 * 1024);
  const real = await findGit(process.env.PATH, []);
  const wrapper = join(root, "git-wrapper");
  const commandOf = [
    'command=""; skip=0',
    'for a in "$@"; do',
    "  if [ $skip = 1 ]; then skip=0; continue; fi",
    '  case "$a" in -c) skip=1 ;; -*) ;; *) command="$a"; break ;; esac',
    "done",
  ];
  writeFileSync(wrapper, ["#!/bin/sh", ...commandOf, ...body(real.path, root), ""].join("\n"));
  chmodSync(wrapper, 0o755);
  const checkpoints = new WorkspaceCheckpoints({
    git: async () => ({ path: wrapper, version: real.version }),
    storage: join(root, "storage"),
    folders: () => [dir],
    ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
  });
  return { root, dir, checkpoints };
}
