/**
 * The contract between the journal (the durable, append-only record of every conversation) and
 * what reads it: the history list, full-text search, export and reload. The journal implements
 * it; readers depend only on this file. Entries are the same flat, serialisable `StoredEntry`
 * the transcript shows after a reload.
 */
import type { StoredEntry } from "../../shared/thread/storedTranscript";

/** One conversation: one ACP session of one agent, as this workspace's panel saw it. */
export interface ConversationSummary {
  /** Stable key of the conversation in the archive; safe as a file name. */
  readonly key: string;
  readonly agent: string;
  readonly sessionId: string;
  readonly cwd?: string;
  readonly title?: string;
  /** Epoch milliseconds of the first and of the last journal record. */
  readonly startedAt: number;
  readonly updatedAt: number;
  readonly entryCount: number;
  /** Bytes on disk. */
  readonly bytes: number;
  readonly archived?: boolean;
  /** Files the agent changed over the conversation, when known. */
  readonly changedFiles?: number;
  /** Cost the agent reported for the conversation, when it did. */
  readonly cost?: { readonly amount: number; readonly currency: string };
  /**
   * The key of the earlier conversation this one continues (a new session after the agent could
   * not reopen that one). `entryCount` and `entries` include the earlier conversation's entries.
   */
  readonly continues?: string;
}

export interface ArchiveSubscription {
  dispose(): void;
}

export interface ConversationArchive {
  /** Every conversation kept, newest first. */
  list(): Promise<readonly ConversationSummary[]>;
  /** One conversation's summary (as `list` gives it); undefined when the key is unknown. Reads only that one. */
  summary(key: string): Promise<ConversationSummary | undefined>;
  /** The entries of one conversation, in order; empty when the key is unknown. */
  entries(key: string): Promise<readonly StoredEntry[]>;
  /** Removes a conversation (Delete Session…): set aside for a day, so `bringBack` can undo it. */
  remove(key: string): Promise<void>;
  /** Puts a conversation removed or pruned within the grace period back, byte for byte; false when none is kept. */
  bringBack(key: string): Promise<boolean>;
  /** Called with the key of a conversation whose records changed (appended, removed or pruned). */
  onDidChange(listener: (key: string) => void): ArchiveSubscription;
}
