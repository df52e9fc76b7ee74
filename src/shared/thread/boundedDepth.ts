/**
 * Agents may send JSON nested thousands of levels deep (`rawInput`, `rawOutput`, `_meta`, …).
 * JSON.parse survives that, but everything after it that recurses does not: the webview's
 * postMessage serialisation, Markdown export, the raw-JSON view. So updates are capped at the
 * door: below MAX_UPDATE_DEPTH levels a value is replaced by a marker string. Both walks stop at
 * the cap, so they never recurse deeper than it, and a value within the cap is returned as is.
 */

export const MAX_UPDATE_DEPTH = 64;
export const NESTED_TOO_DEEP = "[nested too deep]";

/** The value itself when it nests at most `maxDepth` levels; otherwise a copy cut at that depth. */
export function capDepth<T>(value: T, maxDepth = MAX_UPDATE_DEPTH): T {
  return exceeds(value, maxDepth) ? (cut(value, maxDepth) as T) : value;
}

function exceeds(value: unknown, depthLeft: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (depthLeft === 0) return true;
  if (Array.isArray(value)) return value.some((item) => exceeds(item, depthLeft - 1));
  for (const key in value) {
    if (Object.hasOwn(value, key) && exceeds((value as Record<string, unknown>)[key], depthLeft - 1)) return true;
  }
  return false;
}

function cut(value: unknown, depthLeft: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depthLeft === 0) return NESTED_TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => cut(item, depthLeft - 1));
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    if (Object.hasOwn(value, key)) copy[key] = cut((value as Record<string, unknown>)[key], depthLeft - 1);
  }
  return copy;
}
