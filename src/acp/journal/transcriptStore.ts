/**
 * The transcripts of this workspace's tabs, kept locally so a tab whose agent cannot reopen its
 * sessions still shows its conversation after a window reload, and so does an entry of the
 * session list. Bounded: the newest entries of each transcript up to a size, and the newest
 * transcripts up to a total. Written on a timer (never once per streamed chunk) and at the end
 * of each turn. What is read back is checked entry by entry; anything invalid is dropped.
 */
import * as z from "zod";
import type { Thread } from "../../shared/thread/thread";
import { capText, storedEntriesOf, storedEntrySchema, type StoredEntry } from "../../shared/thread/storedTranscript";
import type { Clock, Timer } from "../ports";

export interface StoredTranscript {
  readonly agent: string;
  readonly sessionId: string;
  readonly title?: string;
  /** Epoch milliseconds. */
  readonly savedAt: number;
  readonly entries: readonly StoredEntry[];
}

/** Where transcripts live (the extension's workspace state); `write` may be asynchronous. */
export interface TranscriptStorage {
  read(): unknown;
  write(value: StoredTranscript[]): void | PromiseLike<void>;
}

export interface TranscriptLimits {
  /** Entries kept per transcript (the newest). */
  readonly entries: number;
  /** Characters of JSON per transcript. */
  readonly chars: number;
  /** Characters of JSON over all transcripts of the workspace. */
  readonly totalChars: number;
  readonly transcripts: number;
}

export const DEFAULT_TRANSCRIPT_LIMITS: TranscriptLimits = {
  entries: 500,
  chars: 400_000,
  totalChars: 3_000_000,
  transcripts: 50,
};

/** How long changes gather before they are written. */
export const TRANSCRIPT_WRITE_DELAY_MS = 1_000;

const headerSchema = z.object({
  agent: z.string(),
  sessionId: z.string(),
  title: z.string().optional(),
  savedAt: z.number(),
  entries: z.array(z.unknown()),
});

/** The valid transcripts in `raw`: a record with a bad header is dropped, a bad entry within one too. */
export function parseTranscripts(raw: unknown): StoredTranscript[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const header = headerSchema.safeParse(item);
    if (!header.success) return [];
    const entries = header.data.entries.flatMap((entry) => {
      const parsed = storedEntrySchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
    const { title, ...rest } = header.data;
    return [{ ...rest, ...(title === undefined ? {} : { title }), entries }];
  });
}

/** The newest entries of `entries` within the limits; a notice says how many older ones were left out. */
export function boundEntries(entries: readonly StoredEntry[], limits: TranscriptLimits): StoredEntry[] {
  const kept: StoredEntry[] = [];
  let chars = 0;
  for (let at = entries.length - 1; at >= 0 && kept.length < limits.entries; at--) {
    const entry = entries[at]!;
    const size = JSON.stringify(entry).length;
    if (chars + size > limits.chars) break;
    chars += size;
    kept.push(entry);
  }
  kept.reverse();
  const left = entries.length - kept.length;
  return left > 0
    ? [
        {
          kind: "notice",
          severity: "info",
          title: `${left} older ${left === 1 ? "entry was" : "entries were"} not kept.`,
        },
        ...kept,
      ]
    : kept;
}

export class TranscriptStore {
  private cache: StoredTranscript[] | undefined;
  private readonly pending = new Map<
    string,
    { agent: string; sessionId: string; thread: () => Thread; replaces?: string }
  >();
  private timer: Timer | undefined;

  constructor(
    private readonly storage: TranscriptStorage,
    private readonly clock: Clock,
    private readonly limits: TranscriptLimits = DEFAULT_TRANSCRIPT_LIMITS,
  ) {}

  get(agent: string, sessionId: string): StoredTranscript | undefined {
    return this.all().find((t) => t.agent === agent && t.sessionId === sessionId);
  }

  /**
   * Marks a session's thread as changed. `thread` is read when the write happens, so a stream of
   * chunks costs one write per delay, not one per chunk. `replaces`: an earlier session of the
   * same agent whose transcript this one continues; it is dropped when this one is written.
   */
  schedule(agent: string, sessionId: string, thread: () => Thread, replaces?: string): void {
    this.pending.set(key(agent, sessionId), {
      agent,
      sessionId,
      thread,
      ...(replaces === undefined ? {} : { replaces }),
    });
    this.timer ??= this.clock.schedule(TRANSCRIPT_WRITE_DELAY_MS, () => this.flush(), { background: true });
  }

  /** Writes what changed now (end of a turn, shutdown). */
  flush(): void {
    this.timer?.cancel();
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const now = this.clock.now();
    const updated = [...this.pending.values()].flatMap(({ agent, sessionId, thread }) => {
      let current: Thread;
      try {
        current = thread();
      } catch {
        return [];
      }
      const entries = boundEntries(storedEntriesOf(current), this.limits);
      if (entries.length === 0) return [];
      return [
        { agent, sessionId, savedAt: now, entries, ...(current.title ? { title: capText(current.title, 500) } : {}) },
      ];
    });
    const changed = new Set(
      [...this.pending.values()].flatMap(({ agent, sessionId, replaces }) => [
        key(agent, sessionId),
        ...(replaces === undefined ? [] : [key(agent, replaces)]),
      ]),
    );
    this.pending.clear();
    const others = this.all().filter((t) => !changed.has(key(t.agent, t.sessionId)));
    this.cache = this.bound([...updated, ...others]);
    void Promise.resolve(this.storage.write(this.cache)).catch(() => undefined);
  }

  /** Forgets a session's transcript (the session was deleted). */
  remove(agent: string, sessionId: string): void {
    this.pending.delete(key(agent, sessionId));
    const kept = this.all().filter((t) => !(t.agent === agent && t.sessionId === sessionId));
    if (kept.length === this.all().length) return;
    this.cache = kept;
    void Promise.resolve(this.storage.write(kept)).catch(() => undefined);
  }

  dispose(): void {
    this.flush();
  }

  private all(): StoredTranscript[] {
    if (this.cache === undefined) {
      let raw: unknown;
      try {
        raw = this.storage.read();
      } catch {
        raw = undefined;
      }
      this.cache = parseTranscripts(raw).sort((a, b) => b.savedAt - a.savedAt);
    }
    return this.cache;
  }

  /** Newest first, within the count and the total size. */
  private bound(transcripts: StoredTranscript[]): StoredTranscript[] {
    const kept: StoredTranscript[] = [];
    let total = 0;
    for (const transcript of transcripts.sort((a, b) => b.savedAt - a.savedAt)) {
      if (kept.length >= this.limits.transcripts) break;
      const size = JSON.stringify(transcript).length;
      if (total + size > this.limits.totalChars) continue;
      total += size;
      kept.push(transcript);
    }
    return kept;
  }
}

function key(agent: string, sessionId: string): string {
  return `${agent}\u0000${sessionId}`;
}
