/**
 * The tail of a long thread: its last entries, sent to the webview ahead of the whole thread so a
 * loaded or re-shown session is readable and the composer usable while the rest (megabytes, for a
 * long history) crosses to the webview. Everything but the entries is kept; the index and the run
 * positions are re-based onto the shortened entry list, and `omittedEntries` says how many older
 * entries are missing. A tail is shown only until the whole thread replaces it.
 */
import type { SubagentRun, Thread } from "./thread";

export function threadTail(thread: Thread, keep: number): Thread {
  const omitted = thread.entries.length - keep;
  if (omitted <= 0) return thread;
  const index: Record<string, number> = {};
  for (const [key, at] of Object.entries(thread.index)) {
    if (at >= omitted) index[key] = at - omitted;
  }
  const runs: Record<string, SubagentRun> = {};
  for (const [runId, run] of Object.entries(thread.runs)) {
    runs[runId] = run.position === undefined ? run : { ...run, position: Math.max(0, run.position - omitted) };
  }
  return { ...thread, entries: thread.entries.slice(omitted), index, runs, omittedEntries: omitted };
}
