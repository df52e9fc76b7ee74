/**
 * The journal's writer and its fold: what a tab showed is what folding its journal gives back
 * (a property over random threads and random write points), a streamed reply is appended as the
 * text it grew by, and damaged journals (a torn last line, garbage, wrong types: a fuzz) load
 * every valid record and count what they skipped.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ConversationWriter, WRITE_DELAY_MS } from "../../src/acp/journal/journalWriter";
import { entriesOf, foldJournal, recordLine, type JournalRecord } from "../../src/acp/journal/journalRecords";
import { journalFile } from "../../src/acp/journal/journalFs";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { JOURNAL_TEXT_LIMIT, storedEntriesOf, type StoredEntry } from "../../src/shared/thread/storedTranscript";
import { ManualClock } from "../support/memoryPorts";
import { MemoryJournalFs } from "../support/memoryJournalFs";

const DIR = "/journal";

function writerOver(
  fs: MemoryJournalFs,
  clock: ManualClock,
  thread: () => Thread,
  known: StoredEntry[] = [],
  appendSliceChars?: number,
) {
  return new ConversationWriter(
    {
      fs,
      clock,
      dir: DIR,
      writerId: "w1",
      health: () => undefined,
      wrote: () => undefined,
      ...(appendSliceChars === undefined ? {} : { appendSliceChars }),
    },
    { key: "k", agent: "Demo", sessionId: "s1" },
    thread,
    Promise.resolve({ entries: known, exists: false }),
  );
}

const folded = (fs: MemoryJournalFs, key = "k") => foldJournal(fs.files.get(journalFile(DIR, key))?.data ?? "");

/** Random thread actions: prompts, streamed replies and thoughts, tool calls and their updates, notices, errors, modes. */
const actionArb: fc.Arbitrary<(n: number) => ThreadAction> = fc.oneof(
  fc
    .string({ maxLength: 20 })
    .map((text) => (n: number): ThreadAction => ({ type: "turn/started", entryId: `u${n}`, text, at: n })),
  fc
    .tuple(fc.constantFrom("agent_message_chunk", "agent_thought_chunk"), fc.string({ minLength: 1, maxLength: 30 }))
    .map(([kind, text]) => (n: number): ThreadAction => ({
      type: "acp/update",
      entryId: `a${n}`,
      update: { sessionUpdate: kind, content: { type: "text", text } } as never,
    })),
  fc.integer({ min: 0, max: 3 }).map((id) => (n: number): ThreadAction => ({
    type: "acp/update",
    entryId: `t${n}`,
    update: {
      sessionUpdate: "tool_call",
      toolCallId: `tool-${id}`,
      title: `tool ${id} #${n}`,
      kind: "read",
      status: "pending",
    } as never,
  })),
  fc
    .tuple(
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom("in_progress", "completed", "failed"),
      fc.string({ maxLength: 40 }),
    )
    .map(([id, status, text]) => (n: number): ThreadAction => ({
      type: "acp/update",
      entryId: `v${n}`,
      update: {
        sessionUpdate: "tool_call_update",
        toolCallId: `tool-${id}`,
        status,
        content: [{ type: "content", content: { type: "text", text } }],
      } as never,
    })),
  fc.string({ minLength: 1, maxLength: 20 }).map((title) => (n: number): ThreadAction => ({
    type: "acp/update",
    entryId: `n${n}`,
    update: { sessionUpdate: "notice", severity: "info", title } as never,
  })),
  fc.constant((n: number): ThreadAction => ({ type: "thread/error", entryId: `e${n}`, message: `failed ${n}` })),
  // Mode changes (the thread knows its modes from the start): a marker is replaced by the next
  // change, or removed by a change back, so the journal cuts and rewrites its last entry.
  {
    weight: 3,
    arbitrary: fc.constantFrom("ask", "code", "plan").map((currentModeId) => (n: number): ThreadAction => ({
      type: "acp/update",
      entryId: `m${n}`,
      update: { sessionUpdate: "current_mode_update", currentModeId } as never,
    })),
  },
  fc.constant((): ThreadAction => ({ type: "turn/ended", stopReason: "end_turn" })),
);

/** After an action: nothing, a timer tick, a write, or a flushed write (the end of a turn). */
const writePointArb = fc.constantFrom("none", "tick", "now", "sync");

/** How many characters one append may carry: the default, or so few that a write goes in many slices. */
const sliceArb = fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined });

test("folding the journal gives the thread the panel showed, at every write and at the end (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(actionArb, writePointArb), { maxLength: 60 }),
      sliceArb,
      async (steps, slice) => {
        const fs = new MemoryJournalFs();
        const clock = new ManualClock();
        let thread: Thread = {
          ...emptyThread,
          modes: {
            currentModeId: "ask",
            availableModes: [
              { id: "ask", name: "Ask" },
              { id: "code", name: "Code" },
            ],
          },
        };
        const writer = writerOver(fs, clock, () => thread, [], slice);
        let n = 0;
        for (const [make, point] of steps) {
          thread = reduceThread(thread, make(n++));
          writer.soon();
          if (point === "tick") clock.advance(WRITE_DELAY_MS);
          if (point === "now" || point === "sync") {
            await writer.now(point === "sync");
            assert.deepEqual(entriesOf(folded(fs)), storedEntriesOf(thread, JOURNAL_TEXT_LIMIT));
          }
        }
        await writer.close();
        const journal = folded(fs);
        assert.deepEqual(entriesOf(journal), storedEntriesOf(thread, JOURNAL_TEXT_LIMIT));
        assert.equal(journal.skipped, 0);
      },
    ),
    { numRuns: 150 },
  );
});

test("a streamed reply is journalled as the text it grew by, not a copy per write", async () => {
  const fs = new MemoryJournalFs();
  const clock = new ManualClock();
  let thread = reduceThread(emptyThread, { type: "turn/started", entryId: "u", text: "go", at: 1 });
  const writer = writerOver(fs, clock, () => thread);
  const piece = "x".repeat(1_000);
  for (let i = 0; i < 50; i++) {
    thread = reduceThread(thread, {
      type: "acp/update",
      entryId: `a${i}`,
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: piece } },
    });
    writer.soon();
    clock.advance(WRITE_DELAY_MS);
    await writer.now(false);
  }
  const bytes = Buffer.byteLength(fs.files.get(journalFile(DIR, "k"))!.data);
  assert.ok(bytes < 50 * piece.length * 1.2, `${bytes} bytes for a 50,000-character reply`);
  assert.equal(entriesOf(folded(fs)).length, 2);
});

test("the entries a writer is told are on disk already are not written again", async () => {
  const fs = new MemoryJournalFs();
  const thread = reduceThread(emptyThread, { type: "turn/started", entryId: "u", text: "hello", at: 1 });
  const writer = writerOver(fs, new ManualClock(), () => thread, storedEntriesOf(thread, JOURNAL_TEXT_LIMIT));
  await writer.close();
  assert.equal(fs.files.size, 0, "nothing new: no file");
});

const entry = (i: number): StoredEntry => ({ kind: "user", text: `message ${i}` });
const validRecords = (count: number): JournalRecord[] => [
  { t: "o", w: "w1", at: 1, agent: "Demo", sessionId: "s" },
  ...Array.from({ length: count }, (_, j): JournalRecord => ({ t: "e", j, e: entry(j) })),
];

test("a torn last line is dropped and the rest loads, with nothing counted as skipped", () => {
  const text = validRecords(3).map(recordLine).join("") + '{"t":"e","j":3,"e":{"kind":"us';
  const journal = foldJournal(text);
  assert.deepEqual(entriesOf(journal), [entry(0), entry(1), entry(2)]);
  assert.equal(journal.tornTail, true);
  assert.equal(journal.skipped, 0);
});

test("garbage lines and records of the wrong type are skipped and counted; every valid record loads (fuzz)", () => {
  const junk = fc.oneof(
    fc.string({ minLength: 1 }).filter((s) => !s.includes("\n") && s.trim() !== ""),
    fc.constant('{"t":"e","j":"zero","e":{}}'),
    fc.constant('{"t":"e","j":1,"e":{"kind":"user","text":42}}'),
    fc.constant('{"t":"nope"}'),
    fc.constant("[1,2,3]"),
    fc.constant('{"t":"g","j":999,"c":0,"s":"x","m":[]}'),
  );
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 30 }),
      fc.array(fc.tuple(fc.nat(), junk), { maxLength: 10 }),
      fc.option(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes("\n") && s.trim() !== "")),
      (count, garbage, tail) => {
        const lines = validRecords(count).map((record) => JSON.stringify(record));
        // Garbage never goes before the open record, so the header stays the first writer's.
        for (const [at, line] of garbage) lines.splice(1 + (at % lines.length), 0, line);
        const text = `${lines.join("\n")}\n${tail ?? ""}`;
        const journal = foldJournal(text);
        assert.deepEqual(
          entriesOf(journal),
          Array.from({ length: count }, (_, j) => entry(j)),
        );
        const garbageThatIsJson = garbage.filter(([, line]) => {
          try {
            JSON.parse(line);
            return true;
          } catch {
            return false;
          }
        });
        // A tail that is a whole JSON value but no record counts as skipped; a cut one is the torn tail.
        const tailCount = tail === null ? 0 : 1;
        assert.ok(journal.skipped >= garbageThatIsJson.length && journal.skipped <= garbage.length + tailCount);
        assert.ok(journal.skipped + (journal.tornTail ? 1 : 0) >= garbageThatIsJson.length + tailCount);
        assert.equal(journal.agent, "Demo");
      },
    ),
    { numRuns: 300 },
  );
});

test("a continuation reads its base's entries first and then its own", () => {
  const base = foldJournal(validRecords(3).map(recordLine).join(""));
  const own = foldJournal(
    [
      recordLine({ t: "o", w: "w2", at: 5, agent: "Demo", sessionId: "s2", base: { key: "b", n: 3 } }),
      recordLine({ t: "e", j: 3, e: entry(9) }),
    ].join(""),
  );
  assert.deepEqual(entriesOf(own, entriesOf(base)), [entry(0), entry(1), entry(2), entry(9)]);
  assert.deepEqual(entriesOf(own, []), [entry(9)], "a base that is gone leaves this conversation's own entries");
});
