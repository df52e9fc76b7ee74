/**
 * The records a conversation's writer appends (journalWriter.ts), and how they become the text of
 * one append. Records are plain data pointing at stored entries, which are never changed once made,
 * so a record turned into its line later reads the same as it would have when it was made.
 */
import type { StoredEntry } from "../../shared/thread/storedTranscript";
import { recordLine, type JournalRecord } from "./journalRecords";

/**
 * The lines of the first records of `queue` (of its first `count`) that make one append: at least
 * one record, and at most `limit` characters unless that one is longer. Only these records are
 * turned into lines; the one that would overrun is turned again by the next slice (one record's
 * work, against holding every line of a long conversation at once).
 */
export function nextSlice(
  queue: readonly JournalRecord[],
  count: number,
  limit: number,
): { text: string; take: number } {
  const lines = [recordLine(queue[0]!)];
  let chars = lines[0]!.length;
  while (lines.length < count) {
    const line = recordLine(queue[lines.length]!);
    if (chars + line.length > limit) break;
    lines.push(line);
    chars += line.length;
  }
  return { text: lines.join(""), take: lines.length };
}

/** Records that write `entries` as a conversation of their own, from its opening record. */
export function wholeRecords(
  target: { readonly agent: string; readonly sessionId: string; readonly cwd?: string },
  writerId: string,
  at: number,
  entries: readonly StoredEntry[],
  facts: {
    readonly title: string | undefined;
    readonly cost: { readonly amount: number; readonly currency: string } | undefined;
    readonly paths: readonly string[];
  },
): JournalRecord[] {
  const { agent, sessionId, cwd } = target;
  const { title, cost, paths } = facts;
  const records: JournalRecord[] = [
    { t: "o", w: writerId, at, agent, sessionId, ...(cwd === undefined ? {} : { cwd }) },
  ];
  entries.forEach((e, j) => records.push({ t: "e", j, e }));
  if (title !== undefined) records.push({ t: "t", title: title.slice(0, 500) });
  // The history row's facts too: this writer never writes what it already wrote again.
  if (cost !== undefined) records.push({ t: "c", amount: cost.amount, currency: cost.currency });
  if (paths.length > 0) records.push({ t: "f", p: [...paths] });
  return records;
}

/** A grow record when `next` is `previous` with text appended (a streamed reply), else the whole entry. */
export function recordFor(j: number, previous: StoredEntry | undefined, next: StoredEntry): JournalRecord {
  if (previous?.kind === "assistant" && next.kind === "assistant" && next.chunks.length >= previous.chunks.length) {
    const last = previous.chunks.length - 1;
    let grows = true;
    for (let c = 0; c < last && grows; c++)
      grows = previous.chunks[c]!.kind === next.chunks[c]!.kind && previous.chunks[c]!.text === next.chunks[c]!.text;
    if (grows && last >= 0) {
      const before = previous.chunks[last]!;
      const after = next.chunks[last]!;
      grows = before.kind === after.kind && after.text.startsWith(before.text);
    }
    if (grows)
      return {
        t: "g",
        j,
        c: last,
        s: last >= 0 ? next.chunks[last]!.text.slice(previous.chunks[last]!.text.length) : "",
        m: next.chunks.slice(last + 1),
      };
  }
  return { t: "e", j, e: next };
}
