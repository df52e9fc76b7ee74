/** The "Files changed" review: recording, counts, keep, undo (restore or delete), unknown "before". */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChangeReview, countLineChanges } from "../../src/acp/sessions/changeReview";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { DiskFiles } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";

function setup() {
  const dir = scratchDir("acp-review-");
  let thread: Thread = emptyThread;
  const files = new DiskFiles();
  const review = new ChangeReview((action) => (thread = reduceThread(thread, action)), files);
  return { dir, review, files, thread: () => thread };
}

test("counts added and removed lines", () => {
  assert.deepEqual(countLineChanges("a\nb\nc", "a\nB\nc\nd"), { additions: 2, deletions: 1 });
  assert.deepEqual(countLineChanges("", "x\ny"), { additions: 2, deletions: 0 });
});

test("a recorded edit can be undone: the previous content is restored", async () => {
  const { dir, review, thread } = setup();
  const path = join(dir, "a.txt");
  writeFileSync(path, "new");
  review.record(path, "old", "new");
  assert.deepEqual(thread().changes, [
    { path, additions: 1, deletions: 1, created: false, undoable: true, origin: "agent", state: "pending" },
  ]);
  await review.undo(path);
  assert.equal(readFileSync(path, "utf8"), "old");
  assert.equal(thread().changes[0]?.state, "undone");
});

test("undoing a created file deletes it; a second write keeps the first before", async () => {
  const { dir, review, thread } = setup();
  const path = join(dir, "created.txt");
  writeFileSync(path, "v2");
  review.record(path, undefined, "v1");
  review.record(path, "v1", "v2");
  assert.equal(thread().changes.length, 1);
  assert.equal(thread().changes[0]?.created, true);
  await review.undo(path);
  assert.equal(existsSync(path), false);
});

test("keep resolves without touching the file; unknown before cannot be undone", async () => {
  const { dir, review, thread } = setup();
  const kept = join(dir, "k.txt");
  writeFileSync(kept, "mine");
  review.record(kept, "x", "mine");
  review.keep(kept);
  assert.equal(thread().changes[0]?.state, "kept");
  assert.equal(readFileSync(kept, "utf8"), "mine");
  const unknown = join(dir, "u.txt");
  review.record(unknown, undefined, "text", false);
  assert.equal(thread().changes[1]?.undoable, false);
  await assert.rejects(review.undo(unknown), /cannot be undone/);
});

test("a new turn drops resolved changes and keeps pending ones", () => {
  const { dir, review, thread } = setup();
  review.record(join(dir, "p.txt"), "a", "b");
  review.record(join(dir, "k.txt"), "a", "b");
  review.keep(join(dir, "k.txt"));
  const next = reduceThread(thread(), { type: "turn/started", entryId: "u", text: "more", at: 1 });
  assert.deepEqual(
    next.changes.map((c) => c.path),
    [join(dir, "p.txt")],
  );
});

test("a final newline does not count as an extra line", () => {
  assert.deepEqual(countLineChanges("", "a brand new file\n"), { additions: 1, deletions: 0 });
  assert.deepEqual(countLineChanges("one\n", "one\ntwo\n"), { additions: 1, deletions: 0 });
});

test("Undo never writes through a folder the agent swapped for a link to outside the workspace", async () => {
  const { dir, review } = setup();
  const outside = scratchDir("acp-review-outside-");
  writeFileSync(join(outside, "a.txt"), "outside bytes");
  const ws = join(dir, "ws");
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(ws, "src", "a.txt"), "new");
  review.roots = () => [ws];
  review.record(join(ws, "src", "a.txt"), "old", "new");
  rmSync(join(ws, "src"), { recursive: true });
  symlinkSync(outside, join(ws, "src"));
  await assert.rejects(review.undo(join(ws, "src", "a.txt")), /now a link/);
  assert.equal(readFileSync(join(outside, "a.txt"), "utf8"), "outside bytes");
});
