/**
 * A time budget for Markdown rendering per task, so a burst of new blocks (an agent flooding
 * the panel, a long message scrolled into view) never blocks input and painting for long.
 *
 * The slice starts at the first check in a task and ends when the task does; blocks that miss
 * the budget show as plain text and are rendered in a later frame (see deferredBlocks.ts). The
 * first check of a slice always passes, so every task makes progress; except in a flood
 * (host/streamFlood.ts): then no budget is given, new blocks show as plain text, and they are
 * rendered once it has settled (a flood's Markdown, its parsing, sanitizing, layout and garbage,
 * made the stream's long tasks, for text scrolled away by the next batch).
 */
import { floodRemainingMs } from "../../host/streamFlood";

const SLICE_MS = 10;

let sliceStart: number | undefined;

export function hasRenderBudget(): boolean {
  if (floodRemainingMs() > 0) return false;
  const now = performance.now();
  if (sliceStart === undefined) {
    sliceStart = now;
    setTimeout(() => {
      sliceStart = undefined;
    }, 0);
    return true;
  }
  return now - sliceStart < SLICE_MS;
}
