/**
 * The transcript's rows: the thread's entries, and the subagent runs and member lanes that are
 * not attached to a tool call card (`thread.runs`, in `runOrder`).
 *
 * Placement: a run is shown after the entries that existed when it started (`run.position`, set
 * by the shared reducer), so it stays where it began as the thread grows; several runs started at
 * the same point keep their arrival order. A run without a position goes at the end. A run whose
 * `parentToolCallId` names a tool call in the thread is shown inside that tool call's card instead.
 */
import type { Thread, ThreadEntry } from "../src/shared/thread";

export type TranscriptRow =
  | { readonly kind: "entry"; readonly key: string; readonly entry: ThreadEntry }
  | { readonly kind: "run"; readonly key: string; readonly runId: string };

type RowSource = Pick<Thread, "entries" | "runs" | "runOrder" | "index">;

function isInCard(thread: RowSource, runId: string): boolean {
  const parent = thread.runs[runId]?.parentToolCallId;
  return parent !== undefined && thread.index[`tool:${parent}`] !== undefined;
}

export function transcriptRows(thread: RowSource): TranscriptRow[] {
  const entryRow = (entry: ThreadEntry): TranscriptRow => ({ kind: "entry", key: entry.id, entry });
  const loose = thread.runOrder.filter((runId) => thread.runs[runId] !== undefined && !isInCard(thread, runId));
  if (loose.length === 0) return thread.entries.map(entryRow);

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
    rows.push(entryRow(entry));
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
