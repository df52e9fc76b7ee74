/**
 * The transcript's rows: the thread's entries, and the subagent runs and member lanes that are
 * not attached to a tool call card (`thread.runs`, in `runOrder`).
 *
 * Placement: a run is shown after the entries that existed when it started (`run.position`, set
 * by the shared reducer), so it stays where it began as the thread grows; several runs started at
 * the same point keep their arrival order. A run without a position goes at the end. A run whose
 * `parentToolCallId` names a tool call in the thread is shown inside that tool call's card instead.
 *
 * A very long agent message is several rows, one per segment of its blocks (messageSegments.ts).
 */
import type { Thread, ThreadEntry } from "../../src/shared/thread/thread";
import { type MessageSegment, messageSegments } from "./messages/messageSegments";

export type TranscriptRow =
  | { readonly kind: "entry"; readonly key: string; readonly entry: ThreadEntry }
  /** One segment of a long message; the first keeps the entry's id as its key. */
  | {
      readonly kind: "segment";
      readonly key: string;
      readonly segment: MessageSegment;
      readonly first: boolean;
      readonly last: boolean;
    }
  | { readonly kind: "run"; readonly key: string; readonly runId: string };

type RowSource = Pick<Thread, "entries" | "runs" | "runOrder" | "index">;

function isInCard(thread: RowSource, runId: string): boolean {
  const parent = thread.runs[runId]?.parentToolCallId;
  return parent !== undefined && thread.index[`tool:${parent}`] !== undefined;
}

function pushEntryRows(rows: TranscriptRow[], entry: ThreadEntry): void {
  const segments = entry.kind === "assistant" ? messageSegments(entry) : undefined;
  if (segments === undefined) rows.push({ kind: "entry", key: entry.id, entry });
  else {
    segments.forEach((segment, at) =>
      rows.push({
        kind: "segment",
        key: at === 0 ? entry.id : `${entry.id}#${at}`,
        segment,
        first: at === 0,
        last: at === segments.length - 1,
      }),
    );
  }
}

export function transcriptRows(thread: RowSource): TranscriptRow[] {
  const loose = thread.runOrder.filter((runId) => thread.runs[runId] !== undefined && !isInCard(thread, runId));
  if (loose.length === 0) {
    const rows: TranscriptRow[] = [];
    for (const entry of thread.entries) pushEntryRows(rows, entry);
    return rows;
  }

  const count = thread.entries.length;
  const at = new Map<number, string[]>();
  for (const runId of loose) {
    const position = Math.min(thread.runs[runId]?.position ?? count, count);
    at.set(position, [...(at.get(position) ?? []), runId]);
  }
  const rows: TranscriptRow[] = [];
  const runRows = (position: number) => {
    for (const runId of at.get(position) ?? []) rows.push({ kind: "run", key: `run:${runId}`, runId });
  };
  thread.entries.forEach((entry, index) => {
    runRows(index);
    pushEntryRows(rows, entry);
  });
  runRows(count);
  return rows;
}

/** The runs shown inside a tool call's card, as one string (a stable selector value): ids joined by NUL. */
export function runIdsOfToolCall(thread: Thread, toolCallId: string): string {
  let ids = "";
  for (const runId of thread.runOrder) {
    if (thread.runs[runId]?.parentToolCallId === toolCallId) ids = ids === "" ? runId : `${ids}\u0000${runId}`;
  }
  return ids;
}
