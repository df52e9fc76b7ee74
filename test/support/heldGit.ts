/**
 * Checkpoints whose git can be held: while `hold("add")` is on, every `git add` waits (before it
 * runs) until `release("add")`. So a test can keep a session's first checkpoint (which adds the
 * whole folder) under way for exactly as long as it needs, instead of racing it with many files.
 * `started(command)`: how many `command` processes have started so far.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkpointsThroughScript } from "./gitScript";

export async function heldGit(prefix: string, maxFileBytes = 64 * 1024) {
  const { root, dir, checkpoints } = await checkpointsThroughScript(
    prefix,
    (realGit, scratch) => [
      `echo "$command" >> "${join(scratch, "git-started.log")}"`,
      `while [ -f "${join(scratch, "hold-")}$command" ]; do sleep 0.02; done`,
      `exec "${realGit}" "$@"`,
    ],
    maxFileBytes,
  );
  const log = join(root, "git-started.log");
  writeFileSync(log, "");
  const gate = (command: string) => join(root, `hold-${command}`);
  return {
    root,
    dir,
    checkpoints,
    hold: (command: string) => writeFileSync(gate(command), ""),
    release: (command: string) => rmSync(gate(command), { force: true }),
    started: (command: string) =>
      readFileSync(log, "utf8")
        .split("\n")
        .filter((line) => line === command).length,
  };
}
