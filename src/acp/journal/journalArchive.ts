/**
 * The journals on disk as a ConversationArchive: one JSONL file per conversation in the
 * extension's global storage (per machine, shared by every window and workspace). Reading folds a
 * file (journalRecords.ts), resolves the earlier conversation it continues, and caches the fold
 * by size and modification time; a file that grew is folded on from where the last read stopped
 * (journalReader.ts). The only bound is the disk budget: past it the conversations
 * touched longest ago are set aside, oldest first (retiredJournals.ts: kept a day, Bring back gives
 * their bytes back), and listed in a ledger (`pruned.log`) so the history and the transcript can
 * say so. Delete Session… sets its journal aside the same way (Undo).
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { StoredEntry } from "../../shared/thread/storedTranscript";
import type { ArchiveSubscription, ConversationArchive, ConversationSummary } from "./conversationArchive";
import { entriesOf, type FoldedJournal } from "./journalRecords";
import { journalFile, type JournalFs } from "./journalFs";
import { JournalReader } from "./journalReader";
import { RetiredJournals, type RetiredJournal } from "./retiredJournals";

/** The default disk budget of every journal of this machine (the `acpPanel.journal.diskBudgetMB` setting). */
export const DEFAULT_DISK_BUDGET_MB = 1024;
/** A conversation written this recently is never pruned: another window may be writing it. */
const PRUNE_GRACE_MS = 10 * 60_000;
const LEDGER = "pruned.log";
const CACHED_FOLDS = 16;

/** The archive key of one session of one agent: a hash, safe as a file name. */
export function conversationKey(agent: string, sessionId: string): string {
  return createHash("sha256").update(`${agent}\u0000${sessionId}`).digest("hex").slice(0, 32);
}

export interface PrunedConversation {
  readonly key: string;
  readonly agent?: string;
  readonly title?: string;
  readonly bytes: number;
  /** Epoch milliseconds. */
  readonly at: number;
}

/** A conversation read back: its entries (the base's first) and what reading it found. */
export interface ResolvedConversation {
  readonly folded: FoldedJournal;
  readonly entries: StoredEntry[];
  /** Lines skipped over the chain (the torn tails not counted). */
  readonly skipped: number;
  readonly tornTail: boolean;
  /** The earlier conversation this one continues is gone: pruned (true) or deleted ("deleted"). */
  readonly baseGone?: "pruned" | "deleted";
  /** Paths the agent changed over the chain (`f` records). */
  readonly changedPaths: ReadonlySet<string>;
  /**
   * The conversation's cost: this session's last report plus the earlier sessions' (a new session
   * of the agent starts its own count) when they are in the same currency.
   */
  readonly cost?: { readonly amount: number; readonly currency: string };
}

export class JournalArchive implements ConversationArchive {
  private readonly cache = new Map<
    string,
    { size: number; mtimeMs: number; folded: FoldedJournal; reader: JournalReader }
  >();
  /** The read of each key under way: reads of one key take turns, as they continue one reader. */
  private readonly reading = new Map<string, Promise<FoldedJournal | undefined>>();
  private readonly listeners = new Set<(key: string) => void>();
  private readonly retiredJournals: RetiredJournals;
  private live: ((key: string) => readonly StoredEntry[] | undefined) | undefined;

  constructor(
    private readonly fs: JournalFs,
    readonly dir: string,
    private readonly now: () => number,
  ) {
    this.retiredJournals = new RetiredJournals(fs, dir, now);
  }

  async list(): Promise<readonly ConversationSummary[]> {
    const summaries: ConversationSummary[] = [];
    for (const key of await this.keys()) {
      const summary = await this.summary(key);
      if (summary) summaries.push(summary);
    }
    return summaries.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async summary(key: string): Promise<ConversationSummary | undefined> {
    const resolved = await this.resolve(key).catch(() => undefined);
    const stat = await this.fs.stat(journalFile(this.dir, key)).catch(() => undefined);
    const agent = resolved?.folded.agent;
    if (!resolved || !stat || agent === undefined) return undefined;
    const { folded } = resolved;
    return {
      key,
      agent,
      sessionId: folded.sessionId ?? "",
      ...(folded.cwd === undefined ? {} : { cwd: folded.cwd }),
      ...(folded.title === undefined ? {} : { title: folded.title }),
      startedAt: folded.startedAt ?? stat.mtimeMs,
      updatedAt: stat.mtimeMs,
      entryCount: resolved.entries.length,
      bytes: stat.size,
      ...(folded.base ? { continues: folded.base.key } : {}),
      ...changedFilesOf(resolved.entries, resolved.changedPaths),
      ...(resolved.cost ? { cost: resolved.cost } : {}),
    };
  }

  async entries(key: string): Promise<readonly StoredEntry[]> {
    // A conversation this window is writing: its writer has it in memory, as on disk or about to be.
    const live = this.live?.(key);
    if (live) return live;
    return (await this.resolve(key).catch(() => undefined))?.entries ?? [];
  }

  /**
   * Where `entries` finds conversations this window is writing (TabJournals). Indexing one after
   * each write would otherwise read and parse its whole journal again: megabytes for a long one.
   */
  readLiveFrom(source: (key: string) => readonly StoredEntry[] | undefined): void {
    this.live = source;
  }

  /** Delete Session…: the journal is set aside for a day (`bringBack` is the Undo). */
  async remove(key: string): Promise<void> {
    await this.retiredJournals.retire(key, "deleted");
    this.cache.delete(key);
    this.changed(key);
  }

  /** Puts the newest retired journal of `key` back (Bring back, Undo); false when none is kept. */
  async bringBack(key: string): Promise<boolean> {
    const back = await this.retiredJournals.bringBack(key);
    this.cache.delete(key);
    if (back) this.changed(key);
    return back;
  }

  /** The journals set aside (pruned or deleted) that can still be brought back, newest first. */
  retired(): Promise<RetiredJournal[]> {
    return this.retiredJournals.list();
  }

  onDidChange(listener: (key: string) => void): ArchiveSubscription {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Records of `key` changed (the writer calls this after each write). */
  changed(key: string): void {
    for (const listener of this.listeners) listener(key);
  }

  /** One conversation with the chain of conversations it continues; undefined when it has no file. */
  async resolve(key: string, depth = 0): Promise<ResolvedConversation | undefined> {
    const folded = await this.read(key);
    if (!folded) return undefined;
    let base: ResolvedConversation | undefined;
    let baseGone: "pruned" | "deleted" | undefined;
    if (folded.base && depth < 64 && folded.base.key !== key) {
      base = await this.resolve(folded.base.key, depth + 1);
      if (!base) baseGone = (await this.pruned()).some((p) => p.key === folded.base!.key) ? "pruned" : "deleted";
    }
    const cost =
      folded.cost && base?.cost && base.cost.currency === folded.cost.currency
        ? { amount: folded.cost.amount + base.cost.amount, currency: folded.cost.currency }
        : (folded.cost ?? base?.cost);
    return {
      folded,
      entries: entriesOf(folded, base?.entries),
      changedPaths: new Set([...(base?.changedPaths ?? []), ...folded.changedPaths]),
      ...(cost ? { cost } : {}),
      skipped: folded.skipped + (base?.skipped ?? 0),
      tornTail: folded.tornTail || (base?.tornTail ?? false),
      ...(baseGone ? { baseGone } : base?.baseGone ? { baseGone: base.baseGone } : {}),
    };
  }

  /** The conversations removed to keep within the budget, newest first. */
  async pruned(): Promise<readonly PrunedConversation[]> {
    const text = await this.fs.readFile(join(this.dir, LEDGER)).catch(() => "");
    return text
      .split("\n")
      .flatMap((line): PrunedConversation[] => {
        try {
          const value = JSON.parse(line) as PrunedConversation;
          return typeof value.key === "string" && typeof value.at === "number" ? [value] : [];
        } catch {
          return [];
        }
      })
      .reverse();
  }

  /**
   * Sets the conversations touched longest ago aside until the live journals fit in `budgetBytes`;
   * never one in `active` (written by this window), one written in the last ten minutes, or one
   * brought back within the grace period. First purges what was set aside a day ago or longer.
   * Retired files are not counted (see retiredJournals.ts), so each one set aside lowers the total.
   */
  async prune(budgetBytes: number, active: ReadonlySet<string>): Promise<PrunedConversation[]> {
    await this.retiredJournals.purge().catch(() => 0);
    const kept = await this.retiredJournals.keptRecently().catch(() => new Set<string>());
    const files = (
      await Promise.all(
        (await this.keys()).map(async (key) => {
          const stat = await this.fs.stat(journalFile(this.dir, key)).catch(() => undefined);
          return stat ? { key, ...stat } : [];
        }),
      )
    ).flat();
    let total = files.reduce((sum, file) => sum + file.size, 0);
    const removed: PrunedConversation[] = [];
    for (const file of files.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
      if (total <= budgetBytes) break;
      if (active.has(file.key) || kept.has(file.key) || this.now() - file.mtimeMs < PRUNE_GRACE_MS) continue;
      const folded = await this.read(file.key).catch(() => undefined);
      const retired = await this.retiredJournals.retire(file.key, "pruned").catch(() => undefined);
      this.cache.delete(file.key);
      this.changed(file.key);
      total -= file.size;
      if (!retired) continue; // gone already (another window pruned or deleted it)
      const record: PrunedConversation = {
        key: file.key,
        ...(folded?.agent ? { agent: folded.agent } : {}),
        ...(folded?.title ? { title: folded.title } : {}),
        bytes: file.size,
        at: this.now(),
      };
      removed.push(record);
      await this.fs.append(join(this.dir, LEDGER), `${JSON.stringify(record)}\n`).catch(() => undefined);
    }
    return removed;
  }

  private async keys(): Promise<string[]> {
    const names = await this.fs.readdir(this.dir).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith(".jsonl")).map((name) => name.slice(0, -".jsonl".length));
  }

  private read(key: string): Promise<FoldedJournal | undefined> {
    const before = this.reading.get(key);
    const read = (before ? before.catch(() => undefined) : Promise.resolve()).then(() => this.readNow(key));
    this.reading.set(key, read);
    const settled = () => {
      if (this.reading.get(key) === read) this.reading.delete(key);
    };
    read.then(settled, settled);
    return read;
  }

  private async readNow(key: string): Promise<FoldedJournal | undefined> {
    const path = journalFile(this.dir, key);
    const stat = await this.fs.stat(path).catch(() => undefined);
    if (!stat) return undefined;
    const cached = this.cache.get(key);
    if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) return cached.folded;
    // Taken out while it reads: a read that fails leaves no reader half way through a line.
    this.cache.delete(key);
    const reader =
      cached && (await cached.reader.continues(stat.size)) ? cached.reader : new JournalReader(this.fs, path);
    const folded = await reader.read(stat.size);
    // A few recent folds only: listing a thousand conversations must not hold them all in memory.
    this.cache.set(key, { size: stat.size, mtimeMs: stat.mtimeMs, folded, reader });
    if (this.cache.size > CACHED_FOLDS) this.cache.delete(this.cache.keys().next().value!);
    return folded;
  }
}

/** The files the conversation's tool calls showed a diff of or the agent was seen changing, when any. */
function changedFilesOf(entries: readonly StoredEntry[], changed: ReadonlySet<string>): { changedFiles?: number } {
  const paths = new Set<string>(changed);
  for (const entry of entries)
    if (entry.kind === "tool_call") for (const item of entry.content) if (item.type === "diff") paths.add(item.path);
  return paths.size > 0 ? { changedFiles: paths.size } : {};
}
