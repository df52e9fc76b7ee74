/**
 * A thread's first rows (a loaded conversation's tail arriving, a tab with a conversation switched
 * to) are rendered in a background render, which React splits into slices of a few milliseconds
 * with frames between them. The update that brought them (the tab switch, the session's title and
 * config options) commits first and alone, so no one task renders the header, the pickers and a
 * screenful of Markdown at once.
 *
 * Only from no rows to several, and only while no turn runs: a background render restarts whenever
 * the rows change under it, so during a stream (a tab switched to while its agent writes) it could
 * wait for React's expiry (seconds) before showing anything. Rows shown are never taken back: once
 * any rows were committed (the deferred ones, or rows shown at once during a turn), every update
 * renders at once, as before. A turn that ends while the background render is still behind (a
 * long reply's last batch on a loaded machine) would otherwise blank the transcript until it
 * catches up.
 *
 * That holds across a new transcript too: the transcript is built anew for each tab's key, and the
 * key can come after the rows (the host's snapshot handled first). Rows that begin and go on as the
 * rows last shown are the same conversation, and render at once: deferring them blanked it.
 *
 * `pending` is true while the rows wait: the transcript shows no empty state meanwhile.
 */
import { useDeferredValue, useLayoutEffect, useRef } from "react";

const NO_ROWS: readonly never[] = [];

/** The rows last committed, by any transcript of this page: their first and last keys, and how many. */
let lastShown: { readonly first: string; readonly last: string; readonly count: number } | undefined;

/** Whether `items` are the rows last shown, or those rows grown. */
function shownBefore<T>(items: readonly T[], keyOf: (item: T) => string): boolean {
  if (!lastShown || items.length < lastShown.count) return false;
  const first = items[0];
  const last = items[lastShown.count - 1];
  return (
    first !== undefined && last !== undefined && keyOf(first) === lastShown.first && keyOf(last) === lastShown.last
  );
}

export function useDeferredFirstRows<T>(
  items: readonly T[],
  turnRunning: boolean,
  keyOf: (item: T) => string,
): { readonly rows: readonly T[]; readonly pending: boolean } {
  const deferred = useDeferredValue(items, NO_ROWS);
  /** Set after a commit that showed rows: a render may be thrown away, a commit is not. */
  const shown = useRef(false);
  const pending =
    !shown.current && deferred.length === 0 && items.length > 1 && !turnRunning && !shownBefore(items, keyOf);
  const rows = pending ? deferred : items;
  useLayoutEffect(() => {
    if (rows.length === 0) return;
    shown.current = true;
    lastShown = { first: keyOf(rows[0]!), last: keyOf(rows[rows.length - 1]!), count: rows.length };
  });
  return { rows, pending };
}
