/**
 * Roving focus over a row of focusable items (a menu's items, a tab strip's tabs): Up/Down (or
 * Left/Right), Home and End move focus to the next, previous, first or last item, wrapping around
 * at either end. The items are whatever matches `itemSelector` inside `container`, in DOM order;
 * the one moved from is the focused one (none: as if before the first).
 */
import { type KeyboardEvent, type RefObject, useCallback } from "react";

export type RovingAxis = "vertical" | "horizontal";

/**
 * A key handler: moves focus for a roving key and prevents its default (scrolling), returning
 * true; for any other key it does nothing and returns false, and the caller handles the key.
 */
export function useRovingFocus(
  container: RefObject<HTMLElement | null>,
  itemSelector: string,
  axis: RovingAxis,
): (event: KeyboardEvent) => boolean {
  return useCallback(
    (event: KeyboardEvent) => {
      const items = [...(container.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])];
      const from = items.indexOf(document.activeElement as HTMLElement);
      if (!moveFocus(event.key, items, from, axis)) return false;
      event.preventDefault();
      return true;
    },
    [container, itemSelector, axis],
  );
}

function moveFocus(key: string, items: readonly HTMLElement[], index: number, axis: RovingAxis): boolean {
  const [back, forward] = axis === "vertical" ? ["ArrowUp", "ArrowDown"] : ["ArrowLeft", "ArrowRight"];
  const targets: Record<string, number> = { [forward]: index + 1, [back]: index - 1, Home: 0, End: items.length - 1 };
  const to = targets[key];
  if (to === undefined) return false;
  items[(to + items.length) % items.length]?.focus();
  return true;
}
