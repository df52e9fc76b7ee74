/**
 * An Undo in "Files changed" can itself be taken back: Redo puts back exactly what the file held
 * just before the Undo (the agent's bytes, or a merge with the user's edits), lists the change as
 * pending again, and takes a checkpoint first. A file changed since the Undo is replaced only
 * after the user says so; a created file that the Undo deleted comes back.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChangeReview, type ReviewFiles } from "../../src/acp/sessions/changeReview";
import type { ReviewSafety } from "../../src/acp/checkpoints/reviewSafety";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { DiskFiles } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";
import { waitFor } from "../support/waitFor";

function setUp(answer: boolean) {
  const dir = scratchDir("acp-review-redo-");
  const actions: ThreadAction[] = [];
  const review = new ChangeReview((action) => actions.push(action), new DiskFiles());
  const asked: string[] = [];
  let checkpoints = 0;
  const safety: ReviewSafety = {
    beforeUndo: async () => void checkpoints++,
    merge: async () => undefined,
    confirm: async (question) => {
      asked.push(question);
      return answer;
    },
  };
  review.safety = safety;
  review.roots = () => [dir];
  const lastState = (path: string) =>
    actions
      .filter((a) => (a.type === "review/recorded" || a.type === "review/resolved") && a.path === path)
      .map((a) => (a.type === "review/resolved" ? a.state : "pending"))
      .at(-1);
  return { dir, review, asked, lastState, checkpoints: () => checkpoints };
}

test("Redo takes an Undo back: the agent's exact bytes return and the change is pending again", async () => {
  const { dir, review, lastState, checkpoints } = setUp(true);
  const path = join(dir, "notes.md");
  const agent = "before\r\nthe agent's line\r\n";
  writeFileSync(path, agent);
  review.recordChange(path, { kind: "file", content: Buffer.from("before\r\n") }, Buffer.from(agent), "agent");
  assert.equal(await review.undo(path), true);
  assert.equal(readFileSync(path, "utf8"), "before\r\n");
  assert.equal(lastState(path), "undone");
  assert.equal(await review.redoUndo(path), true);
  assert.equal(readFileSync(path, "utf8"), agent, "exactly what the Undo replaced");
  assert.equal(lastState(path), "pending");
  assert.ok(review.has(path));
  assert.equal(checkpoints(), 2, "a checkpoint before the Undo and before the Redo");
  await assert.rejects(review.redoUndo(path), /can no longer be taken back/);
});

test("a created file the Undo deleted comes back with Redo", async () => {
  const { dir, review } = setUp(true);
  const path = join(dir, "new.txt");
  writeFileSync(path, "made by the agent\n");
  review.recordChange(path, { kind: "absent" }, Buffer.from("made by the agent\n"), "agent");
  await review.undo(path);
  assert.equal(existsSync(path), false);
  await review.redoUndo(path);
  assert.equal(readFileSync(path, "utf8"), "made by the agent\n");
});

test("a file edited after the Undo is replaced by Redo only when the user says so", async () => {
  for (const answer of [false, true]) {
    const { dir, review, asked } = setUp(answer);
    const path = join(dir, "a.txt");
    writeFileSync(path, "agent\n");
    review.recordChange(path, { kind: "file", content: Buffer.from("old\n") }, Buffer.from("agent\n"), "agent");
    await review.undo(path);
    writeFileSync(path, "the user's new work\n");
    assert.equal(await review.redoUndo(path), answer);
    assert.equal(asked.length, 1);
    assert.match(asked[0]!, /changed after the Undo/);
    assert.equal(readFileSync(path, "utf8"), answer ? "agent\n" : "the user's new work\n");
  }
});

/** Disk files whose writes land on disk at once but are reported done only when `release(n)` is called. */
function heldWrites() {
  const disk = new DiskFiles();
  const gates: Array<() => void> = [];
  let landed = 0;
  const files: ReviewFiles = {
    readDisk: (path) => disk.readDisk(path),
    deleteFile: (path) => disk.deleteFile(path),
    async writeThroughEditor(path, content) {
      writeFileSync(path, content);
      landed++;
      await new Promise<void>((resolve) => gates.push(resolve));
    },
  };
  return { files, landed: () => landed, release: (n: number) => gates[n]?.() };
}

test("a second Undo click while the first is writing does nothing: Redo still gives back the agent's bytes", async () => {
  const dir = scratchDir("acp-review-double-undo-");
  const writes = heldWrites();
  const actions: ThreadAction[] = [];
  const review = new ChangeReview((action) => actions.push(action), writes.files);
  review.safety = { beforeUndo: async () => undefined, merge: async () => undefined, confirm: async () => true };
  review.roots = () => [dir];
  const path = join(dir, "notes.md");
  const agent = "before\nthe agent's line\n";
  writeFileSync(path, agent);
  review.recordChange(path, { kind: "file", content: Buffer.from("before\n") }, Buffer.from(agent), "agent");

  // The first click's write is on disk, and VS Code has not said it is saved yet: the second click comes.
  const first = review.undo(path);
  await waitFor(writes.landed, (n) => n === 1, "the first Undo's write");
  let secondResult: boolean | undefined;
  const second = review.undo(path).then((done) => (secondResult = done));
  await waitFor(
    () => secondResult !== undefined || writes.landed() === 2,
    (outcome) => outcome,
    "the second click done with, or writing",
  );
  const wroteAgain = writes.landed() === 2;
  writes.release(0);
  assert.equal(await first, true);
  writes.release(1);
  await second;
  assert.equal(readFileSync(path, "utf8"), "before\n");

  const writtenBefore = writes.landed();
  const redo = review.redoUndo(path);
  await waitFor(writes.landed, (n) => n > writtenBefore, "the Redo's write");
  writes.release(writtenBefore);
  assert.equal(await redo, true);
  assert.equal(readFileSync(path, "utf8"), agent, "exactly what the first Undo replaced");
  assert.equal(wroteAgain, false, "the second click finds the Undo under way and writes nothing");
  assert.equal(secondResult, false);
});

test("Redo clicked twice at once is one Redo: the file holds the agent's bytes and the change is pending", async () => {
  const { dir, review, lastState } = setUp(true);
  const path = join(dir, "notes.md");
  const agent = "before\nthe agent's line\n";
  writeFileSync(path, agent);
  review.recordChange(path, { kind: "file", content: Buffer.from("before\n") }, Buffer.from(agent), "agent");
  await review.undo(path);
  const results = await Promise.allSettled([review.redoUndo(path), review.redoUndo(path)]);
  assert.equal(results.filter((r) => r.status === "fulfilled" && r.value === true).length, 1, "one Redo");
  assert.equal(readFileSync(path, "utf8"), agent);
  assert.equal(lastState(path), "pending");
  // And the change can be undone again, back to the bytes before the agent.
  assert.equal(await review.undo(path), true);
  assert.equal(readFileSync(path, "utf8"), "before\n");
  assert.equal(await review.redoUndo(path), true);
  assert.equal(readFileSync(path, "utf8"), agent);
});
