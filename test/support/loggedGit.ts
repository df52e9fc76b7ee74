/**
 * Checkpoint tests that watch which git processes a checkpoint runs (checkpointFastPaths,
 * checkpointIndexReuse).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Checkpoint, WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { checkpointsThroughScript } from "./gitScript";

/**
 * Checkpoints whose git runs through a wrapper that runs the real one, then notes its own nice
 * value (set on its pid once started) and the command (the first argument that is not an option
 * or a `-c` setting). `ran()`: those lines since the last call, ref flushes left out (they run
 * beside checkpoints, apart). `after(command, script)`: a shell script the next run of `command`
 * runs as it ends, before this window reads its output (with its git environment; `$GIT` is git).
 */
export async function loggedGit(prefix: string) {
  const { root, dir, checkpoints } = await checkpointsThroughScript(prefix, (realGit, scratch) => [
    `"${realGit}" "$@"`,
    "code=$?",
    `echo "$(awk '{print $19}' /proc/$$/stat) $command" >> "${join(scratch, "git.log")}"`,
    `hook="${join(scratch, "after-")}$command.sh"`,
    `if [ -f "$hook" ]; then GIT="${realGit}" sh "$hook"; rm -f "$hook"; fi`,
    "exit $code",
  ]);
  const log = join(root, "git.log");
  const ran = () => {
    const lines = readFileSync(log, "utf8").trim().split("\n");
    writeFileSync(log, "");
    return lines.filter((line) => line !== "" && !line.endsWith(" update-ref"));
  };
  for (let i = 0; i < 20; i++) writeFileSync(join(dir, `f${i}.txt`), `${i}\n`);
  await checkpoints.take("an earlier window's"); // the shadow index holds the folder
  ran();
  const after = (command: string, script: string) => writeFileSync(join(root, `after-${command}.sh`), script);
  return { root, dir, checkpoints, ran, after };
}

/** What `name` in `dir` held at `checkpoint`, as text ("absent", or why it is not known, otherwise). */
export async function heldAt(checkpoints: WorkspaceCheckpoints, checkpoint: Checkpoint, path: string): Promise<string> {
  const file = await checkpoints.fileAt(checkpoint, path);
  return typeof file === "string" ? file : "content" in file ? file.content.toString("utf8") : file.unknown;
}

export const onLinux = { skip: process.platform !== "linux" && "reads the nice value from /proc" };
