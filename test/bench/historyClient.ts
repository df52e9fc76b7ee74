/**
 * `--only history`: the history's full-text search (src/acp/history/) over 1,000 stored
 * conversations / ~100 MB of text, no VS Code, on Node 24 (its `node:sqlite` has FTS5, as VS Code
 * 1.101+ does). The same queries go to each engine through the HistoryService, as the panel asks
 * them: the FTS5 index in its worker (built first: `indexBuildMs`), and the scan fallback (the
 * probe forced to fail). Prints one JSON line: `{ figures: [[name, value, unit], …] }`.
 * Job (argv[2], JSON): `{ workerScript, dir, conversations?, scanQueries? }`.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { HistoryService } from "../../src/acp/history/historyService";
import { workerIndex } from "../../src/acp/history/workerBackend";
import type { StoredEntry } from "../../src/shared/thread/storedTranscript";
import { MemoryArchive } from "../support/memoryArchive";

interface Job {
  readonly workerScript: string;
  readonly dir: string;
  readonly conversations?: number;
  readonly scanQueries?: number;
}

const job = JSON.parse(process.argv[2] ?? "{}") as Job;
const CONVERSATIONS = job.conversations ?? 1_000;
const CHARS_PER_CONVERSATION = 100_000;

/** Deterministic (mulberry32), so every run searches the same corpus. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = random(27);
const syllables = ["ka", "to", "ri", "mu", "sel", "van", "dor", "pe", "lin", "qua", "zo", "ber", "ni", "tash", "ol"];
const vocabulary = Array.from({ length: 200_000 }, (_, i) => {
  let word = "";
  for (let n = 2 + (i % 3); n > 0; n--) word += syllables[Math.floor(rand() * syllables.length)];
  return `${word}${i}`;
});
/** Zipf (P(k) ∝ 1/k): the first words are in every conversation, most are rare. */
const word = () => vocabulary[Math.floor(Math.exp(rand() * Math.log(vocabulary.length)))]!;
const text = (chars: number) => {
  const words: string[] = [];
  for (let length = 0; length < chars;) {
    const next = word();
    words.push(next);
    length += next.length + 1;
  }
  return words.join(" ");
};

function conversation(index: number): StoredEntry[] {
  const entries: StoredEntry[] = [];
  let chars = 0;
  for (let turn = 0; chars < CHARS_PER_CONVERSATION; turn++) {
    const prompt =
      turn === 0 && index === 537 ? `Plan the day. Remember the violet harbour lantern. ${text(200)}` : text(300);
    const output = text(3_000);
    const answer = text(2_000);
    entries.push(
      { kind: "user", text: prompt },
      {
        kind: "tool_call",
        title: `Run ${word()} ${word()}`,
        toolKind: "execute",
        status: "completed",
        content: [{ type: "text", text: output }],
        locations: [],
      },
      { kind: "assistant", chunks: [{ kind: "message", text: answer }] },
    );
    chars += prompt.length + output.length + answer.length;
  }
  return entries;
}

async function main(): Promise<void> {
  const started = Date.now();
  const archive = new MemoryArchive(
    Array.from({ length: CONVERSATIONS }, (_, i) => ({
      key: `c${i}`,
      title: `${word()} ${word()} session ${i}`,
      entries: conversation(i),
      updatedAt: 1_700_000_000_000 + i * 60_000,
    })),
  );
  const textMB =
    (
      await Promise.all((await archive.list()).map(async (s) => JSON.stringify(await archive.entries(s.key)).length))
    ).reduce((a, b) => a + b, 0) /
    2 ** 20;
  process.stderr.write(
    `[history] corpus: ${CONVERSATIONS} conversations, ${textMB.toFixed(0)} MB JSON in ${Date.now() - started} ms\n`,
  );
  // A rare word, a common one (matches nearly every conversation: the ranking's worst case), a
  // phrase from one first message, a prefix, two words, a miss.
  const queries = [
    "violet harbour lantern",
    vocabulary[1]!,
    vocabulary[3]!,
    vocabulary[150_000]!,
    `${vocabulary[40]!} ${vocabulary[900]!}`,
    vocabulary[1_200]!.slice(0, 5),
    "nothingmatchesthis",
    `${vocabulary[12]!} ${vocabulary[5]!}`,
    vocabulary[25_000]!,
    vocabulary[60]!,
  ];
  const figures: Array<[string, number, string]> = [];
  const P = `history.S${CONVERSATIONS}`;

  const path = join(job.dir, "history.sqlite");
  const fts = new HistoryService(archive, workerIndex({ script: job.workerScript, path }));
  if ((await fts.engine()) !== "fts5") throw new Error("FTS5 is not available on this Node");
  let at = Date.now();
  await fts.search("warm up");
  figures.push([`${P}.indexBuildMs`, Date.now() - at, "ms"]);
  figures.push([`${P}.indexMB`, statSync(path).size / 2 ** 20, "MB"]);
  figures.push([`${P}.textMB`, textMB, "MB"]);
  const ftsTimes: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const query of queries) {
      at = performance.now();
      const hits = await fts.search(query);
      ftsTimes.push(performance.now() - at);
      if (query === "violet harbour lantern" && hits[0]?.key !== "c537")
        throw new Error("the planted phrase was not found first");
    }
  figures.push([`${P}.searchMs`, median(ftsTimes), "ms"]);
  figures.push([`${P}.searchMaxMs`, Math.max(...ftsTimes), "ms"]);
  await fts.dispose();

  const scan = new HistoryService(archive, workerIndex({ script: job.workerScript, path: ":memory:", noFts: true }));
  if ((await scan.engine()) !== "scan") throw new Error("the scan fallback did not take over");
  const scanTimes: number[] = [];
  for (const query of queries.slice(0, job.scanQueries ?? 4)) {
    at = performance.now();
    await scan.search(query);
    scanTimes.push(performance.now() - at);
  }
  figures.push([`${P}.scan.searchMs`, median(scanTimes), "ms"]);
  await scan.dispose();
  process.stdout.write(`${JSON.stringify({ figures })}\n`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
