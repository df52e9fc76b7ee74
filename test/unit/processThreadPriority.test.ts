/**
 * Background calls (a session's first checkpoint) run their children at a lower CPU priority from
 * the first instruction on, and lowering it touches neither the extension host's own thread nor
 * the children of other calls (src/acp/checkpoints/processThread.ts). A child renices after its
 * spawn raced with short commands: about 4 in 100 read the normal priority at their start.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { getPriority } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProcess } from "../../src/acp/checkpoints/processThread";

const onLinux = { skip: process.platform !== "linux" && "reads the nice value from /proc" };

test(
  "a background call's child runs at the lower priority from its start; this thread's and other calls' stay",
  onLinux,
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "acp-nice-"));
    try {
      // The 19th field of /proc/PID/stat is the nice value, read before anything else runs.
      const script = join(dir, "nice.sh");
      writeFileSync(script, '#!/bin/sh\nread -r line < /proc/$$/stat\nset -- $line\nshift 18\necho "$1"\n');
      chmodSync(script, 0o755);
      const own = getPriority();
      const call = (background: boolean) =>
        runProcess({
          file: script,
          args: [],
          cwd: dir,
          env: process.env,
          timeoutMs: 30_000,
          maxBuffer: 1024,
          background,
        });
      const niceOf = async (background: boolean) => Number((await call(background)).stdout.toString("utf8").trim());
      const lowered: number[] = [];
      for (let round = 0; round < 4; round++)
        lowered.push(...(await Promise.all(Array.from({ length: 25 }, () => niceOf(true)))));
      const early = lowered.filter((nice) => nice < Math.max(10, own));
      assert.equal(
        early.length,
        0,
        `${early.length} of ${lowered.length} background children started at the normal priority`,
      );
      assert.equal(getPriority(), own, "this thread's priority is untouched");
      assert.deepEqual(
        await Promise.all([niceOf(false), niceOf(false)]),
        [own, own],
        "other calls run at this thread's",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
