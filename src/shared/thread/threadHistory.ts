/**
 * A long thread's older entries, sent to the webview in slices after its tail (threadTail.ts).
 *
 * One message with the whole thread is one task in the webview's main thread, shared with the
 * workbench, that grows with the thread: VS Code decodes and parses the message (for 10,000
 * entries, about 25 MB and most of a second) before the webview sees it. Slices of a few hundred
 * entries keep each of those tasks short, and the entries nearest the tail arrive first.
 *
 * Positions: the webview holds entries [omitted, n) of the host's thread as its [0, n - omitted).
 * A slice carries the host's entries [start, omitted) and the keys of the index that point into
 * them, as host positions; prepending it moves every position the webview holds by its length.
 * Subagent runs started before the tail were placed at 0 by threadTail; the slice says where they
 * belong.
 *
 * A slice is only valid if nothing the webview folded since its tail touched an entry it did not
 * have yet: the host checks that (`historyIntact`) and sends the whole thread instead when it did.
 */
import type { SubagentRun, Thread, ThreadEntry } from "./thread";

export interface HistorySlice {
  /** The host position of the first entry. */
  readonly start: number;
  readonly entries: readonly ThreadEntry[];
  /** Index keys pointing into this slice, with their host positions. */
  readonly index: Readonly<Record<string, number>>;
  /** Host positions of the runs that start at or before the end of this slice. */
  readonly runPositions: Readonly<Record<string, number>>;
}

/** The host's entries [start, end) of `thread`, as a slice (fresh containers, the entries shared). */
export function historySlice(
  thread: Thread,
  start: number,
  end: number,
): { start: number; entries: ThreadEntry[]; index: Record<string, number>; runPositions: Record<string, number> } {
  const index: Record<string, number> = {};
  for (const [key, at] of Object.entries(thread.index)) if (at >= start && at < end) index[key] = at;
  const runPositions: Record<string, number> = {};
  for (const [runId, run] of Object.entries(thread.runs))
    if (run.position !== undefined && run.position <= end) runPositions[runId] = run.position;
  return { start, entries: thread.entries.slice(start, end), index, runPositions };
}

/**
 * The webview's thread with `slice` prepended; `undefined` when the slice does not end where the
 * held entries begin (a stale slice: the thread was replaced meanwhile).
 */
export function prependHistory(thread: Thread, slice: HistorySlice): Thread | undefined {
  const omitted = thread.omittedEntries ?? 0;
  if (slice.start + slice.entries.length !== omitted || slice.entries.length === 0) return undefined;
  const added = slice.entries.length;
  const left = slice.start;
  const index: Record<string, number> = {};
  for (const [key, at] of Object.entries(slice.index)) index[key] = at - left;
  // Keys the webview already holds win: an entry folded since the tail keeps its current place.
  for (const [key, at] of Object.entries(thread.index)) index[key] = at + added;
  const runs: Record<string, SubagentRun> = {};
  for (const [runId, run] of Object.entries(thread.runs)) {
    const absolute = slice.runPositions[runId];
    if (absolute !== undefined) runs[runId] = { ...run, position: Math.max(0, absolute - left) };
    else runs[runId] = run.position === undefined ? run : { ...run, position: run.position + added };
  }
  const { omittedEntries: _omitted, ...rest } = thread;
  return {
    ...rest,
    entries: [...slice.entries, ...thread.entries],
    index,
    runs,
    ...(left > 0 ? { omittedEntries: left } : {}),
  };
}

/**
 * True when the host's entries before `held` are still the very objects they were when the tail
 * went out (`base`): no action since touched an entry the webview does not hold. Entries are
 * never changed in place (threadEntries.ts), so identity is exact.
 */
export function historyIntact(base: readonly ThreadEntry[], now: readonly ThreadEntry[], held: number): boolean {
  if (now.length < held || base.length < held) return false;
  for (let at = 0; at < held; at++) if (now[at] !== base[at]) return false;
  return true;
}
