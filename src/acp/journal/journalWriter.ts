/**
 * Writes one conversation's journal from the thread a tab shows. It is told that the thread
 * changed (cheap: a flag and one timer), and within WRITE_DELAY_MS it compares the thread with what
 * it wrote, entry by entry, and appends records only for what changed: a new entry, an entry that
 * changed (a finished tool call), the text a streamed reply grew by. Unchanged entries are found by
 * identity (the reducer keeps unchanged entries as the same objects), so a 1,500-entry thread
 * costs a walk over references, not a serialisation.
 *
 * Records not yet on disk wait in memory as records, not as lines: a record is turned into its line
 * only as the append that carries it is built, so the first write of a loaded 2,000-entry session
 * holds one slice of text at a time, not megabytes of lines (the records point at the stored
 * entries the writer keeps anyway, and those are never changed once made). A write that fails
 * (disk full, read-only) keeps them, reports once, and is retried with backoff; the next write
 * starts with a newline so a line the failed write may have left half-written is skipped on load,
 * never glued to the next record.
 */
import type { Thread, ThreadEntry } from "../../shared/thread/thread";
import { JOURNAL_TEXT_LIMIT, toStoredEntry, type StoredEntry } from "../../shared/thread/storedTranscript";
import type { Clock, Timer } from "../ports";
import type { JournalRecord } from "./journalRecords";
import { nextSlice, recordFor, wholeRecords } from "./writerRecords";
import { errorCode, journalFile, type JournalFs } from "./journalFs";

/** How long after a change the journal is written. */
export const WRITE_DELAY_MS = 250;
/** The longest the writer works before it lets the extension host do something else. */
const SLICE_MS = 8;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/**
 * The most characters one append carries (a record longer than this goes alone). A long
 * conversation written at once (a loaded session's first write, a whole rewrite) goes in slices,
 * the extension host free between them: built and encoded as one string, a loaded 2,000-entry
 * session's records held its thread for a quarter of a second.
 */
export const APPEND_SLICE_CHARS = 256 * 1024;

export interface WriterDeps {
  readonly fs: JournalFs;
  readonly clock: Clock;
  readonly dir: string;
  /** This window's writer id, on every `o` record. */
  readonly writerId: string;
  /** A write failed (`error`) or, after failures, succeeded again (`undefined`). */
  readonly health: (key: string, error: unknown) => void;
  /** Records reached the disk. */
  readonly wrote: (key: string) => void;
  /** The most characters one append carries (default APPEND_SLICE_CHARS; the fold's property test draws it). */
  readonly appendSliceChars?: number;
}

export interface WriterTarget {
  readonly key: string;
  readonly agent: string;
  readonly sessionId: string;
  readonly cwd?: string;
  /** The earlier conversation whose first `n` entries this one starts with. */
  readonly base?: { readonly key: string; readonly n: number };
}

export class ConversationWriter {
  private seen: Array<ThreadEntry | undefined> = [];
  /** Stored position of each thread entry (-1: not kept). */
  private storedAt: number[] = [];
  private written: StoredEntry[] = [];
  /** `written` starts from what the journal held (read at the start). */
  private knowsDisk = false;
  private title: string | undefined;
  private cost: { readonly amount: number; readonly currency: string } | undefined;
  private readonly paths = new Set<string>();
  private terminals: Thread["terminals"] | undefined;
  private opened = false;
  /** Records not yet on disk, in order. */
  private queue: JournalRecord[] = [];
  private timer: Timer | undefined;
  private retry: Timer | undefined;
  private failures = 0;
  private newlineFirst = false;
  private madeDir = false;
  private closed = false;
  private closing = false;
  /** The file has records already (read at the start, or written since). */
  private existing = false;
  private chain: Promise<void>;

  /**
   * `known`: what the journal holds already (its fold, or the base conversation's entries when this
   * one starts from it); read before the first write, so what is on disk is not written again.
   */
  constructor(
    private readonly deps: WriterDeps,
    readonly target: WriterTarget,
    /** The thread to write; undefined while it is not this conversation's (a session starting or loading). */
    private readonly thread: () => Thread | undefined,
    known: Promise<{
      entries: readonly StoredEntry[];
      title?: string;
      exists: boolean;
      cost?: { amount: number; currency: string };
      changedPaths?: ReadonlySet<string>;
    }>,
  ) {
    this.chain = known.then(
      ({ entries, title, exists, cost, changedPaths }) => {
        this.written = [...entries];
        this.knowsDisk = true;
        this.title = title;
        if (cost) this.cost = { amount: cost.amount, currency: cost.currency };
        for (const path of changedPaths ?? []) this.paths.add(path);
        this.opened = false;
        if (exists) this.existing = true;
      },
      () => undefined,
    );
  }

  get key(): string {
    return this.target.key;
  }

  /** The number of entries written (the base's included). */
  get length(): number {
    return this.written.length;
  }

  /** The first thread entry this writer compared (to tell its thread from one that was reset since). */
  get firstSeen(): ThreadEntry | undefined {
    return this.seen[0];
  }

  /** The entries written so far (the base's included). */
  snapshot(): StoredEntry[] {
    return [...this.written];
  }

  /**
   * The conversation as written (or queued to be) once this writer has read what the journal held;
   * undefined before that. Readers in this window take it instead of folding the file again.
   */
  liveEntries(): readonly StoredEntry[] | undefined {
    return this.knowsDisk ? [...this.written] : undefined;
  }

  /** The thread changed: write within WRITE_DELAY_MS. Cheap enough to call on every action. */
  soon(): void {
    if (this.closing || this.timer) return;
    this.timer = this.deps.clock.schedule(WRITE_DELAY_MS, () => void this.now(false), { background: true });
  }

  /** Writes what changed now; `sync`: and flushes it to the disk (the end of a turn). */
  now(sync: boolean): Promise<void> {
    this.timer?.cancel();
    this.timer = undefined;
    this.chain = this.chain.then(async () => {
      if (!this.closed) await this.diff();
      return this.persist(sync);
    });
    return this.chain;
  }

  /** Writes what is left and stops; the thread is not read again. */
  close(): Promise<void> {
    this.timer?.cancel();
    this.timer = undefined;
    this.closing = true;
    this.chain = this.chain.then(async () => {
      if (!this.closed) await this.diff();
      this.closed = true;
      return this.persist(true);
    });
    return this.chain;
  }

  /**
   * Compares the thread with what was written. Over a long thread (the first write after a reload
   * compares every entry) it yields to the event loop every SLICE_MS, so no write is a long task;
   * it works on the thread as it was when it started, and what changes meanwhile is the next diff's.
   */
  private async diff(): Promise<void> {
    let thread: Thread | undefined;
    try {
      thread = this.thread();
    } catch {
      return;
    }
    if (!thread) return;
    const { entries, terminals } = thread;
    const terminalsChanged = terminals !== this.terminals;
    this.terminals = terminals;
    let j = 0;
    let sliceStart = performance.now();
    for (let i = 0; i < entries.length; i++) {
      if ((i & 7) === 7 && performance.now() - sliceStart > SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      const entry = entries[i]!;
      const same = this.seen[i] === entry && !(terminalsChanged && entry.kind === "tool_call");
      if (same && (this.storedAt[i] === -1 || this.storedAt[i] === j)) {
        if (this.storedAt[i] !== -1) j++;
        continue;
      }
      this.seen[i] = entry;
      const stored = toStoredEntry(entry, terminals, JOURNAL_TEXT_LIMIT);
      if (!stored) {
        this.storedAt[i] = -1;
        continue;
      }
      this.storedAt[i] = j;
      const previous = this.written[j];
      if (!previous || JSON.stringify(previous) !== JSON.stringify(stored)) this.emit(recordFor(j, previous, stored));
      this.written[j] = stored;
      j++;
    }
    this.seen.length = entries.length;
    this.storedAt.length = entries.length;
    if (j < this.written.length) {
      this.emit({ t: "x", n: j });
      this.written.length = j;
    }
    if (thread.title !== undefined && thread.title !== this.title) {
      this.title = thread.title;
      this.emit({ t: "t", title: thread.title.slice(0, 500) });
    }
    this.diffFacts(thread);
  }

  /** The history row's facts: the cost the agent reported, the files it changed (only what is new). */
  private diffFacts(thread: Thread): void {
    const cost = thread.usage?.cost;
    if (cost && (cost.amount !== this.cost?.amount || cost.currency !== this.cost.currency)) {
      this.cost = { amount: cost.amount, currency: cost.currency };
      this.emit({ t: "c", amount: cost.amount, currency: cost.currency });
    }
    const fresh = thread.changes
      .filter((change) => change.origin !== "user" && !this.paths.has(change.path))
      .map((change) => change.path);
    if (fresh.length > 0) {
      for (const path of fresh) this.paths.add(path);
      this.emit({ t: "f", p: fresh });
    }
  }

  private emit(record: JournalRecord): void {
    if (!this.opened) {
      this.opened = true;
      const { agent, sessionId, cwd, base } = this.target;
      this.queue.push({
        t: "o",
        w: this.deps.writerId,
        at: this.deps.clock.now(),
        agent,
        sessionId,
        ...(cwd === undefined ? {} : { cwd }),
        ...(base === undefined || this.existing ? {} : { base }),
      });
    }
    this.queue.push(record);
  }

  /**
   * The file was removed under this writer: another window's disk-budget prune (it can't know this
   * window holds the conversation open) or its Delete Session. Appending would leave a file with no
   * opening record and no first entries, so the conversation is written whole again instead.
   */
  private async removed(path: string): Promise<boolean> {
    try {
      await this.deps.fs.stat(path);
      return false;
    } catch (error) {
      return errorCode(error) === "ENOENT";
    }
  }

  private wholeConversation(): JournalRecord[] {
    this.opened = true;
    return wholeRecords(this.target, this.deps.writerId, this.deps.clock.now(), this.written, {
      title: this.title,
      cost: this.cost,
      paths: [...this.paths],
    });
  }

  private async persist(sync: boolean): Promise<void> {
    if (this.queue.length === 0 && !sync) return;
    if (this.queue.length === 0 && !this.opened && !this.existing) return; // nothing was ever written
    let count = this.queue.length;
    const path = journalFile(this.deps.dir, this.target.key);
    try {
      if (!this.madeDir) {
        await this.deps.fs.mkdir(this.deps.dir);
        this.madeDir = true;
      }
      if (count > 0 && this.existing && (await this.removed(path))) {
        this.queue = this.wholeConversation();
        count = this.queue.length;
      }
      const wroteRecords = count > 0;
      // Slice by slice, each taken off the queue once it is on disk: a failure keeps only the rest.
      while (count > 0) {
        const { text, take } = nextSlice(this.queue, count, this.deps.appendSliceChars ?? APPEND_SLICE_CHARS);
        await this.deps.fs.append(path, (this.newlineFirst ? "\n" : "") + text);
        this.queue.splice(0, take);
        count -= take;
        this.newlineFirst = false;
        this.existing = true;
      }
      if (sync) await this.deps.fs.sync(path);
      if (this.failures > 0) {
        this.failures = 0;
        this.deps.health(this.target.key, undefined);
      }
      if (wroteRecords) this.deps.wrote(this.target.key);
    } catch (error) {
      // The append may have written part of its data: end that line before the next record.
      if (count > 0) this.newlineFirst = true;
      this.failures += 1;
      this.deps.health(this.target.key, error);
      const delay = RETRY_MS[Math.min(this.failures - 1, RETRY_MS.length - 1)]!;
      this.retry?.cancel();
      this.retry = this.deps.clock.schedule(
        delay,
        () => void (this.chain = this.chain.then(() => this.persist(sync))),
        {
          background: true,
        },
      );
    }
  }
}
