/**
 * Whether the agent is flooding the panel: the batches one frame shows brought more streamed
 * text than a screen holds (`FLOOD_CHARS`). What a flood's frame shows is scrolled away by the
 * next, so work spent on it beyond putting its text on screen is thrown away; the Markdown
 * renderer holds back while a flood lasts and for `FLOOD_SETTLE_MS` after its last frame
 * (renderBudget.ts). An agent streaming as fast as a reader reads (a few hundred characters a
 * frame) never floods. The replica store notes each frame's text as it publishes the frame.
 */
import type { PanelAction } from "../../src/shared/wire/panelState";
import { plainChunkText } from "../../src/shared/wire/coalesceChunks";

/** About a screenful of text: 60 lines of 70 characters. */
export const FLOOD_CHARS = 4_000;
export const FLOOD_SETTLE_MS = 150;

let floodUntil = Number.NEGATIVE_INFINITY;
/** The frame that showed a flood is still rendering (its task has not ended). */
let floodFrame = false;

/** The reply and thought text that `actions` append. */
export function streamedChars(actions: readonly PanelAction[]): number {
  let chars = 0;
  for (const action of actions) chars += plainChunkText(action)?.length ?? 0;
  return chars;
}

/**
 * The frame being rendered shows `chars` characters of newly streamed text. A flood's window runs
 * from the end of that frame's task, however long its render takes (a loaded machine's frame may
 * take longer than the window).
 */
export function noteStreamedText(chars: number): void {
  if (chars <= FLOOD_CHARS) return;
  floodFrame = true;
  setTimeout(() => {
    floodFrame = false;
    floodUntil = performance.now() + FLOOD_SETTLE_MS;
  }, 0);
}

/** Milliseconds until the current flood has settled; 0 when there is none. */
export function floodRemainingMs(): number {
  if (floodFrame) return FLOOD_SETTLE_MS;
  return Math.max(0, floodUntil - performance.now());
}
