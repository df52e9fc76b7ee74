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
 *
 * Quirk of the extension host: VS Code writes what an extension posts (a webview message among it)
 * to its socket on a timer (its ProtocolWriter's `setTimeout(0)`), not at once. A reader that
 * resumed on `setImmediate` would run its next slice before that timer, so the post it stopped for
 * would still wait a slice. After a slice that was asked to end, the reader resumes on a timer set
 * once the post's has been (`resumeAfterTurn`).
 */

/** How long incoming messages may be processed before the event loop gets a turn. */
export const YIELD_AFTER_MS = 8;

let endRequested = false;

export interface ReadSlice {
  /** True once the slice has run `YIELD_AFTER_MS`, or an end was asked for since it started. */
  isOver(): boolean;
  /** True when an end was asked for since the slice started. */
  readonly endAsked: boolean;
}

/** A new slice; a request left over from before it (nobody was reading) is dropped. */
export function startReadSlice(now: () => number = () => performance.now()): ReadSlice {
  endRequested = false;
  const start = now();
  return {
    isOver: () => endRequested || now() - start > YIELD_AFTER_MS,
    get endAsked() {
      return endRequested;
    },
  };
}

/**
 * Calls `resume` once the event loop has had a turn: its immediates, and after a slice that was
 * asked to end, its timers too (see the quirk above). The immediates queued before this call (the
 * feed's post) run first either way.
 */
export function resumeAfterTurn(slice: ReadSlice, resume: () => void): void {
  if (slice.endAsked) setImmediate(() => setTimeout(resume, 0));
  else setImmediate(resume);
}

/** Asks the reader inside its slice to give the event loop a turn after the message it is on. */
export function endReadSliceSoon(): void {
  endRequested = true;
}
