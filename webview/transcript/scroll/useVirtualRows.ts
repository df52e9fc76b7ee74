/**
 * Windowing for the transcript: only the rows near the viewport are rendered, with spacers
 * standing in for the rest.
 *
 * - Row heights are measured with one ResizeObserver and cached by key (the entry id), so a row
 *   that scrolls back into view is placed where it was; unmeasured rows use an estimate.
 * - When a row above the viewport changes height (first measured, or grew), the scroll offset
 *   moves by the same amount, so what the reader looks at stays put. Not while the view is
 *   pinned to the bottom: then the stick-to-bottom hook follows the end instead.
 * - When rows are inserted above the first one (a long thread's tail is replaced by the whole
 *   thread), the scroll offset moves by their height, for the same reason.
 * - While the reader scrolls by more than two viewports per event (a fling, the scrollbar dragged),
 *   rows rendered ahead would be scrolled past unseen: only the viewport's rows (and a small
 *   margin) are mounted then, and the overscan comes back in the first frame without such a jump.
 */
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { findRange, overscanTooCostly } from "./rowRanges";

export interface VirtualRowsOptions<T> {
  readonly scroller: RefObject<HTMLElement | null>;
  readonly items: readonly T[];
  readonly keyOf: (item: T) => string;
  readonly estimate: (item: T) => number;
  /** True while the view follows the bottom (no scroll compensation then). */
  readonly isPinned: () => boolean;
  /** Extra pixels rendered above and below the viewport. */
  readonly overscan?: number;
}

export interface VirtualRows {
  readonly start: number;
  readonly end: number;
  /** Heights of the spacers before and after the rendered rows. */
  readonly before: number;
  readonly after: number;
  /** Ref callback for each rendered row element; the element needs `data-key`. */
  readonly measure: (element: HTMLElement | null) => (() => void) | undefined;
  /**
   * Scrolls so that the row with this key is rendered and its top is in view (stop following the
   * bottom first). Returns false for an unknown key. Stable.
   */
  readonly scrollToRow: (key: string) => boolean;
  /** True while a fling lasts: rows never measured may be drawn as placeholders until it rests. */
  readonly flinging: boolean;
  /** Whether the row with this key has been measured (rendered) before. */
  readonly isMeasured: (key: string) => boolean;
}

interface Layout {
  /** offsets[i] = top of row i; offsets[n] = total height. */
  readonly offsets: Float64Array;
  readonly index: ReadonlyMap<string, number>;
}

/**
 * A scroll event that moves by more than this many viewports is a fling: rows rendered ahead would
 * be passed unseen. (A smaller jump keeps the overscan: rows coming into view from above are then
 * measured before they are seen, and the reader's place is kept.)
 */
const FAST_JUMP_VIEWPORTS = 2;
/** Overscan while flinging (until a frame passes without a fling). */
const FAST_OVERSCAN_PX = 100;

export function useVirtualRows<T>({
  scroller,
  items,
  keyOf,
  estimate,
  isPinned,
  overscan: restingOverscan = 800,
}: VirtualRowsOptions<T>): VirtualRows {
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [, setViewportVersion] = useState(0);
  const viewport = useRef({ top: 0, height: 0 });
  /** True while scroll events jump by more than a viewport. */
  const fast = useRef(false);
  const overscan = fast.current ? FAST_OVERSCAN_PX : restingOverscan;
  /** The last render left the overscan for the next frame; this one renders it whatever it costs. */
  const deferredLastRender = useRef(false);

  const layout = useMemo<Layout>(() => {
    const offsets = new Float64Array(items.length + 1);
    const index = new Map<string, number>();
    items.forEach((item, i) => {
      const key = keyOf(item);
      index.set(key, i);
      offsets[i + 1] = (offsets[i] ?? 0) + (heights.current.get(key) ?? estimate(item));
    });
    return { offsets, index };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `measured` versions the cached heights (a ref)
  }, [items, keyOf, estimate, measured]);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  // Pinned to the bottom, the rows to show are the last ones, wherever the last scroll event left
  // the viewport: content that just grew (a long thread replacing its tail) must not mount the
  // rows that now sit at the old offset, only to scroll past them a frame later.
  const { height } = viewport.current;
  const total = layout.offsets[items.length] ?? 0;
  const top = isPinned() ? Math.max(0, total - height) : viewport.current.top;
  const wanted = findRange(layout.offsets, top - overscan, top + Math.max(height, 1) + overscan);
  // Many rows never measured would mount in one frame (a long thread's tail, a jump into rows not
  // seen yet), or the overscan alone would mount more of them than the view holds (a few long
  // replies above it): the viewport's rows first, the overscan in the next frame (once: then all).
  const near = findRange(layout.offsets, top - FAST_OVERSCAN_PX, top + Math.max(height, 1) + FAST_OVERSCAN_PX);
  const deferOverscan =
    !deferredLastRender.current &&
    overscanTooCostly({ items, keyOf, heights: heights.current, offsets: layout.offsets, wanted, near, height });
  const range = deferOverscan ? near : wanted;
  const rangeRef = useRef(range);
  rangeRef.current = range;

  // Track the viewport; re-render only when the set of rows to show changes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Checked once per frame while flinging: a frame without a fling event means the scroll rested.
    let watching: number | undefined;
    let flung = false;
    const watch = () => {
      if (flung) {
        flung = false;
        watching = requestAnimationFrame(watch);
        return;
      }
      watching = undefined;
      fast.current = false;
      setViewportVersion((v) => v + 1);
    };
    const update = () => {
      const jump = Math.abs(element.scrollTop - viewport.current.top);
      viewport.current = { top: element.scrollTop, height: element.clientHeight };
      if (jump > FAST_JUMP_VIEWPORTS * element.clientHeight && element.clientHeight > 0) {
        fast.current = true;
        flung = true;
        watching ??= requestAnimationFrame(watch);
      }
      const margin = fast.current ? FAST_OVERSCAN_PX : restingOverscan;
      const next = findRange(
        layoutRef.current.offsets,
        element.scrollTop - margin,
        element.scrollTop + element.clientHeight + margin,
      );
      if (next.start !== rangeRef.current.start || next.end !== rangeRef.current.end) setViewportVersion((v) => v + 1);
    };
    update();
    element.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      // The frame that would end the fling is cancelled: end it here, or a remount (StrictMode runs
      // every layout effect twice) keeps the small overscan until the next fling.
      if (watching !== undefined) cancelAnimationFrame(watching);
      fast.current = false;
      element.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [scroller, restingOverscan]);

  useLayoutEffect(() => {
    deferredLastRender.current = deferOverscan;
    if (!deferOverscan) return;
    const frame = requestAnimationFrame(() => setViewportVersion((v) => v + 1));
    return () => cancelAnimationFrame(frame);
  });

  // Rows inserted before the old first row: keep the reader on what they were looking at.
  const firstKey = items.length > 0 ? keyOf(items[0] as T) : undefined;
  const previousFirstKey = useRef(firstKey);
  useLayoutEffect(() => {
    const old = previousFirstKey.current;
    previousFirstKey.current = firstKey;
    const element = scroller.current;
    const at = old === undefined || old === firstKey ? undefined : layout.index.get(old);
    if (!element || at === undefined || at === 0 || isPinned()) return;
    element.scrollTop += layout.offsets[at] ?? 0;
    viewport.current = { top: element.scrollTop, height: element.clientHeight };
    setViewportVersion((v) => v + 1);
  }, [firstKey, layout, scroller, isPinned]);

  const rowObserver = useRef<ResizeObserver | null>(null);
  const onRowsResized = (entries: readonly ResizeObserverEntry[]) => {
    const element = scroller.current;
    let shift = 0;
    let changed = false;
    const viewTop = element?.getBoundingClientRect().top ?? 0;
    for (const entry of entries) {
      const target = entry.target as HTMLElement;
      const key = target.dataset.key;
      if (key === undefined || !target.isConnected) continue;
      const size = entry.borderBoxSize[0]?.blockSize ?? target.getBoundingClientRect().height;
      const at = layoutRef.current.index.get(key);
      const previous =
        heights.current.get(key) ??
        (at === undefined ? size : (layoutRef.current.offsets[at + 1] ?? 0) - (layoutRef.current.offsets[at] ?? 0));
      if (Math.abs(size - previous) < 0.5) continue;
      heights.current.set(key, size);
      changed = true;
      if (target.getBoundingClientRect().top < viewTop - 0.5) shift += size - previous;
    }
    if (element && shift !== 0 && !isPinned()) {
      element.scrollTop += shift;
      viewport.current = { top: element.scrollTop, height: element.clientHeight };
    }
    if (changed) setMeasured((v) => v + 1);
  };
  const onRowsResizedRef = useRef(onRowsResized);
  onRowsResizedRef.current = onRowsResized;

  const measure = useCallback((row: HTMLElement | null) => {
    if (!row) return undefined;
    rowObserver.current ??= new ResizeObserver((entries) => onRowsResizedRef.current(entries));
    const observer = rowObserver.current;
    observer.observe(row);
    return () => observer.unobserve(row);
  }, []);
  useLayoutEffect(
    () => () => {
      rowObserver.current?.disconnect();
      rowObserver.current = null;
    },
    [],
  );

  const scrollToRow = useCallback(
    (key: string) => {
      const element = scroller.current;
      const at = layoutRef.current.index.get(key);
      if (!element || at === undefined) return false;
      element.scrollTop = layoutRef.current.offsets[at] ?? 0;
      viewport.current = { top: element.scrollTop, height: element.clientHeight };
      setViewportVersion((v) => v + 1);
      return true;
    },
    [scroller],
  );

  const before = layout.offsets[range.start] ?? 0;
  const after = total - (layout.offsets[range.end] ?? total);
  const isMeasured = useCallback((key: string) => heights.current.has(key), []);
  return {
    start: range.start,
    end: range.end,
    before,
    after,
    measure,
    scrollToRow,
    flinging: fast.current,
    isMeasured,
  };
}
