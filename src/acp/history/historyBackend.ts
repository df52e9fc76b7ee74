/**
 * What the history service asks of a search engine: the FTS5 index in its worker
 * (workerBackend.ts) or, where `node:sqlite` has no FTS5, the scan over the conversations
 * (scanSearch.ts). Both answer the same terms with ranked hits (lower rank is better).
 */
import type { ConversationPut, IndexHit } from "./ftsStore";

export type HistoryEngine = "fts5" | "scan";

export interface HistoryBackend {
  readonly engine: HistoryEngine;
  /** key → version of what the engine holds; the scan holds nothing (it reads at search time). */
  versions(): Promise<Record<string, string>>;
  /** Parts of conversations (conversationParts.ts), in one write; see ConversationPut for `done`. */
  put(puts: readonly ConversationPut[]): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
  clear(): Promise<void>;
  search(terms: readonly string[], limit: number): Promise<IndexHit[]>;
  dispose(): Promise<void>;
}
