/**
 * The journal's line format and its fold. A conversation's journal is a JSONL file of records,
 * appended and never rewritten:
 * - `o` (open): a writer starts writing this conversation (who, which session, and the earlier
 *   conversation whose first `n` entries this one continues, when the agent could not reopen it);
 * - `e` (entry): the stored entry at position `j` (a later record for the same `j` replaces it:
 *   that is how an entry that was still streaming is updated);
 * - `g` (grow): the assistant entry at `j` grew: `s` appended to its chunk `c`, then `m` new chunks
 *   (a streamed reply costs the bytes it streamed, not a copy of itself per write);
 * - `x` (cut): the thread now has `n` entries (a rewind or a replay that came back shorter);
 * - `t` (title);
 * - `c` (cost): the session's cost as the agent last reported it (`usage_update`; the latest wins);
 * - `f` (files): paths the agent changed that earlier `f` records did not name.
 * Folding reads what it can: a torn last line (a crash mid-write) is dropped, and every line that
 * is not JSON or not a valid record is skipped and counted, so the rest always loads.
 */
import * as z from "zod";
import { storedEntrySchema, type StoredEntry } from "../../shared/thread/storedTranscript";

const chunkSchema = z.object({ kind: z.enum(["message", "thought"]), text: z.string() });

export const journalRecordSchema = z.discriminatedUnion("t", [
  z.object({
    t: z.literal("o"),
    w: z.string(),
    at: z.number(),
    agent: z.string(),
    sessionId: z.string(),
    cwd: z.string().optional(),
    base: z.object({ key: z.string(), n: z.number().int().nonnegative() }).optional(),
  }),
  z.object({ t: z.literal("e"), j: z.number().int().nonnegative(), e: storedEntrySchema }),
  z.object({
    t: z.literal("g"),
    j: z.number().int().nonnegative(),
    c: z.number().int().min(-1),
    s: z.string(),
    m: z.array(chunkSchema),
  }),
  z.object({ t: z.literal("x"), n: z.number().int().nonnegative() }),
  z.object({ t: z.literal("t"), title: z.string() }),
  z.object({ t: z.literal("c"), amount: z.number(), currency: z.string() }),
  z.object({ t: z.literal("f"), p: z.array(z.string()) }),
]);
export type JournalRecord = z.infer<typeof journalRecordSchema>;

/** A conversation as its own file tells it (an earlier conversation it continues is resolved by the archive). */
export interface FoldedJournal {
  readonly agent?: string;
  readonly sessionId?: string;
  readonly cwd?: string;
  readonly title?: string;
  readonly startedAt?: number;
  /** The cost the agent last reported for this session (`usage_update`). */
  readonly cost?: { readonly amount: number; readonly currency: string };
  /** Paths the agent changed (the `f` records). */
  readonly changedPaths: ReadonlySet<string>;
  /** Writers that wrote this file, in order of their first record. */
  readonly writers: readonly string[];
  readonly base?: { readonly key: string; readonly n: number };
  /** Entries by position; positions below `base.n` are the base conversation's unless written here. */
  readonly positions: ReadonlyMap<number, StoredEntry>;
  /** Positions at or above this are gone (the last cut), unless written after it. */
  readonly length: number;
  /** Lines that were not valid records (the torn tail not counted). */
  readonly skipped: number;
  /** The last line was cut short (a crash mid-write) and was dropped. */
  readonly tornTail: boolean;
}

export function foldJournal(text: string): FoldedJournal {
  const lines = text.split("\n");
  // A file that does not end in a newline was cut mid-line: its last piece is the torn tail.
  const last = lines.pop() ?? "";
  const state = new JournalFold();
  for (const line of lines) if (line.trim() !== "") state.line(line, false);
  let tornTail = false;
  if (last.trim() !== "") tornTail = !state.line(last, true);
  return state.result(tornTail);
}

/** The entries of `folded` in order, with the base conversation's entries (`base`, already resolved) first. */
export function entriesOf(folded: FoldedJournal, base: readonly StoredEntry[] = []): StoredEntry[] {
  const entries: StoredEntry[] = [];
  const baseCount = Math.min(folded.base?.n ?? 0, base.length, folded.length);
  for (let j = 0; j < folded.length; j++) {
    const own = folded.positions.get(j);
    if (own) entries.push(own);
    else if (j < baseCount) entries.push(base[j]!);
  }
  return entries;
}

/**
 * The fold's state, fed one line at a time. A reader that continues a file where it left off
 * (journalReader.ts) keeps one and feeds it only whole lines; `result` is a snapshot, so later
 * lines do not change a result already handed out.
 */
export class JournalFold {
  agent: string | undefined;
  sessionId: string | undefined;
  cwd: string | undefined;
  title: string | undefined;
  startedAt: number | undefined;
  cost: { amount: number; currency: string } | undefined;
  readonly changedPaths = new Set<string>();
  base: { key: string; n: number } | undefined;
  readonly writers: string[] = [];
  readonly positions = new Map<number, StoredEntry>();
  length = 0;
  skipped = 0;

  /** Applies one line; false when it is not a valid record (counted as skipped unless it is the torn tail). */
  line(line: string, tail: boolean): boolean {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (!tail) this.skipped += 1;
      return false;
    }
    const parsed = journalRecordSchema.safeParse(value);
    if (!parsed.success || !this.apply(parsed.data)) {
      this.skipped += 1;
      return true; // a whole line, only not a valid one
    }
    return true;
  }

  private apply(record: JournalRecord): boolean {
    switch (record.t) {
      case "o":
        if (!this.writers.includes(record.w)) this.writers.push(record.w);
        if (this.agent === undefined) {
          this.agent = record.agent;
          this.sessionId = record.sessionId;
          this.startedAt = record.at;
          if (record.cwd !== undefined) this.cwd = record.cwd;
          if (record.base) {
            this.base = record.base;
            this.length = Math.max(this.length, record.base.n);
          }
        }
        return true;
      case "e":
        this.positions.set(record.j, record.e);
        this.length = Math.max(this.length, record.j + 1);
        return true;
      case "g": {
        const entry = this.positions.get(record.j);
        if (entry?.kind !== "assistant") return false;
        const chunks = entry.chunks.map((chunk) => ({ ...chunk }));
        if (record.c >= 0) {
          const chunk = chunks[record.c];
          if (!chunk) return false;
          chunk.text += record.s;
        }
        this.positions.set(record.j, { kind: "assistant", chunks: [...chunks, ...record.m] });
        return true;
      }
      case "x":
        for (const j of [...this.positions.keys()]) if (j >= record.n) this.positions.delete(j);
        this.length = record.n;
        return true;
      case "t":
        this.title = record.title;
        return true;
      case "c":
        this.cost = { amount: record.amount, currency: record.currency };
        return true;
      case "f":
        for (const path of record.p) this.changedPaths.add(path);
        return true;
    }
  }

  /** A copy to try a line on (the torn tail) without changing this one. */
  clone(): JournalFold {
    const copy = new JournalFold();
    Object.assign(copy, this, {
      changedPaths: new Set(this.changedPaths),
      writers: [...this.writers],
      positions: new Map(this.positions),
    });
    return copy;
  }

  result(tornTail: boolean): FoldedJournal {
    return {
      ...(this.agent === undefined ? {} : { agent: this.agent }),
      ...(this.sessionId === undefined ? {} : { sessionId: this.sessionId }),
      ...(this.cwd === undefined ? {} : { cwd: this.cwd }),
      ...(this.title === undefined ? {} : { title: this.title }),
      ...(this.startedAt === undefined ? {} : { startedAt: this.startedAt }),
      ...(this.cost === undefined ? {} : { cost: this.cost }),
      changedPaths: new Set(this.changedPaths),
      ...(this.base === undefined ? {} : { base: this.base }),
      writers: [...this.writers],
      positions: new Map(this.positions),
      length: this.length,
      skipped: this.skipped,
      tornTail,
    };
  }
}

/** One record as a journal line. */
export function recordLine(record: JournalRecord): string {
  return `${JSON.stringify(record)}\n`;
}
