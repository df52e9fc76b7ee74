/** The local transcript store: a round trip, writes gathered on a timer, corrupt data dropped, every bound kept. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  TranscriptStore,
  parseTranscripts,
  TRANSCRIPT_WRITE_DELAY_MS,
  type TranscriptLimits,
} from "../../src/acp/journal/transcriptStore";
import { memoryTranscriptStorage } from "../support/memoryTranscriptStorage";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { ManualClock } from "../support/memoryPorts";
import { kindsOf } from "../support/threadReaders";

function threadOf(actions: ThreadAction[]): Thread {
  return actions.reduce(reduceThread, emptyThread);
}

const chunk = (entryId: string, text: string): ThreadAction => ({
  type: "acp/update",
  entryId,
  update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
});

function conversation(turns: number): Thread {
  return threadOf(
    Array.from({ length: turns }, (_, n): ThreadAction[] => [
      { type: "turn/started", entryId: `u${n}`, text: `question ${n}`, at: n },
      chunk(`a${n}`, `answer ${n}`),
      { type: "turn/ended", stopReason: "end_turn" },
    ]).flat(),
  );
}

test("a stored thread reads back as the same transcript; a stream of changes is written once per delay", () => {
  const storage = memoryTranscriptStorage();
  let writes = 0;
  const write = storage.write;
  storage.write = (value) => {
    writes += 1;
    write(value);
  };
  const clock = new ManualClock();
  const store = new TranscriptStore(storage, clock);
  let thread = threadOf([{ type: "turn/started", entryId: "u1", text: "hello", at: 1 }]);
  for (let n = 0; n < 200; n++) {
    thread = reduceThread(thread, chunk(`a${n}`, `part ${n} `));
    store.schedule("Agent", "s1", () => thread);
  }
  assert.equal(writes, 0, "nothing written per chunk");
  clock.advance(TRANSCRIPT_WRITE_DELAY_MS);
  assert.equal(writes, 1, "one write after the delay");
  const reread = new TranscriptStore(storage, clock).get("Agent", "s1");
  assert.ok(reread);
  const restored = reduceThread(emptyThread, { type: "thread/restored", entries: [...reread.entries] });
  assert.deepEqual(kindsOf(restored), ["user", "assistant"]);
  assert.equal(restored.entries[0]?.kind === "user" && restored.entries[0].text, "hello");
  const answer = restored.entries[1];
  assert.ok(
    answer?.kind === "assistant" &&
      answer.chunks
        .map((c) => c.text)
        .join("")
        .startsWith("part 0 part 1 "),
  );
});

test("corrupt stored data is dropped: a bad record whole, a bad entry alone", () => {
  assert.deepEqual(parseTranscripts("not a list"), []);
  assert.deepEqual(parseTranscripts({ agent: "x" }), []);
  const parsed = parseTranscripts([
    null,
    { agent: "A", sessionId: 7, savedAt: 1, entries: [] },
    {
      agent: "A",
      sessionId: "s",
      savedAt: 2,
      entries: [
        { kind: "user", text: "kept" },
        { kind: "user", text: 42 },
        { kind: "mystery" },
        "junk",
        { kind: "error", message: "also kept" },
      ],
    },
  ]);
  assert.equal(parsed.length, 1);
  assert.deepEqual(parsed[0]?.entries, [
    { kind: "user", text: "kept" },
    { kind: "error", message: "also kept" },
  ]);
  const store = new TranscriptStore(memoryTranscriptStorage({ broken: true }), new ManualClock());
  assert.equal(store.get("A", "s"), undefined);
  const throwing = new TranscriptStore(
    {
      read: () => {
        throw new Error("disk");
      },
      write: () => undefined,
    },
    new ManualClock(),
  );
  assert.equal(throwing.get("A", "s"), undefined);
});

test("deep and huge payloads are stored without throwing, cut to the limits", () => {
  let deep: Record<string, unknown> = {};
  for (let n = 0; n < 100_000; n++) deep = { inner: deep };
  assert.throws(() => JSON.stringify(deep), RangeError, "the payload really is too deep to serialise");
  const huge = "x".repeat(5_000_000);
  const thread = threadOf([
    { type: "turn/started", entryId: "u1", text: huge, at: 1 },
    {
      type: "acp/update",
      entryId: "t1",
      update: {
        sessionUpdate: "tool_call",
        toolCallId: "c1",
        title: "Run",
        kind: "execute",
        status: "in_progress",
        rawInput: deep,
        rawOutput: deep,
        content: [
          { type: "content", content: { type: "text", text: huge } },
          { type: "diff", path: "/a.ts", oldText: huge, newText: huge },
        ],
      },
    },
  ]);
  const storage = memoryTranscriptStorage();
  const clock = new ManualClock();
  const store = new TranscriptStore(storage, clock);
  store.schedule("Agent", "s1", () => thread);
  store.flush();
  const text = JSON.stringify(storage.value);
  assert.ok(text.length < 200_000, `stored ${text.length} characters`);
  const stored = store.get("Agent", "s1");
  assert.ok(stored);
  const tool = stored.entries[1];
  assert.equal(
    tool?.kind === "tool_call" && tool.status,
    "cancelled",
    "a tool still running when saved shows as cancelled",
  );
  assert.ok(!text.includes("rawInput"));
});

test("bounds: the newest entries of a transcript, the newest transcripts within the total", () => {
  const limits: TranscriptLimits = { entries: 10, chars: 100_000, totalChars: 3_000, transcripts: 3 };
  const storage = memoryTranscriptStorage();
  const clock = new ManualClock();
  const store = new TranscriptStore(storage, clock, limits);
  const long = conversation(30);
  store.schedule("Agent", "long", () => long);
  store.flush();
  const kept = store.get("Agent", "long")!;
  assert.equal(kept.entries.length, 11, "10 entries and a notice");
  assert.match(kept.entries[0]?.kind === "notice" ? kept.entries[0].title : "", /50 older entries were not kept/);
  assert.equal(kept.entries.at(-1)?.kind === "assistant" && kept.entries.at(-1)?.kind, "assistant");
  for (let n = 0; n < 6; n++) {
    clock.advance(10);
    const thread = conversation(2);
    store.schedule("Agent", `s${n}`, () => thread);
    store.flush();
  }
  const all = storage.value as Array<{ sessionId: string }>;
  assert.ok(all.length <= 3, `${all.length} transcripts kept`);
  assert.equal(all[0]?.sessionId, "s5", "the newest first");
  assert.ok(JSON.stringify(all).length <= 3_000 + 10);
});

test("a transcript that continues an earlier session replaces it when written; a deleted session's transcript is forgotten", () => {
  const storage = memoryTranscriptStorage();
  const clock = new ManualClock();
  const store = new TranscriptStore(storage, clock);
  const old = conversation(1);
  store.schedule("Agent", "old", () => old);
  store.flush();
  const continued = conversation(2);
  store.schedule("Agent", "new", () => continued, "old");
  assert.ok(store.get("Agent", "old"), "the old copy stays until the new one is written");
  clock.advance(TRANSCRIPT_WRITE_DELAY_MS);
  assert.equal(store.get("Agent", "old"), undefined);
  assert.equal(store.get("Agent", "new")?.entries.length, 4);
  store.remove("Agent", "new");
  assert.deepEqual(storage.value, []);
  assert.equal(new TranscriptStore(storage, clock).get("Agent", "new"), undefined);
});
