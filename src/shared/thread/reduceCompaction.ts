/**
 * Compaction notices. ACP `compaction_update` upserts by `compactionId` (the first update fixes
 * the timeline position; omitted fields keep their value, `null` clears), and
 * `compaction_summary_chunk` appends to the summary (an unknown id starts an in-progress one).
 */
import type { CompactionEntry, Thread } from "./thread";
import { appendEntry, replaceEntryAt } from "./threadEntries";

export interface CompactionPatch {
  readonly status?: CompactionEntry["status"];
  /** Replaces the summary; `null` clears it. */
  readonly summary?: string | null;
  readonly appendSummary?: string;
  readonly error?: string | null;
}

export function normaliseCompactionStatus(status: string): CompactionEntry["status"] {
  return status === "completed" || status === "failed" || status === "cancelled" ? status : "in_progress";
}

export function upsertCompaction(thread: Thread, key: string, entryId: string, patch: CompactionPatch): Thread {
  const at = thread.index[key];
  const existing = at === undefined ? undefined : thread.entries[at];
  const base: CompactionEntry =
    existing?.kind === "compaction"
      ? existing
      : {
          kind: "compaction",
          id: entryId,
          compactionId: key.replace(/^(tool|compaction):/, ""),
          status: "in_progress",
          summary: "",
        };
  let summary = base.summary;
  if (patch.summary !== undefined) summary = patch.summary ?? "";
  if (patch.appendSummary !== undefined) summary += patch.appendSummary;
  const { error: _dropped, ...withoutError } = base;
  const error = patch.error === undefined ? base.error : (patch.error ?? undefined);
  const next: CompactionEntry = {
    ...withoutError,
    status: patch.status ?? base.status,
    summary,
    ...(error === undefined ? {} : { error }),
  };
  return at !== undefined && existing?.kind === "compaction"
    ? replaceEntryAt(thread, at, next)
    : appendEntry(thread, key, next);
}
