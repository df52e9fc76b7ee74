/**
 * Reading a journal on from where the last read stopped (src/acp/journal/journalReader.ts) gives
 * what folding the whole file gives, at every read:
 * - on a real disk, with the file's bytes appended in pieces cut anywhere (mid-line, mid-character)
 *   and read in slices of any size (property);
 * - through the archive, with the file replaced under it by another window (a deleted conversation
 *   started again under its key, older bytes brought back in front) (property);
 * - and a grown file costs the bytes appended, not the file again.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { JournalArchive } from "../../src/acp/journal/journalArchive";
import { journalFile, nodeJournalFs } from "../../src/acp/journal/journalFs";
import { JournalReader } from "../../src/acp/journal/journalReader";
import { foldJournal, recordLine, type JournalRecord } from "../../src/acp/journal/journalRecords";
import { MemoryJournalFs } from "../support/memoryJournalFs";

/** Text with characters of one to four UTF-8 bytes, so that cuts land inside characters. */
const text = fc
  .array(fc.constantFrom("a", "b", " ", "é", "ß", "€", "中", "😀", "\u2028", '"', "\\"), { maxLength: 12 })
  .map((chars) => chars.join(""));

const record: fc.Arbitrary<JournalRecord> = fc.oneof(
  fc.record({
    t: fc.constant("o" as const),
    w: fc.constantFrom("w1", "w2"),
    at: fc.integer({ min: 1, max: 9 }),
    agent: fc.constantFrom("Demo", "Bub"),
    sessionId: fc.constantFrom("s1", "s2"),
  }),
  fc.record({
    t: fc.constant("e" as const),
    j: fc.integer({ min: 0, max: 5 }),
    e: fc.oneof(
      text.map((t) => ({ kind: "user" as const, text: t })),
      text.map((t) => ({ kind: "assistant" as const, chunks: [{ kind: "message" as const, text: t }] })),
    ),
  }),
  fc.record({
    t: fc.constant("g" as const),
    j: fc.integer({ min: 0, max: 5 }),
    c: fc.integer({ min: -1, max: 1 }),
    s: text,
    m: fc.array(
      text.map((t) => ({ kind: "thought" as const, text: t })),
      { maxLength: 2 },
    ),
  }),
  fc.record({ t: fc.constant("x" as const), n: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ t: fc.constant("t" as const), title: text }),
  fc.record({ t: fc.constant("c" as const), amount: fc.integer({ min: 0, max: 9 }), currency: fc.constant("USD") }),
  fc.record({ t: fc.constant("f" as const), p: fc.array(text, { maxLength: 2 }) }),
);

/** Journal lines: records, and what a damaged file holds (garbage, blank lines, a byte order mark). */
const line = fc.oneof(
  { weight: 6, arbitrary: record.map(recordLine) },
  { weight: 1, arbitrary: fc.constantFrom("not json\n", "\n", "   \n", '{"t":"nope"}\n', "\uFEFF{}\n", "[1]\n") },
);

const journalBytes = fc
  .tuple(fc.array(line, { maxLength: 25 }), fc.boolean())
  // A file may end without its newline: a crash mid-write.
  .map(([lines, torn]) => Buffer.from(torn && lines.length ? lines.join("").slice(0, -1) : lines.join("")));

/**
 * Where the file's bytes are cut into appends: anywhere (characters included), or just before a
 * newline, where the piece read last is a whole record still missing its newline.
 */
const cuts = fc.array(
  fc.oneof(
    fc.double({ min: 0, max: 1, noNaN: true }).map((fraction) => ({ fraction })),
    fc.nat().map((newline) => ({ newline })),
  ),
  { maxLength: 8 },
);
const NEWLINE = 0x0a;
function cutPoint(bytes: Buffer, cut: { fraction: number } | { newline: number }): number {
  if ("fraction" in cut) return Math.floor(cut.fraction * bytes.length);
  const newlines = [...bytes.keys()].filter((i) => bytes[i] === NEWLINE);
  return newlines.length ? newlines[cut.newline % newlines.length]! : bytes.length;
}
const sliceBytes = fc.integer({ min: 1, max: 64 });

test("reading on from the last read folds what the whole file folds, at every read (property, real disk)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "acp-journal-reader-"));
  try {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(journalBytes, cuts, sliceBytes, async (bytes, cutList, slice) => {
        const path = join(dir, `${run++}.jsonl`);
        writeFileSync(path, "");
        const reader = new JournalReader(nodeJournalFs, path, slice);
        const points = [...cutList.map((cut) => cutPoint(bytes, cut)), bytes.length].sort((a, b) => a - b);
        let written = 0;
        for (const point of points) {
          appendFileSync(path, bytes.subarray(written, point));
          written = point;
          const size = statSync(path).size;
          assert.ok(await reader.continues(size), "the same file, grown");
          assert.deepEqual(await reader.read(size), foldJournal(readFileSync(path, "utf8")));
        }
      }),
      { numRuns: 300 },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

type Step =
  | { kind: "append"; fraction: number }
  | { kind: "replace"; other: number }
  | { kind: "inFront"; other: number }
  | { kind: "read" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("append" as const),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replace" as const), other: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("inFront" as const), other: fc.nat() }) },
  { weight: 4, arbitrary: fc.constant({ kind: "read" as const }) },
);

/**
 * A fresh clone's run found it (seed 1108801215): one conversation put in front twice, C1 becoming
 * C0 C1 and then C0 C0 C1. The file kept its first bytes, and a newline stood where the reader
 * had stopped, so it read on from there as if the file had grown: a line counted as skipped was
 * missed. The reader now also checks the bytes it read last. (The text has U+2028 LINE SEPARATORs:
 * the counterexample needs their bytes.)
 */
const REPLACED_KEEPING_HEAD: [string[], Step[]] = [
  [
    '{"t":"g","j":0,"c":0,"s":"","m":[{"kind":"thought","text":"a€😀"},{"kind":"thought","text":"\\"\\\\"}]}\n{"t":"f","p":[]}\n{"t":"x","n":0}\n{"t":"x","n":0}\n{"t":"t","title":"a€\\\\a中é"}\n',
    '{"t":"f","p":["😀\u2028中\u2028中aé"]}\n{"t":"e","j":0,"e":{"kind":"assistant","chunks":[{"kind":"message","text":"ß\\\\é€ßa\\"€\\\\"}]}}\n{"t":"f","p":[]}',
  ],
  [
    { kind: "inFront", other: 1 },
    { kind: "inFront", other: 0 },
    { kind: "read" },
    { kind: "inFront", other: 0 },
    { kind: "read" },
  ],
];

test("the archive's reads follow a file replaced under them by another window (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        journalBytes.map((b) => b.toString("utf8")),
        { minLength: 1, maxLength: 3 },
      ),
      fc.array(step, { maxLength: 20 }),
      async (texts, steps) => {
        const fs = new MemoryJournalFs();
        const archive = new JournalArchive(fs, "/j", () => 0);
        const path = journalFile("/j", "k");
        // Each conversation starts with its own open record, as every writer's file does.
        const conversations = texts.map(
          (t, i) => recordLine({ t: "o", w: `w${i}`, at: i, agent: "A", sessionId: "s" }) + t,
        );
        let source = conversations[0]!;
        let written = 0;
        const put = async (data: string) => {
          fs.files.delete(path);
          if (data) await fs.append(path, data);
        };
        for (const s of steps) {
          if (s.kind === "append") {
            const to = Math.max(written, Math.floor(s.fraction * source.length));
            await fs.append(path, source.slice(written, to));
            written = to;
          } else if (s.kind === "replace") {
            // Delete Session…, then a new conversation under the same key: a file that may be longer than the last.
            source = conversations[s.other % conversations.length]!;
            written = Math.ceil(source.length / 2);
            await put(source.slice(0, written));
          } else if (s.kind === "inFront") {
            // Bring back: older bytes in front of what is there.
            const older = conversations[s.other % conversations.length]!;
            const now = fs.files.get(path)?.data ?? "";
            source = older + now + source.slice(written);
            written = older.length + now.length;
            await put(older + now);
          } else {
            const data = fs.files.get(path)?.data;
            const resolved = await archive.resolve("k");
            assert.deepEqual(resolved?.folded, data === undefined ? undefined : foldJournal(data));
          }
        }
      },
    ),
    { numRuns: 300, examples: [REPLACED_KEEPING_HEAD] },
  );
});

test("a journal that grew is read for what was appended, not whole again", async () => {
  const fs = new MemoryJournalFs();
  const archive = new JournalArchive(fs, "/j", () => 0);
  const path = journalFile("/j", "k");
  const entry = (j: number): JournalRecord => ({ t: "e", j, e: { kind: "user", text: `message ${j} `.repeat(20) } });
  await fs.append(path, recordLine({ t: "o", w: "w", at: 1, agent: "A", sessionId: "s" }));
  for (let j = 0; j < 1_000; j++) await fs.append(path, recordLine(entry(j)));
  assert.equal((await archive.resolve("k"))?.entries.length, 1_000);
  const before = fs.bytesRead;
  const appended = recordLine(entry(1_000));
  await fs.append(path, appended);
  const resolved = await archive.resolve("k");
  assert.equal(resolved?.entries.length, 1_001);
  assert.deepEqual(resolved?.folded, foldJournal(fs.files.get(path)!.data));
  const read = fs.bytesRead - before;
  // The appended line, and the file's first and last bytes as read before (is it the same file?).
  assert.ok(read <= Buffer.byteLength(appended) + 256 + 256, `${read} bytes read for ${appended.length} appended`);
});
