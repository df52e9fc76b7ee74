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

/** The reply and thought text that `actions` append. */
export function streamedChars(actions: readonly PanelAction[]): number {
  let chars = 0;
  for (const action of actions) chars += plainChunkText(action)?.length ?? 0;
  return chars;
}

/** The frame being rendered shows `chars` characters of newly streamed text. */
export function noteStreamedText(chars: number): void {
  if (chars > FLOOD_CHARS) floodUntil = performance.now() + FLOOD_SETTLE_MS;
}

/** Milliseconds until the current flood has settled; 0 when there is none. */
export function floodRemainingMs(): number {
  return Math.max(0, floodUntil - performance.now());
}
