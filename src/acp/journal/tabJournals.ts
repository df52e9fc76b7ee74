/**
 * Which journal each tab writes, and what the panel gets back from the journals. A tab writes the
 * conversation of its current session; when its session changes it starts the new one's journal
 * (the old one is finished and flushed). A new session that continues one its agent could not
 * reopen starts from the old conversation (an `o` record with a base) instead of copying it, so
 * a 1,500-entry conversation reloaded ten times is still one copy on disk.
 *
 * The thread is only read while the connection is ready or has failed (a crash): while a session
 * starts or loads, the thread is being replaced and nothing is written from it.
 */
import type { PanelState } from "../../shared/wire/panelState";
import { toStoredEntry, JOURNAL_TEXT_LIMIT, type StoredEntry } from "../../shared/thread/storedTranscript";
import type { Clock } from "../ports";
import { conversationKey, type JournalArchive, type PrunedConversation } from "./journalArchive";
import type { JournalFs } from "./journalFs";
import { ConversationWriter } from "./journalWriter";
import { damageNotices } from "./journalNotices";
import type { Translate } from "../../shared/l10n";

/** What the journal needs of a tab (a ChatSession). */
export interface KeptTab {
  readonly store: { readonly state: PanelState };
  readonly sessionId: string | undefined;
  /** The earlier session this tab continues (its agent could not reopen it). */
  readonly continues: string | undefined;
}

/** A conversation as the panel shows it again (the same shape as the old transcript store's). */
export interface KeptConversation {
  readonly agent: string;
  readonly sessionId: string;
  readonly title?: string;
  readonly savedAt: number;
  readonly entries: readonly StoredEntry[];
}

export interface TabJournalsDeps {
  readonly archive: JournalArchive;
  readonly fs: JournalFs;
  readonly clock: Clock;
  readonly writerId: string;
  readonly cwd: () => string | undefined;
  /** The disk budget in bytes (read at each prune). */
  readonly budgetBytes: () => number;
  /** Writing failed (`problem` set) or works again (`problem` undefined), for the whole journal. */
  readonly onHealth?: (problem: unknown) => void;
  /** Conversations were set aside to keep within the budget (the notice offers Bring back). */
  readonly onPruned?: (pruned: readonly PrunedConversation[]) => void;
  readonly translate?: Translate;
}

/** Pruning runs at most this often (after a turn ends). */
const PRUNE_EVERY_MS = 60_000;

export class TabJournals {
  private readonly writers = new Map<KeptTab, ConversationWriter>();
  private readonly failing = new Set<string>();
  /** Writers finishing (their tab closed or moved on): Delete waits for them, or their last write would land after it. */
  private readonly closing = new Map<ConversationWriter, Promise<void>>();
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: TabJournalsDeps) {
    deps.archive.readLiveFrom((key) => {
      for (const writer of this.writers.values()) if (writer.key === key) return writer.liveEntries();
      return undefined;
    });
  }

  /** What the journal holds of a session, with a notice for anything it could not read; undefined when nothing. */
  async get(agent: string, sessionId: string): Promise<KeptConversation | undefined> {
    const resolved = await this.deps.archive.resolve(conversationKey(agent, sessionId)).catch(() => undefined);
    if (!resolved || resolved.entries.length === 0) return undefined;
    const { folded } = resolved;
    return {
      agent,
      sessionId,
      ...(folded.title === undefined ? {} : { title: folded.title }),
      savedAt: this.deps.clock.now(),
      entries: [...damageNotices(resolved, this.deps.translate), ...resolved.entries],
    };
  }

  /** A tab's state changed: its journal is written within the write delay; `settled`: now, and flushed. */
  keep(tab: KeptTab, settled: boolean): void {
    const { connection, thread } = tab.store.state;
    if (connection.status !== "ready" && connection.status !== "failed") return;
    let writer = this.writers.get(tab);
    const sessionId = connection.status === "ready" ? connection.sessionId : undefined;
    if (
      sessionId !== undefined &&
      (writer?.target.sessionId !== sessionId || writer.target.agent !== connection.agent)
    ) {
      if (thread.entries.length === 0) return; // a session nobody used yet leaves no file
      const previous = writer;
      writer = this.open(tab, connection.agent, sessionId, previous);
      this.writers.set(tab, writer);
      if (previous) void this.finish(previous);
    }
    if (!writer) return;
    if (settled) void this.settle(writer);
    else writer.soon();
  }

  /** The tab closed: its journal is finished and flushed. */
  release(tab: KeptTab): Promise<void> {
    const writer = this.writers.get(tab);
    this.writers.delete(tab);
    return writer ? this.finish(writer) : Promise.resolve();
  }

  /** Writes and flushes every open journal (shutdown, a reload coming). */
  async flush(): Promise<void> {
    await Promise.all([...this.writers.values()].map((writer) => writer.now(true)));
    await Promise.all(this.closing.values());
  }

  /** Delete Session…: the journal is set aside for a day (`bringBack` undoes it); a tab still writing it stops first. */
  async remove(agent: string, sessionId: string): Promise<void> {
    const key = conversationKey(agent, sessionId);
    for (const [tab, writer] of this.writers)
      if (writer.key === key) {
        this.writers.delete(tab);
        void this.finish(writer);
      }
    await Promise.all([...this.closing].filter(([writer]) => writer.key === key).map(([, done]) => done));
    await this.deps.archive.remove(key);
  }

  /** Undo of Delete Session…: the conversation's journal comes back as it was; false when none is kept. */
  bringBack(agent: string, sessionId: string): Promise<boolean> {
    return this.deps.archive.bringBack(conversationKey(agent, sessionId));
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.writers.values()].map((writer) => this.finish(writer)));
    this.writers.clear();
    await Promise.all(this.closing.values());
  }

  private finish(writer: ConversationWriter): Promise<void> {
    const known = this.closing.get(writer);
    if (known) return known;
    const done = writer.close().finally(() => this.closing.delete(writer));
    this.closing.set(writer, done);
    return done;
  }

  private open(tab: KeptTab, agent: string, sessionId: string, previous: ConversationWriter | undefined) {
    const key = conversationKey(agent, sessionId);
    const base = this.baseOf(tab, agent, previous);
    const cwd = this.deps.cwd();
    const known = this.deps.archive.resolve(key).then((resolved) =>
      resolved
        ? {
            entries: resolved.entries,
            exists: true,
            ...(resolved.folded.title === undefined ? {} : { title: resolved.folded.title }),
            ...(resolved.folded.cost === undefined ? {} : { cost: resolved.folded.cost }),
            changedPaths: resolved.folded.changedPaths,
          }
        : { entries: base?.entries ?? [], exists: false },
    );
    const writer: ConversationWriter = new ConversationWriter(
      {
        fs: this.deps.fs,
        clock: this.deps.clock,
        dir: this.deps.archive.dir,
        writerId: this.deps.writerId,
        health: (written, error) => this.health(written, error),
        wrote: (written) => this.deps.archive.changed(written),
      },
      {
        key,
        agent,
        sessionId,
        ...(cwd === undefined ? {} : { cwd }),
        ...(base ? { base: { key: base.key, n: base.entries.length } } : {}),
      },
      () => {
        // A timer may fire after the tab moved on (a new session starting): never write another thread here.
        const { connection, thread } = tab.store.state;
        // Failed (a crash): still this conversation, unless the thread was reset for another session first.
        if (connection.status === "failed")
          return connection.agent === agent && (!writer.firstSeen || thread.entries[0] === writer.firstSeen)
            ? thread
            : undefined;
        return connection.status === "ready" && connection.sessionId === sessionId ? thread : undefined;
      },
      known,
    );
    return writer;
  }

  /**
   * The conversation a new session starts from: the one this tab wrote before (after a crash, the
   * thread was kept), or the one whose kept copy was restored into the thread (after a reload).
   */
  private baseOf(
    tab: KeptTab,
    agent: string,
    previous: ConversationWriter | undefined,
  ): { key: string; entries: StoredEntry[] } | undefined {
    const continued = tab.continues;
    if (continued === undefined) return undefined;
    const { thread } = tab.store.state;
    if (previous && previous.target.agent === agent && previous.target.sessionId === continued)
      return { key: previous.key, entries: previous.snapshot() };
    let restored = 0;
    while (restored < thread.entries.length && thread.entries[restored]!.id.startsWith("restored-")) restored++;
    if (restored === 0) return undefined;
    return { key: conversationKey(agent, continued), entries: storedOf(thread.entries.slice(0, restored), thread) };
  }

  private async settle(writer: ConversationWriter): Promise<void> {
    await writer.now(true);
    if (this.deps.clock.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = this.deps.clock.now();
    const active = new Set([...this.writers.values()].map((w) => w.key));
    const pruned = await this.deps.archive.prune(this.deps.budgetBytes(), active).catch(() => []);
    if (pruned.length > 0) this.deps.onPruned?.(pruned);
  }

  private health(key: string, error: unknown): void {
    const wasFailing = this.failing.size > 0;
    if (error === undefined) this.failing.delete(key);
    else this.failing.add(key);
    if (!wasFailing && this.failing.size > 0) this.deps.onHealth?.(error);
    if (wasFailing && this.failing.size === 0) this.deps.onHealth?.(undefined);
  }
}

function storedOf(entries: PanelState["thread"]["entries"], thread: PanelState["thread"]): StoredEntry[] {
  return entries.flatMap((entry) => toStoredEntry(entry, thread.terminals, JOURNAL_TEXT_LIMIT) ?? []);
}
