/**
 * What the session manager keeps of each tab's conversation, so it can be shown again after a
 * reload: the journal (src/acp/journal/tabJournals.ts) in the product, or the older bounded
 * TranscriptStore (workspace state), which tests still use and the journal migrates from.
 */
import type { KeptConversation, KeptTab } from "../journal/tabJournals";
import type { TranscriptStore } from "../journal/transcriptStore";

export interface TranscriptKeeper {
  /** What was kept of a session; undefined when nothing. */
  get(agent: string, sessionId: string): KeptConversation | undefined | Promise<KeptConversation | undefined>;
  /** The tab changed; `settled`: a turn just ended (or failed): write now. */
  keep(tab: KeptTab, settled: boolean): void;
  /** The tab closed. */
  release(tab: KeptTab): void | Promise<void>;
  /** Delete Session…: forget it. */
  remove(agent: string, sessionId: string): void | Promise<void>;
  /** Write everything now (shutdown). */
  flush(): void | Promise<void>;
}

/** The TranscriptStore as a keeper: the whole thread, bounded, on a timer and at the end of each turn. */
export function storeKeeper(store: TranscriptStore): TranscriptKeeper {
  return {
    get: (agent, sessionId) => store.get(agent, sessionId),
    keep: (tab, settled) => {
      const { connection, thread } = tab.store.state;
      // While a session loads, the thread is being replaced: store it once it is ready.
      if (connection.status === "ready" && tab.sessionId && thread.entries.length > 0)
        store.schedule(connection.agent, tab.sessionId, () => tab.store.state.thread, tab.continues);
      if (settled) store.flush();
    },
    release: () => undefined,
    remove: (agent, sessionId) => store.remove(agent, sessionId),
    flush: () => store.flush(),
  };
}
