/**
 * The rows of the virtual list to mount (useVirtualRows.ts): which rows a span of pixels covers, and
 * whether a frame would mount too many rows never measured.
 */

/** How many rows the viewport and its overscan mount at once, unmeasured, before one frame defers some. */
const MOUNT_AT_ONCE = 10;

/**
 * Whether the rows `wanted` (the viewport and its overscan) hold too many never measured to mount in
 * one frame: more than MOUNT_AT_ONCE of them, or more estimated pixels of them outside `near` (the
 * viewport and a small margin) than the view is high.
 */
export function overscanTooCostly<T>({
  items,
  keyOf,
  heights,
  offsets,
  wanted,
  near,
  height,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  heights: ReadonlyMap<string, number>;
  offsets: Float64Array;
  wanted: { start: number; end: number };
  near: { start: number; end: number };
  height: number;
}): boolean {
  let count = 0;
  let outsidePx = 0;
  for (let at = wanted.start; at < wanted.end; at++) {
    if (heights.has(keyOf(items[at] as T))) continue;
    count++;
    if (at < near.start || at >= near.end) outsidePx += (offsets[at + 1] ?? 0) - (offsets[at] ?? 0);
  }
  return count > MOUNT_AT_ONCE || outsidePx > Math.max(height, 1);
}

/** Rows [start, end) that intersect [from, to]. */
export function findRange(offsets: Float64Array, from: number, to: number): { start: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  // First row whose bottom is below `from`.
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] ?? 0) <= from) low = mid + 1;
    else high = mid;
  }
  const start = Math.min(low, count - 1);
  // First row whose top is at or below `to`.
  low = start;
  high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid] ?? 0) < to) low = mid + 1;
    else high = mid;
  }
  return { start, end: Math.max(low, start + 1) };
}
