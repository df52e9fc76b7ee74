/**
 * The entry list and its key index, immutable from the outside.
 *
 * Inside `foldInDraft` (a transient draft) each list or index is copied once, on its first change,
 * and that copy is then changed in place: folding n actions into a thread of m entries costs
 * O(n + m), where copying on every change cost O(n·m) (a `session/load` replaying 1,000 tool calls
 * copied the index 1,000 times). Only containers the running draft created are written in place:
 * the thread it started from, and every state returned before, never change. Entries themselves
 * are never changed: a changed entry is a new object, an unchanged one keeps its identity.
 *
 * Within a draft a thread passed to these helpers is used up: reducers fold linearly (the old
 * thread is not read again after a helper returned the new one).
 */
import type { Thread, ThreadEntry } from "./thread";

/** The containers the running draft created; `undefined` outside a draft (every change copies). */
let owned: WeakSet<object> | undefined;

/** Test seam: told of each entry list or key index copied (test/support/containerCopies.ts checks folding stays linear). */
export const containerCopyProbe: { onCopy: (() => void) | undefined } = { onCopy: undefined };

/**
 * Runs `fold` in a transient draft. What it returns is final: nothing changes it afterwards. A
 * nested draft seals the outer one (the outer copies again on its next change), so neither can
 * write into what the other returned.
 */
export function foldInDraft<T>(fold: () => T): T {
  const outer = owned;
  owned = new WeakSet();
  try {
    return fold();
  } finally {
    owned = outer === undefined ? undefined : new WeakSet();
  }
}

/** Appends an entry; `key` (e.g. `tool:<id>`) makes it findable by later updates. */
export function appendEntry(thread: Thread, key: string | undefined, entry: ThreadEntry): Thread {
  const at = thread.entries.length;
  const entries = writableEntries(thread);
  entries.push(entry);
  if (key === undefined) return { ...thread, entries };
  const index = writableIndex(thread);
  index[key] = at;
  return { ...thread, entries, index };
}

export function replaceEntryAt(thread: Thread, at: number, entry: ThreadEntry): Thread {
  const entries = writableEntries(thread);
  entries[at] = entry;
  return { ...thread, entries };
}

export function replaceLast(thread: Thread, entry: ThreadEntry): Thread {
  return replaceEntryAt(thread, thread.entries.length - 1, entry);
}

/** Drops the last entry; it must have no key in the index (a keyed entry is found by later updates). */
export function removeLast(thread: Thread): Thread {
  const entries = writableEntries(thread);
  entries.pop();
  return { ...thread, entries };
}

/** Replaces every entry `change` returns a new object for; with no change the thread is returned as is. */
export function changeEntries(thread: Thread, change: (entry: ThreadEntry) => ThreadEntry): Thread {
  let entries: ThreadEntry[] | undefined;
  thread.entries.forEach((entry, at) => {
    const next = change(entry);
    if (next === entry) return;
    entries ??= writableEntries(thread);
    entries[at] = next;
  });
  return entries ? { ...thread, entries } : thread;
}

function writableEntries(thread: Thread): ThreadEntry[] {
  if (owned?.has(thread.entries)) return thread.entries as ThreadEntry[];
  const copy = thread.entries.slice();
  containerCopyProbe.onCopy?.();
  owned?.add(copy);
  return copy;
}

function writableIndex(thread: Thread): Record<string, number> {
  if (owned?.has(thread.index)) return thread.index;
  const copy = { ...thread.index };
  containerCopyProbe.onCopy?.();
  owned?.add(copy);
  return copy;
}
