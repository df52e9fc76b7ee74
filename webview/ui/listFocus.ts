/**
 * Arrow keys, Home and End over a row of focusable items (a menu's items, a tab strip's tabs):
 * focus moves to the next, previous, first or last item, wrapping around at either end.
 */
export type ListAxis = "vertical" | "horizontal";

/**
 * Moves focus for `key` from the item at `index` (-1: none of them has focus) and says whether
 * the key was one of these; for any other key nothing moves and the caller handles it.
 */
export function moveListFocus(key: string, items: readonly HTMLElement[], index: number, axis: ListAxis): boolean {
  const [back, forward] = axis === "vertical" ? ["ArrowUp", "ArrowDown"] : ["ArrowLeft", "ArrowRight"];
  const targets: Record<string, number> = { [forward]: index + 1, [back]: index - 1, Home: 0, End: items.length - 1 };
  const to = targets[key];
  if (to === undefined) return false;
  items[(to + items.length) % items.length]?.focus();
  return true;
}
