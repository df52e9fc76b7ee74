/**
 * A restore's (and an Undo's) safety net: the checkpoint taken first, which Redo goes back to, holds
 * the bytes of every file it replaces. CI's checkpoint property once failed here: a user's edit and,
 * at once, a restore while the session's first checkpoint was still hashing. The restore's own
 * checkpoint was then built from a list of files (manifestCheckpoint.ts), the edited file was "not
 * known" in it, and Redo could not give the edit back. And a file grown over the checkpoints' size
 * cap since the target was overwritten by a restore with no copy anywhere.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { CLOCK_MARGIN_MS } from "../../src/acp/checkpoints/manifestCheckpoint";
import type { Checkpoint, WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { SessionCheckpoints } from "../../src/acp/checkpoints/sessionCheckpoints";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { heldGit } from "../support/heldGit";
import { MemoryLogger } from "../support/memoryPorts";
import { scratchCheckpoints } from "../support/scratchCheckpoints";
import { waitFor } from "../support/waitFor";

/** More files than a checkpoint names one by one: the first checkpoint adds the whole folder. */
function manyFiles(dir: string, count = 600): void {
  mkdirSync(join(dir, "filler"), { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(join(dir, "filler", `f${i}.txt`), `filler ${i}\n`);
}

async function olderThanMargin(path: string): Promise<void> {
  const changed = statSync(path).ctimeMs;
  while (Date.now() <= changed + CLOCK_MARGIN_MS + 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A folder of many files whose session's first checkpoint is under way, held at its `git add`. */
async function firstCheckpointHeld(prefix: string) {
  const rig = await heldGit(prefix);
  manyFiles(rig.dir);
  await olderThanMargin(join(rig.dir, "filler", "f0.txt"));
  rig.hold("add");
  const first = rig.checkpoints.take("session opened", { background: true });
  await waitFor(
    () => rig.started("add"),
    (n) => n > 0,
    "the first checkpoint's add",
  );
  return { rig, first };
}

const text = (path: string) => readFileSync(path, "utf8");

async function held(checkpoints: WorkspaceCheckpoints, checkpoint: Checkpoint, path: string) {
  const found = await checkpoints.fileAt(checkpoint, path);
  if (found === "absent") return "absent";
  if ("unknown" in found) return "not known";
  return found.content.toString();
}

test("two checkpoints taken from lists of files with the same tree: what one does not know is not 'not known' in the other", async () => {
  const { rig, first } = await firstCheckpointHeld("acp-safety-same-tree-");

  const a = await rig.checkpoints.take("before the first prompt"); // b.txt does not exist yet
  const b = join(rig.dir, "b.txt");
  writeFileSync(b, "the user's line\n");
  const second = await rig.checkpoints.take("before the second prompt"); // lists b.txt
  writeFileSync(b, "changed after the second prompt\n"); // so its bytes then are not known
  rig.release("add");
  await first;
  await rig.checkpoints.settled(a, second);

  // Both leave b.txt out of their tree, so the trees are the same git object.
  assert.equal(a.commits[rig.dir], second.commits[rig.dir], "the same tree");
  assert.equal(await held(rig.checkpoints, second, b), "not known");
  assert.equal(await held(rig.checkpoints, a, b), "absent", "b.txt did not exist before the first prompt");

  // So a restore to the first removes it, and Redo brings back what it held.
  const { before } = await rig.checkpoints.restore(a);
  assert.throws(() => statSync(b), "created after the checkpoint: removed");
  await rig.checkpoints.restore(before);
  assert.equal(text(b), "changed after the second prompt\n");
});

test("a restore asked for while the first checkpoint still hashes: Redo gives back the user's file made a moment before", async () => {
  const { rig, first } = await firstCheckpointHeld("acp-safety-redo-");
  const target = await rig.checkpoints.take("before the prompt");

  const notes = join(rig.dir, "notes.txt");
  writeFileSync(notes, "the user's new file, a moment before Restore\n");
  const listings = rig.started("ls-files");
  const restoring = rig.checkpoints.restore(target);
  // The first checkpoint is let go once the restore's own checkpoint was asked for: one built from
  // a list of files shows as one more listing at once. One that holds every file waits for the
  // first checkpoint, so nothing shows: it is let go after a bounded wait then.
  await waitFor(
    () => rig.started("ls-files"),
    (n) => n > listings,
    "the restore's listing",
    1_000,
  ).catch(() => undefined);
  rig.release("add");
  const { before, skipped } = await restoring;
  await first;
  assert.deepEqual(skipped, []);
  assert.throws(() => statSync(notes), "Restore removes the file created after the checkpoint");
  assert.equal(await held(rig.checkpoints, before, notes), "the user's new file, a moment before Restore\n");

  await rig.checkpoints.restore(before); // Redo
  assert.equal(
    text(notes),
    "the user's new file, a moment before Restore\n",
    "Redo gives back what the restore removed",
  );
});

test("a file no checkpoint can hold now (grown over the size cap) is never overwritten by a restore; one ignored since is still kept", async () => {
  const { dir, checkpoints } = scratchCheckpoints("acp-safety-unkeepable-", 1024);
  const big = join(dir, "data.csv");
  const log = join(dir, "out.log");
  writeFileSync(big, "a,b\n");
  writeFileSync(log, "the old log\n");
  writeFileSync(join(dir, "plain.txt"), "v1\n");
  const target = await checkpoints.take("before the prompt");

  writeFileSync(big, "the user's row\n".repeat(200)); // 3,000 bytes: over the cap
  writeFileSync(join(dir, ".gitignore"), "out.log\n");
  writeFileSync(log, "the user's log, ignored now\n");
  writeFileSync(join(dir, "plain.txt"), "v2\n");
  const preview = await checkpoints.preview(target);
  assert.ok(!preview.changes.some((change) => change.absolute === big), "the preview does not list it as restored");
  const { before, changes, skipped } = await checkpoints.restore(target);

  assert.equal(text(big), "the user's row\n".repeat(200), "its bytes are in no checkpoint: left as they are");
  assert.deepEqual(skipped, [{ absolute: big, reason: "notKept" }], "said to be not restored, and why");
  assert.equal(text(join(dir, "plain.txt")), "v1\n", "the rest is restored");
  assert.ok(changes.some((change) => change.absolute === join(dir, "plain.txt")));
  assert.equal(await held(checkpoints, before, join(dir, "plain.txt")), "v2\n");
  // A file the checkpoints held before it was ignored stays in them: restored, and kept for Redo.
  assert.equal(text(log), "the old log\n");
  assert.equal(await held(checkpoints, before, log), "the user's log, ignored now\n");
  await checkpoints.restore(before);
  assert.equal(text(log), "the user's log, ignored now\n");
  assert.equal(text(big), "the user's row\n".repeat(200));
});

test("the Restore's notice counts only the files restored, and says which were left as they are and why", async () => {
  const { dir, checkpoints: store } = scratchCheckpoints("acp-safety-notice-", 1024);
  let thread: Thread = emptyThread;
  let n = 0;
  const session = new SessionCheckpoints({
    store,
    dispatch: (action) => (thread = reduceThread(thread, action)),
    newId: () => `n${++n}`,
    logger: new MemoryLogger(),
    enabled: () => true,
  });
  const big = join(dir, "data.csv");
  writeFileSync(big, "a,b\n");
  writeFileSync(join(dir, "plain.txt"), "v1\n");
  await session.beforeTurn("u1");
  writeFileSync(big, "the user's row\n".repeat(200));
  writeFileSync(join(dir, "plain.txt"), "v2\n");

  assert.equal(await session.restore("u1", "Refactor the parser"), 1, "one file put back");
  const notice = thread.entries.find((entry) => entry.kind === "notice" && entry.redo);
  assert.ok(notice?.kind === "notice");
  assert.equal(notice.title, "Restored 1 file to before “Refactor the parser”.");
  assert.deepEqual(notice.description?.split("\n"), [
    join(dir, "plain.txt"),
    `Not restored (no checkpoint can keep what it holds now: too large, or ignored), left as it is: ${big}`,
  ]);
  assert.equal(text(big), "the user's row\n".repeat(200));
});

test("the checkpoint before an Undo holds the file it writes even over the size cap; later checkpoints still leave it out", async () => {
  const { dir, checkpoints: store } = scratchCheckpoints("acp-safety-undo-copy-", 1024);
  const session = new SessionCheckpoints({
    store,
    dispatch: () => undefined,
    newId: () => "n",
    logger: new MemoryLogger(),
    enabled: () => true,
  });
  const big = join(dir, "data.csv");
  const other = join(dir, "other.csv");
  writeFileSync(big, "the user's row\n".repeat(200));
  writeFileSync(other, "another big file\n".repeat(200));
  await session.beforeUndo(big);
  const safetyNet = store.all().find((checkpoint) => checkpoint.label === "before undo");
  assert.ok(safetyNet);
  assert.equal(await held(store, safetyNet, big), "the user's row\n".repeat(200));
  assert.equal(await held(store, safetyNet, other), "not known", "only the file the Undo writes");

  const next = await store.take("the next prompt");
  assert.equal(await held(store, next, big), "not known", "over the cap: left out as before");

  // The copy is that checkpoint's: a restore to it puts the file back.
  writeFileSync(big, "what the Undo wrote\n");
  const { skipped } = await store.restore(safetyNet);
  assert.deepEqual(skipped, []);
  assert.equal(text(big), "the user's row\n".repeat(200));
});

test("a file over the size cap at the checkpoint is not known there: a restore to it leaves the file, never deletes it", async () => {
  const { dir, checkpoints } = scratchCheckpoints("acp-safety-over-then-", 1024);
  const log = join(dir, "build.log");
  writeFileSync(log, "a long log line\n".repeat(200));
  writeFileSync(join(dir, "plain.txt"), "v1\n");
  const target = await checkpoints.take("before the prompt");
  writeFileSync(log, "the user's short note\n");
  writeFileSync(join(dir, "plain.txt"), "v2\n");
  const { skipped } = await checkpoints.restore(target);
  assert.equal(text(log), "the user's short note\n");
  assert.deepEqual(skipped, [{ absolute: log, reason: "notKnown" }]);
  assert.equal(text(join(dir, "plain.txt")), "v1\n");
});
