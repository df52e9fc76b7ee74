/**
 * How long work queued on libuv's thread pool waits while something else runs in the process: a
 * small zlib deflate (what a remote window's connection does with each message it sends) every
 * millisecond or so, each timed from its request to its callback. The longest wait is what a
 * message posted at the worst moment would have waited for a thread (plus the main thread's own
 * delay in running the callback).
 */
import { deflate } from "node:zlib";

export function probeThreadPool(): { stop(): number } {
  const payload = Buffer.alloc(2_000, 65);
  let running = true;
  let longest = 0;
  let askedAt: number | undefined;
  const ask = () => {
    if (!running) return;
    const asked = performance.now();
    askedAt = asked;
    deflate(payload, () => {
      askedAt = undefined;
      longest = Math.max(longest, performance.now() - asked);
      setTimeout(ask, 1);
    });
  };
  ask();
  return {
    stop() {
      running = false;
      // One still waiting has waited this long already.
      if (askedAt !== undefined) longest = Math.max(longest, performance.now() - askedAt);
      return longest;
    },
  };
}
