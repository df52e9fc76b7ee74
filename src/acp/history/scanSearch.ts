/**
 * The fallback where `node:sqlite` has no FTS5 (VS Code < 1.101, Node 20): no index at all, a
 * streaming scan over the conversations at search time, one at a time through the archive, with
 * the event loop let go between them. Ranked like FTS5: bm25 over the same weighted fields
 * (every term must occur; the last may be a prefix, and any term may match inside a word), and a
 * snippet around the first match in the best field. No new dependency, no memory kept between
 * searches; slower on big histories (figures in the README).
 */
import type { ConversationArchive } from "../journal/conversationArchive";
import { FIELD_WEIGHTS, TEXT_FIELDS, conversationText, type TextField } from "./conversationText";
import type { HistoryBackend } from "./historyBackend";
import type { IndexHit } from "./ftsStore";
import { markedSnippet } from "./snippet";

const K1 = 1.2;
const B = 0.75;
/** Let the event loop run after this much scanning. */
const SLICE_MS = 20;

interface Candidate {
  readonly key: string;
  /** Per field: its length and how often each term occurs. */
  readonly fields: ReadonlyArray<{ readonly field: TextField; readonly length: number; readonly counts: number[] }>;
  readonly snippet: string;
}

export class ScanBackend implements HistoryBackend {
  readonly engine = "scan" as const;

  constructor(private readonly archive: ConversationArchive) {}

  versions(): Promise<Record<string, string>> {
    return Promise.resolve({});
  }
  async put(): Promise<void> {}
  async remove(): Promise<void> {}
  async clear(): Promise<void> {}
  async dispose(): Promise<void> {}

  async search(terms: readonly string[], limit: number): Promise<IndexHit[]> {
    if (terms.length === 0) return [];
    const candidates: Candidate[] = [];
    const lengths: Record<TextField, number> = { title: 0, prompts: 0, replies: 0, tools: 0 };
    let scanned = 0;
    let slice = Date.now();
    for (const summary of await this.archive.list()) {
      const text = conversationText(summary.title, await this.archive.entries(summary.key));
      scanned++;
      const fields = TEXT_FIELDS.map((field) => {
        lengths[field] += text[field].length;
        const lower = text[field].toLowerCase();
        return { field, original: text[field], lower, length: lower.length, counts: terms.map((t) => count(lower, t)) };
      });
      if (terms.every((_, at) => fields.some((f) => f.counts[at]! > 0))) {
        const best = [...fields].sort((a, b) => weighted(b) - weighted(a))[0]!;
        candidates.push({
          key: summary.key,
          fields: fields.map(({ field, length, counts }) => ({ field, length, counts })),
          snippet: markedSnippet(best.original, best.lower, terms) ?? "",
        });
      }
      if (Date.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = Date.now();
      }
    }
    const documents = Math.max(1, scanned);
    const idf = terms.map((_, at) => {
      const having = candidates.filter((c) => c.fields.some((f) => f.counts[at]! > 0)).length;
      return Math.log(1 + (documents - having + 0.5) / (having + 0.5));
    });
    return candidates
      .map((candidate) => ({
        key: candidate.key,
        rank: -score(candidate, idf, lengths, documents),
        snippet: candidate.snippet,
      }))
      .sort((a, b) => a.rank - b.rank)
      .slice(0, limit);
  }
}

function weighted(field: { field: TextField; counts: number[] }): number {
  return FIELD_WEIGHTS[field.field] * field.counts.reduce((sum, n) => sum + (n > 0 ? 1 : 0), 0);
}

function score(candidate: Candidate, idf: readonly number[], lengths: Record<TextField, number>, documents: number) {
  let total = 0;
  for (const { field, length, counts } of candidate.fields) {
    const average = Math.max(1, lengths[field] / documents);
    counts.forEach((tf, at) => {
      if (tf === 0) return;
      total += FIELD_WEIGHTS[field] * idf[at]! * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average)));
    });
  }
  return total;
}

function count(haystack: string, needle: string): number {
  let found = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) found++;
  return found;
}
