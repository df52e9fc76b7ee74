/**
 * A long conversation reaches the journal in bounded appends: the first write of a loaded
 * 2,000-entry session (megabytes of records) must not be one string built and encoded in one go on
 * the extension host's thread (it was: a 250 ms task right after the session loaded). Nothing is
 * lost on the way: every record is written once, in order, and a write that fails between two
 * slices is resumed with the records still waiting.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { APPEND_SLICE_CHARS, ConversationWriter } from "../../src/acp/journal/journalWriter";
import { entriesOf, foldJournal } from "../../src/acp/journal/journalRecords";
import { journalFile } from "../../src/acp/journal/journalFs";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { JOURNAL_TEXT_LIMIT, storedEntriesOf } from "../../src/shared/thread/storedTranscript";
import { ManualClock } from "../support/memoryPorts";
import { MemoryJournalFs } from "../support/memoryJournalFs";

const DIR = "/journal";

/** Counts the appends and their sizes; can fail the `failAt`th append (1-based) once, half-written. */
class SizedJournalFs extends MemoryJournalFs {
  readonly appended: number[] = [];
  failAt: number | undefined;

  override async append(path: string, data: string): Promise<void> {
    this.appended.push(data.length);
    if (this.appended.length === this.failAt) {
      this.fail = "EIO";
      this.partial = true;
      try {
        await super.append(path, data);
      } finally {
        this.fail = undefined;
        this.partial = false;
      }
    }
    await super.append(path, data);
  }
}

/** `turns` turns of a prompt and a reply of `replyChars` characters: 2 × turns entries. */
function longThread(turns: number, replyChars: number): Thread {
  let thread = emptyThread;
  for (let n = 0; n < turns; n++) {
    thread = reduceThread(thread, { type: "turn/started", entryId: `u${n}`, text: `question ${n}`, at: n });
    thread = reduceThread(thread, {
      type: "acp/update",
      entryId: `a${n}`,
      update: {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: `answer ${n}: ${"lorem ipsum ".repeat(replyChars / 12)}` },
      } as never,
    });
    thread = reduceThread(thread, { type: "turn/ended", stopReason: "end_turn" });
  }
  return thread;
}

function writerOver(fs: MemoryJournalFs, clock: ManualClock, thread: Thread): ConversationWriter {
  return new ConversationWriter(
    { fs, clock, dir: DIR, writerId: "w1", health: () => undefined, wrote: () => undefined },
    { key: "k", agent: "Demo", sessionId: "s1" },
    () => thread,
    Promise.resolve({ entries: [], exists: false }),
  );
}

const folded = (fs: MemoryJournalFs) => foldJournal(fs.files.get(journalFile(DIR, "k"))?.data ?? "");

test("a 2,000-entry conversation is written in appends of a bounded size, every record once and in order", async () => {
  const fs = new SizedJournalFs();
  const thread = longThread(1_000, 3_000);
  await writerOver(fs, new ManualClock(), thread).now(true);

  const total = fs.appended.reduce((sum, size) => sum + size, 0);
  assert.ok(total > 3_000_000, `megabytes of records (${total} characters)`);
  // One record may overrun a slice by itself (a record is never split): at most one reply's size more.
  const largest = Math.max(...fs.appended);
  assert.ok(
    largest <= APPEND_SLICE_CHARS + 4_000,
    `no append much larger than a slice (${APPEND_SLICE_CHARS}): the largest held ${largest} characters`,
  );
  assert.ok(fs.appended.length >= total / (APPEND_SLICE_CHARS + 4_000), `${fs.appended.length} appends`);
  const journal = folded(fs);
  assert.equal(journal.skipped, 0);
  assert.deepEqual(entriesOf(journal), storedEntriesOf(thread, JOURNAL_TEXT_LIMIT));
});

test("a long conversation's lines are made as their slice is written, never all held at once", async () => {
  // Each entry's record is turned into its line by JSON.stringify: count the entry records turned
  // so far at the moment each append is made. All 2,000 lines made before the first append were
  // megabytes of strings held at once on the extension host (a 2,000-entry load's first write).
  const entryRecordsTurned: number[] = [];
  let turned = 0;
  const fs = new (class extends SizedJournalFs {
    override async append(path: string, data: string): Promise<void> {
      entryRecordsTurned.push(turned);
      await super.append(path, data);
    }
  })();
  const thread = longThread(1_000, 3_000);
  const stringify = JSON.stringify;
  JSON.stringify = ((value: unknown, ...rest: never[]) => {
    if (typeof value === "object" && value !== null && (value as { t?: unknown }).t === "e") turned++;
    return stringify(value, ...rest);
  }) as typeof JSON.stringify;
  try {
    await writerOver(fs, new ManualClock(), thread).now(true);
  } finally {
    JSON.stringify = stringify;
  }
  // A slice holds about APPEND_SLICE_CHARS / 3,000 turns (a short prompt and a reply of 3,000
  // characters each), and one more line is made to find its end.
  const perSlice = 2 * Math.ceil(APPEND_SLICE_CHARS / 3_000) + 1;
  assert.ok(entryRecordsTurned.length > 10, `${entryRecordsTurned.length} appends`);
  entryRecordsTurned.forEach((count, n) =>
    assert.ok(
      count <= (n + 1) * perSlice,
      `when append ${n + 1} was made, ${count} entry lines had been made (at most ${(n + 1) * perSlice})`,
    ),
  );
  assert.deepEqual(entriesOf(folded(fs)), storedEntriesOf(thread, JOURNAL_TEXT_LIMIT), "every entry, once, in order");
});

test("a write that fails between slices is resumed: the records already on disk stay, the rest follow once", async () => {
  const fs = new SizedJournalFs();
  fs.failAt = 3; // two slices on disk, the third half-written
  const clock = new ManualClock();
  const thread = longThread(400, 3_000);
  const writer = writerOver(fs, clock, thread);
  await writer.now(false);
  assert.ok(fs.failures >= 1, "the third append failed");
  // The retry is on the writer's backoff timer.
  for (let tries = 0; tries < 10 && entriesOf(folded(fs)).length < thread.entries.length; tries++) {
    clock.advance(30_000);
    await writer.now(true);
  }
  const journal = folded(fs);
  assert.deepEqual(entriesOf(journal), storedEntriesOf(thread, JOURNAL_TEXT_LIMIT), "every entry, once, in order");
  assert.ok(journal.skipped <= 1, "at most the half-written line is skipped");
});
