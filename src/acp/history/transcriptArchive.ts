/**
 * UNTIL THE JOURNAL MERGES: today's kept transcripts (sessions/transcriptStore.ts, in workspace
 * state) and the session index, seen through the ConversationArchive contract, so the history
 * reads only that contract. At the merge, host.ts gives the HistoryService the journal instead
 * and this file goes. It wraps the TranscriptStore's storage: each write tells the history which
 * conversations changed. What the store drops (its entry and size bounds, an earlier session a
 * continuing one replaces) this adapter cannot keep: a continuing session holds the earlier one's
 * entries, so a search still finds them there.
 */
import type { ArchiveSubscription, ConversationArchive, ConversationSummary } from "../journal/conversationArchive";
import type { StoredEntry } from "../../shared/storedTranscript";
import type { SessionIndex } from "../sessions/sessionIndex";
import { parseTranscripts, type StoredTranscript, type TranscriptStorage } from "../sessions/transcriptStore";

/** The archive key of a transcript: opaque, and safe as a file name. */
export function transcriptKey(agent: string, sessionId: string): string {
  return Buffer.from(`${agent}\u0000${sessionId}`, "utf8").toString("base64url");
}

export class TranscriptArchive implements ConversationArchive {
  private cache: StoredTranscript[] | undefined;
  private readonly listeners = new Set<(key: string) => void>();
  /** Forgets a transcript (TranscriptStore.remove), bound once the store exists. */
  private forget: ((agent: string, sessionId: string) => void) | undefined;

  constructor(
    private readonly storage: TranscriptStorage,
    private readonly index: SessionIndex,
  ) {}

  /** Give this to the TranscriptStore in place of its storage. */
  readonly storeStorage: TranscriptStorage = {
    read: () => this.storage.read(),
    write: (value) => {
      const before = new Map(this.all().map((t) => [transcriptKey(t.agent, t.sessionId), t.savedAt]));
      this.cache = [...value];
      const changed = new Set<string>();
      for (const t of value) {
        const key = transcriptKey(t.agent, t.sessionId);
        if (before.get(key) !== t.savedAt) changed.add(key);
        before.delete(key);
      }
      for (const key of before.keys()) changed.add(key);
      const written = this.storage.write(value);
      for (const key of changed) for (const listener of this.listeners) listener(key);
      return written;
    },
  };

  bindRemove(forget: (agent: string, sessionId: string) => void): void {
    this.forget = forget;
  }

  async list(): Promise<readonly ConversationSummary[]> {
    const records = this.index.all();
    return this.all()
      .map((t): ConversationSummary => {
        const record = records.find((r) => r.agent === t.agent && r.sessionId === t.sessionId);
        const title = record?.titleByUser ? record.title : (t.title ?? record?.title);
        const changed = changedFiles(t.entries);
        return {
          key: transcriptKey(t.agent, t.sessionId),
          agent: t.agent,
          sessionId: t.sessionId,
          ...(record?.cwd ? { cwd: record.cwd } : {}),
          ...(title ? { title } : {}),
          startedAt: t.savedAt,
          updatedAt: t.savedAt,
          entryCount: t.entries.length,
          bytes: JSON.stringify(t.entries).length,
          ...(record?.archived ? { archived: true } : {}),
          ...(changed > 0 ? { changedFiles: changed } : {}),
        };
      })
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async entries(key: string): Promise<readonly StoredEntry[]> {
    return this.all().find((t) => transcriptKey(t.agent, t.sessionId) === key)?.entries ?? [];
  }

  async remove(key: string): Promise<void> {
    const found = this.all().find((t) => transcriptKey(t.agent, t.sessionId) === key);
    if (!found) return;
    this.forget?.(found.agent, found.sessionId);
    this.index.remove(found.agent, found.sessionId);
  }

  onDidChange(listener: (key: string) => void): ArchiveSubscription {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private all(): StoredTranscript[] {
    if (this.cache === undefined) {
      let raw: unknown;
      try {
        raw = this.storage.read();
      } catch {
        raw = undefined;
      }
      this.cache = parseTranscripts(raw);
    }
    return this.cache;
  }
}

/** Files the kept tool calls changed (their diffs), counted once each. */
function changedFiles(entries: readonly StoredEntry[]): number {
  const paths = new Set<string>();
  for (const entry of entries)
    if (entry.kind === "tool_call") for (const item of entry.content) if (item.type === "diff") paths.add(item.path);
  return paths.size;
}
