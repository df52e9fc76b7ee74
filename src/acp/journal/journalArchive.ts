/**
 * The journals on disk as a ConversationArchive: one JSONL file per conversation in the
 * extension's global storage (per machine, shared by every window and workspace). Reading folds a
 * file (journalRecords.ts), resolves the earlier conversation it continues, and caches the fold
 * by size and modification time. The only bound is the disk budget: past it the conversations
 * touched longest ago are removed, oldest first, and listed in a ledger (`pruned.log`) so the
 * history and the transcript can say so.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { StoredEntry } from "../../shared/storedTranscript";
import type { ArchiveSubscription, ConversationArchive, ConversationSummary } from "./conversationArchive";
import { entriesOf, foldJournal, type FoldedJournal } from "./journalRecords";
import { errorCode, journalFile, type JournalFs } from "./journalFs";

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
}

export class JournalArchive implements ConversationArchive {
  private readonly cache = new Map<string, { size: number; mtimeMs: number; folded: FoldedJournal }>();
  private readonly listeners = new Set<(key: string) => void>();

  constructor(
    private readonly fs: JournalFs,
    readonly dir: string,
    private readonly now: () => number,
  ) {}

  async list(): Promise<readonly ConversationSummary[]> {
    const summaries: ConversationSummary[] = [];
    for (const key of await this.keys()) {
      const resolved = await this.resolve(key).catch(() => undefined);
      const stat = await this.fs.stat(journalFile(this.dir, key)).catch(() => undefined);
      if (!resolved || !stat || resolved.folded.agent === undefined) continue;
      const { folded } = resolved;
      summaries.push({
        key,
        agent: folded.agent!,
        sessionId: folded.sessionId ?? "",
        ...(folded.cwd === undefined ? {} : { cwd: folded.cwd }),
        ...(folded.title === undefined ? {} : { title: folded.title }),
        startedAt: folded.startedAt ?? stat.mtimeMs,
        updatedAt: stat.mtimeMs,
        entryCount: resolved.entries.length,
        bytes: stat.size,
        ...(folded.base ? { continues: folded.base.key } : {}),
        ...changedFilesOf(resolved.entries),
      });
    }
    return summaries.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async entries(key: string): Promise<readonly StoredEntry[]> {
    return (await this.resolve(key).catch(() => undefined))?.entries ?? [];
  }

  async remove(key: string): Promise<void> {
    await this.fs.unlink(journalFile(this.dir, key)).catch((error: unknown) => {
      if (errorCode(error) !== "ENOENT") throw error;
    });
    this.cache.delete(key);
    this.changed(key);
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
    return {
      folded,
      entries: entriesOf(folded, base?.entries),
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
   * Removes the conversations touched longest ago until every journal fits in `budgetBytes`;
   * never one in `active` (written by this window) or one written in the last ten minutes.
   */
  async prune(budgetBytes: number, active: ReadonlySet<string>): Promise<PrunedConversation[]> {
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
      if (active.has(file.key) || this.now() - file.mtimeMs < PRUNE_GRACE_MS) continue;
      const folded = await this.read(file.key).catch(() => undefined);
      await this.remove(file.key).catch(() => undefined);
      total -= file.size;
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

  private async read(key: string): Promise<FoldedJournal | undefined> {
    const path = journalFile(this.dir, key);
    const stat = await this.fs.stat(path).catch(() => undefined);
    if (!stat) return undefined;
    const cached = this.cache.get(key);
    if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) return cached.folded;
    const folded = foldJournal(await this.fs.readFile(path));
    // A few recent folds only: listing a thousand conversations must not hold them all in memory.
    this.cache.delete(key);
    this.cache.set(key, { size: stat.size, mtimeMs: stat.mtimeMs, folded });
    if (this.cache.size > CACHED_FOLDS) this.cache.delete(this.cache.keys().next().value!);
    return folded;
  }
}

/** The files the conversation's tool calls showed a diff of, when any. */
function changedFilesOf(entries: readonly StoredEntry[]): { changedFiles?: number } {
  const paths = new Set<string>();
  for (const entry of entries)
    if (entry.kind === "tool_call") for (const item of entry.content) if (item.type === "diff") paths.add(item.path);
  return paths.size > 0 ? { changedFiles: paths.size } : {};
}
