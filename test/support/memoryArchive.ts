/** A ConversationArchive in memory, for tests of what reads the journal's contract. */
import type {
  ArchiveSubscription,
  ConversationArchive,
  ConversationSummary,
} from "../../src/acp/journal/conversationArchive";
import type { StoredEntry } from "../../src/shared/thread/storedTranscript";

export interface MemoryConversation {
  readonly key: string;
  readonly agent?: string;
  readonly title?: string;
  readonly entries: readonly StoredEntry[];
  readonly archived?: boolean;
  readonly updatedAt?: number;
}

export class MemoryArchive implements ConversationArchive {
  private readonly conversations = new Map<string, ConversationSummary & { entries: readonly StoredEntry[] }>();
  private readonly listeners = new Set<(key: string) => void>();
  private readonly removed = new Map<string, ConversationSummary & { entries: readonly StoredEntry[] }>();
  /** How many times `entries` was read (a catch-up that reads nothing unchanged leaves it alone). */
  reads = 0;
  /** How many times every conversation was listed (`list`): a journal folds each one to list them. */
  lists = 0;
  private clock = 1_000;

  constructor(initial: readonly MemoryConversation[] = []) {
    for (const conversation of initial) this.set(conversation, false);
  }

  /** Adds or replaces a conversation and tells the listeners. */
  set(conversation: MemoryConversation, notify = true): void {
    const updatedAt = conversation.updatedAt ?? ++this.clock;
    this.conversations.set(conversation.key, {
      key: conversation.key,
      agent: conversation.agent ?? "Demo",
      sessionId: `s-${conversation.key}`,
      ...(conversation.title ? { title: conversation.title } : {}),
      startedAt: updatedAt,
      updatedAt,
      entryCount: conversation.entries.length,
      bytes: JSON.stringify(conversation.entries).length,
      ...(conversation.archived ? { archived: true } : {}),
      entries: conversation.entries,
    });
    if (notify) this.listeners.forEach((listener) => listener(conversation.key));
  }

  async list(): Promise<readonly ConversationSummary[]> {
    this.lists++;
    return [...this.conversations.values()]
      .map(({ entries: _entries, ...summary }) => summary)
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async summary(key: string): Promise<ConversationSummary | undefined> {
    const conversation = this.conversations.get(key);
    if (!conversation) return undefined;
    const { entries: _entries, ...summary } = conversation;
    return summary;
  }

  async entries(key: string): Promise<readonly StoredEntry[]> {
    this.reads++;
    return this.conversations.get(key)?.entries ?? [];
  }

  async remove(key: string): Promise<void> {
    const conversation = this.conversations.get(key);
    if (!conversation) return;
    this.removed.set(key, conversation);
    this.conversations.delete(key);
    this.listeners.forEach((listener) => listener(key));
  }

  async bringBack(key: string): Promise<boolean> {
    const conversation = this.removed.get(key);
    if (!conversation) return false;
    this.removed.delete(key);
    this.conversations.set(key, conversation);
    this.listeners.forEach((listener) => listener(key));
    return true;
  }

  onDidChange(listener: (key: string) => void): ArchiveSubscription {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}

export const user = (text: string): StoredEntry => ({ kind: "user", text });
export const reply = (text: string): StoredEntry => ({ kind: "assistant", chunks: [{ kind: "message", text }] });
export const tool = (title: string, output: string): StoredEntry => ({
  kind: "tool_call",
  title,
  toolKind: "execute",
  status: "completed",
  content: [{ type: "text", text: output }],
  locations: [],
});
