/**
 * Keep per hunk in the review diff (issue 25 item 3): the hunks of a change line by line, and a
 * kept hunk moving into the review's baseline, so it no longer counts as the agent's and Undo
 * leaves it, byte for byte (CRLF and a last line without a newline included).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { acceptHunk, hunkAt, lineHunks, splitLines } from "../../src/acp/checkpoints/hunks";
import { ChangeReview } from "../../src/acp/sessions/changeReview";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { DiskFiles } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";

test("lines keep their endings, and a change has one hunk per changed region", () => {
  assert.deepEqual(splitLines("a\r\nb\nc"), ["a\r\n", "b\n", "c"]);
  assert.deepEqual(lineHunks("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n"), [
    { beforeStart: 1, beforeEnd: 2, afterStart: 1, afterEnd: 2 },
    { beforeStart: 4, beforeEnd: 4, afterStart: 4, afterEnd: 5 },
  ]);
  assert.deepEqual(lineHunks("same\n", "same\n"), []);
  // A removal is found at the line where the removed lines were.
  const removal = lineHunks("a\nb\nc\n", "a\nc\n");
  assert.deepEqual(removal, [{ beforeStart: 1, beforeEnd: 2, afterStart: 1, afterEnd: 1 }]);
  assert.equal(hunkAt(removal, 1), removal[0]);
  assert.equal(hunkAt(removal, 5), undefined);
});

test("accepting every hunk gives the file, accepting none gives the baseline (any texts)", () => {
  const line = fc.constantFrom("a\n", "b\n", "c\r\n", "d", "");
  const text = fc.array(line, { maxLength: 8 }).map((parts) => parts.join(""));
  fc.assert(
    fc.property(text, text, (before, after) => {
      let baseline = before;
      // Accepting hunks one by one, recomputed each time as the diff editor would, ends at `after`.
      for (let guard = 0; guard < 20; guard++) {
        const [first] = lineHunks(baseline, after);
        if (!first) break;
        baseline = acceptHunk(baseline, after, first);
      }
      assert.equal(baseline, after);
    }),
    { numRuns: 300 },
  );
});

function review(dir: string) {
  const actions: ThreadAction[] = [];
  const review = new ChangeReview((action) => actions.push(action), new DiskFiles());
  review.safety = {
    beforeUndo: async () => undefined,
    merge: async () => ({ text: "", conflicted: true }),
    confirm: async () => false,
  };
  return { review, actions, path: join(dir, "notes.md") };
}

test("a kept hunk is no longer the agent's change, and Undo leaves it (exact bytes)", async () => {
  const dir = realpathSync(scratchDir("acp-hunks-"));
  const { review: r, actions, path } = review(dir);
  const before = "title\r\nkeep me\r\nold line\r\nlast line without newline";
  const after = "title\r\nkeep me\r\nthe agent's first line\r\nold line\r\nlast line without newline, changed";
  writeFileSync(path, after);
  r.recordChange(path, { kind: "file", content: Buffer.from(before) }, Buffer.from(after), "agent");
  const counted = () => actions.filter((a) => a.type === "review/recorded").at(-1);
  assert.deepEqual([counted()?.additions, counted()?.deletions], [2, 1]);

  assert.equal(r.keepHunk(path, after, 0), false, "no hunk on an unchanged line");
  assert.equal(r.keepHunk(path, after, 2), true, "the agent's inserted line");
  assert.deepEqual([counted()?.additions, counted()?.deletions], [1, 1], "the kept hunk no longer counts");
  assert.equal(r.has(path), true);

  assert.equal(await r.undo(path), true);
  assert.equal(
    readFileSync(path, "utf8"),
    "title\r\nkeep me\r\nthe agent's first line\r\nold line\r\nlast line without newline",
    "Undo takes out only the hunk not kept",
  );
});

test("keeping the last hunk keeps the file; a created file keeps its kept lines on Undo", async () => {
  const dir = realpathSync(scratchDir("acp-hunks-"));
  const { review: r, actions, path } = review(dir);
  r.recordChange(path, { kind: "file", content: Buffer.from("a\n") }, Buffer.from("a\nb\n"), "agent");
  assert.equal(r.keepHunk(path, "a\nb\n", 1), true);
  assert.equal(r.has(path), false);
  assert.deepEqual(actions.at(-1), { type: "review/resolved", path, state: "kept" });

  const made = join(dir, "made.txt");
  const text = "one\nkept\nthree\n";
  writeFileSync(made, text);
  r.recordChange(made, { kind: "absent" }, Buffer.from(text), "agent");
  // A created file is one hunk: keeping it keeps the file.
  assert.equal(r.keepHunk(made, text, 1), true);
  assert.equal(r.has(made), false);
});

test("no hunk is kept of a binary file or a file whose before is unknown", () => {
  const dir = realpathSync(scratchDir("acp-hunks-"));
  const { review: r, path } = review(dir);
  r.recordChange(path, { kind: "file", content: Buffer.from([0, 1, 2]) }, Buffer.from("text\n"), "agent");
  assert.equal(r.keepHunk(path, "text\n", 0), false);
  const other = join(dir, "other.txt");
  r.recordChange(other, { kind: "unknown", reason: "too large" }, Buffer.from("x\n"), "agent");
  assert.equal(r.keepHunk(other, "x\n", 0), false);
});
