/** Small immutable helpers for the entry list and its key index. */
import type { Thread, ThreadEntry } from "./thread";

/** Appends an entry; `key` (e.g. `tool:<id>`) makes it findable by later updates. */
export function appendEntry(thread: Thread, key: string | undefined, entry: ThreadEntry): Thread {
  const index = key === undefined ? thread.index : { ...thread.index, [key]: thread.entries.length };
  return { ...thread, entries: [...thread.entries, entry], index };
}

export function replaceEntryAt(thread: Thread, at: number, entry: ThreadEntry): Thread {
  const entries = thread.entries.slice();
  entries[at] = entry;
  return { ...thread, entries };
}

export function replaceLast(thread: Thread, entry: ThreadEntry): Thread {
  return replaceEntryAt(thread, thread.entries.length - 1, entry);
}
