/**
 * Full-text history: keeps the search index in step with the conversation archive and answers
 * searches with ranked hits and snippets. The index is derived: at start it is brought up to
 * date (conversations added, changed or gone since), each change the archive reports is applied
 * in order, and `rebuild` (the command, or a damaged index found at any time) starts it again from
 * the archive. Where FTS5 is not available (`openIndex` gives a reason), the scan backend answers.
 */
import type { ConversationArchive, ConversationSummary } from "../journal/conversationArchive";
import type { Logger } from "../ports";
import { snippetParts, type SnippetPart } from "./conversationText";
import type { HistoryBackend, HistoryEngine } from "./historyBackend";
import { IndexCorruptError } from "./ftsStore";
import { IndexWriter } from "./indexWriter";
import { queryTerms } from "./historyQuery";
import { RefreshCoalescer } from "./refreshCoalescer";
import { ScanBackend } from "./scanSearch";
import { CorruptIndexError } from "./workerBackend";

export type OpenIndex = (fresh: boolean) => Promise<{ backend: HistoryBackend; rebuilt: boolean } | { reason: string }>;

export interface HistoryHit {
  readonly key: string;
  /** Lower is better. */
  readonly rank: number;
  readonly snippet: readonly SnippetPart[];
}

/** Full-text hits per search (title, agent and folder matches come on top of these in the lists). */
export const SEARCH_LIMIT = 50;

/** Which state of a conversation the index holds. */
export function versionOf(summary: ConversationSummary): string {
  return `${summary.updatedAt}:${summary.entryCount}:${summary.bytes}:${summary.title ?? ""}`;
}

export class HistoryService {
  private backend: Promise<HistoryBackend>;
  /** Index work, in order; a search waits for what was queued before it. */
  private work: Promise<void>;
  private readonly subscription: { dispose(): void };
  /** Changed conversations waiting to be indexed again (refreshCoalescer.ts). */
  private readonly refreshes: RefreshCoalescer;
  private disposed = false;
  private recovering = false;

  constructor(
    private readonly archive: ConversationArchive,
    private readonly openIndex: OpenIndex,
    private readonly logger?: Logger,
  ) {
    this.backend = this.open(false);
    this.work = this.catchUp();
    // Not awaited: enqueue logs what fails.
    this.refreshes = new RefreshCoalescer((key) => void this.enqueue(() => this.refresh(key)));
    this.subscription = archive.onDidChange((key) => this.refreshes.changed(key));
  }

  /** The engine answering searches (after start-up). */
  async engine(): Promise<HistoryEngine> {
    return (await this.backend).engine;
  }

  /** Every conversation kept, newest first. */
  summaries(): Promise<readonly ConversationSummary[]> {
    return this.archive.list();
  }

  async search(query: string, limit = SEARCH_LIMIT): Promise<HistoryHit[]> {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    this.refreshes.flush();
    await this.work;
    const hits = await this.guarded((backend) => backend.search(terms, limit)).catch((error: unknown) => {
      this.logger?.warn(`History search failed: ${String(error)}`);
      return [];
    });
    return hits.map((hit) => ({ key: hit.key, rank: hit.rank, snippet: snippetParts(hit.snippet) }));
  }

  /** Drops the index and makes it again from every conversation ("ACP: Rebuild History Index"). */
  rebuild(): Promise<{ engine: HistoryEngine; conversations: number }> {
    const done = this.enqueue(async () => {
      await (await this.backend).dispose().catch(() => undefined);
      this.backend = this.open(true);
      await this.catchUpNow();
    });
    return done.then(async () => ({ engine: await this.engine(), conversations: (await this.archive.list()).length }));
  }

  /** Delete Session…: the conversation leaves the archive (set aside for a day) and the index. */
  async remove(key: string): Promise<void> {
    await this.archive.remove(key);
    await this.enqueue(() => this.guarded((backend) => backend.remove([key])));
  }

  /** Undo of a delete or a prune: the conversation is back in the archive, and in the index once this settles. */
  async bringBack(key: string): Promise<boolean> {
    const back = await this.archive.bringBack(key);
    if (back) await this.enqueue(() => this.refresh(key));
    return back;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.subscription.dispose();
    this.refreshes.cancel();
    await this.work.catch(() => undefined);
    await (await this.backend).dispose();
  }

  private async open(fresh: boolean): Promise<HistoryBackend> {
    const opened = await this.openIndex(fresh).catch((error: unknown) => ({ reason: String(error) }));
    if ("reason" in opened) {
      this.logger?.info(`History search scans the conversations (no FTS5 index): ${opened.reason}`);
      return new ScanBackend(this.archive);
    }
    if (opened.rebuilt) this.logger?.info("History index made anew; indexing every conversation.");
    return opened.backend;
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.work.then(task, task);
    this.work = next.catch((error: unknown) => this.logger?.warn(`History index: ${String(error)}`));
    return next;
  }

  private catchUp(): Promise<void> {
    return this.catchUpNow().catch((error: unknown) => this.logger?.warn(`History index: ${String(error)}`));
  }

  /** Puts what changed since the index was written, removes what is gone. */
  private async catchUpNow(): Promise<void> {
    await this.guarded(async (backend) => {
      if (backend.engine === "scan") return;
      const held = await backend.versions();
      const summaries = await this.archive.list();
      const listed = new Set(summaries.map((s) => s.key));
      const gone = Object.keys(held).filter((key) => !listed.has(key));
      if (gone.length) await backend.remove(gone);
      const writer = new IndexWriter((puts) => backend.put(puts));
      for (const summary of summaries) {
        if (this.disposed) return;
        if (held[summary.key] === versionOf(summary)) continue;
        await this.write(writer, summary);
      }
      await writer.flush();
    });
  }

  private async refresh(key: string): Promise<void> {
    if (this.disposed) return;
    // One conversation: listing them all folds every journal kept.
    const summary = await this.archive.summary(key);
    await this.guarded(async (backend) => {
      if (!summary) return backend.remove([key]);
      const writer = new IndexWriter((puts) => backend.put(puts));
      await this.write(writer, summary);
      await writer.flush();
    });
  }

  private async write(writer: IndexWriter, summary: ConversationSummary): Promise<void> {
    await writer.conversation(summary.key, versionOf(summary), summary.title, await this.archive.entries(summary.key));
  }

  /** Runs `use` on the backend; a damaged index is replaced by a fresh one, filled again, and `use` retried once. */
  private async guarded<T>(use: (backend: HistoryBackend) => Promise<T>): Promise<T> {
    const backend = await this.backend;
    try {
      return await use(backend);
    } catch (error) {
      if (!(error instanceof CorruptIndexError || error instanceof IndexCorruptError) || this.recovering) throw error;
      this.logger?.warn(`The history index is damaged (${error.message}); rebuilding it from the conversations.`);
      this.recovering = true;
      try {
        await backend.dispose().catch(() => undefined);
        this.backend = this.open(true);
        await this.catchUpNow();
        return await use(await this.backend);
      } finally {
        this.recovering = false;
      }
    }
  }
}
