/**
 * How the extension host reads an agent's burst: in slices. A read of a flood holds hundreds of
 * messages; they are routed synchronously, one after another, and every `YIELD_AFTER_MS` the
 * reader gives the event loop a turn, so timers, posts to the webview and other agents' reads are
 * not starved (nodeNdJsonStream.ts for stdio, connection.ts for the Web-stream transports).
 *
 * A slice also ends early when asked (`endReadSliceSoon`): whoever has something to send the
 * moment this turn of the event loop is over, such as the replica feed holding a reply's first
 * chunk after a quiet spell, asks the reader to stop after the message it is on, instead of
 * folding up to 8 ms more of the burst first. The request is one flag for the process: every
 * agent's reader runs on the one event loop, and only one of them is inside a slice at a time.
 */

/** How long incoming messages may be processed before the event loop gets a turn. */
export const YIELD_AFTER_MS = 8;

let endRequested = false;

export interface ReadSlice {
  /** True once the slice has run `YIELD_AFTER_MS`, or an end was asked for since it started. */
  isOver(): boolean;
}

/** A new slice; a request left over from before it (nobody was reading) is dropped. */
export function startReadSlice(now: () => number = () => performance.now()): ReadSlice {
  endRequested = false;
  const start = now();
  return { isOver: () => endRequested || now() - start > YIELD_AFTER_MS };
}

/** Asks the reader inside its slice to give the event loop a turn after the message it is on. */
export function endReadSliceSoon(): void {
  endRequested = true;
}
