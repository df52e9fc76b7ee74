/**
 * An agent that writes atomically (Claude Code's Write: `<file>.tmp.<pid>.<ms>`, then a rename)
 * makes a temporary file appear and vanish within the turn. "Files changed" must end up listing
 * only the real file, whatever order the watcher's events are handled in, and a file that holds
 * again what it held before the turn has no row.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AgentFileChanges } from "../../src/acp/sessions/agentFileChanges";
import { ChangeReview } from "../../src/acp/sessions/changeReview";
import type { Baseline } from "../../src/acp/checkpoints/reviewContent";
import type { TurnBaseline } from "../../src/acp/checkpoints/turnBaseline";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { DiskFiles } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";

function setup(baseline: TurnBaseline) {
  let thread: Thread = emptyThread;
  const review = new ChangeReview((action) => (thread = reduceThread(thread, action)), new DiskFiles());
  const changes = new AgentFileChanges(
    () => review,
    undefined,
    () => [],
    () => baseline,
  );
  const rows = () => thread.changes.filter((change) => change.state === "pending").map((change) => change.path);
  return { review, changes, rows };
}

/** The checkpoint held `files` (absolute path → text); `fileAt` waits for `gate` while it is shut. */
function gatedBaseline(files: Record<string, string>, changed: () => string[] = () => []) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let asked!: () => void;
  const firstAsked = new Promise<void>((resolve) => (asked = resolve));
  const baseline: TurnBaseline = {
    async fileAt(path): Promise<Baseline> {
      asked();
      await gate;
      const text = files[path];
      return text === undefined ? { kind: "absent" } : { kind: "file", content: Buffer.from(text) };
    },
    changedSinceStart: async () => changed(),
  };
  return { baseline, open, firstAsked };
}

test("a temporary file written and renamed over the real one is not listed, whichever event finishes first", async () => {
  const dir = scratchDir("acp-atomic-");
  const real = join(dir, "legacy.txt");
  const temporary = `${real}.tmp.4242.1700000000000`;
  writeFileSync(real, "old\n");
  const { baseline, open, firstAsked } = gatedBaseline({ [real]: "old\n" });
  const { changes, rows } = setup(baseline);
  writeFileSync(temporary, "new\n");
  // The watcher's "change" of the temporary file is handled while it still exists…
  const created = changes.changed(temporary, true);
  await firstAsked;
  // …then the rename: the temporary file is gone, the real one changed.
  renameSync(temporary, real);
  const removed = changes.deleted(temporary);
  const renamed = changes.changed(real, false);
  open();
  await Promise.all([created, removed, renamed]);
  assert.deepEqual(rows(), [real]);
});

test("a file created and removed again during the turn has no row", async () => {
  const dir = scratchDir("acp-atomic-");
  const scratch = join(dir, "scratch.txt");
  const { baseline, open } = gatedBaseline({});
  open();
  const { changes, rows } = setup(baseline);
  writeFileSync(scratch, "tmp\n");
  await changes.changed(scratch, true);
  assert.deepEqual(rows(), [scratch]);
  unlinkSync(scratch);
  await changes.deleted(scratch);
  assert.deepEqual(rows(), []);
});

test("an edit reverted to the checkpoint's bytes has no row", async () => {
  const dir = scratchDir("acp-atomic-");
  const path = join(dir, "a.txt");
  const { baseline, open } = gatedBaseline({ [path]: "before\n" });
  open();
  const { changes, rows } = setup(baseline);
  writeFileSync(path, "after\n");
  await changes.changed(path, false);
  assert.deepEqual(rows(), [path]);
  writeFileSync(path, "before\n");
  await changes.changed(path, false);
  assert.deepEqual(rows(), []);
});

test("the settle sweep drops a row whose file is back to its checkpoint (the watcher missed the removal)", async () => {
  const dir = scratchDir("acp-atomic-");
  const scratch = join(dir, "scratch.txt");
  const { baseline, open } = gatedBaseline({}, () => []);
  open();
  const { changes, rows } = setup(baseline);
  writeFileSync(scratch, "tmp\n");
  await changes.changed(scratch, true);
  unlinkSync(scratch); // no event for this
  await changes.sweep();
  assert.deepEqual(rows(), []);
});
