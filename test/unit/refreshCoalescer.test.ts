/**
 * When the history index catches up with a changing conversation (src/acp/history/refreshCoalescer.ts):
 * once quiet, at the latest a while after the first change of a burst, and at once for a search.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { REFRESH_MAX_WAIT_MS, REFRESH_QUIET_MS, RefreshCoalescer } from "../../src/acp/history/refreshCoalescer";
import { ManualClock } from "../support/memoryPorts";

function rig() {
  const clock = new ManualClock();
  const refreshed: string[] = [];
  const coalescer = new RefreshCoalescer((key) => refreshed.push(key), clock);
  return { clock, refreshed, coalescer };
}

describe("refreshing the history index", () => {
  it("refreshes a key once it has been quiet, once for a whole burst of changes", () => {
    const { clock, refreshed, coalescer } = rig();
    for (let i = 0; i < 8; i++) {
      coalescer.changed("a");
      clock.advance(250);
    }
    assert.deepEqual(refreshed, []);
    clock.advance(REFRESH_QUIET_MS - 250 - 1);
    assert.deepEqual(refreshed, [], "not before the quiet spell is over");
    clock.advance(1);
    assert.deepEqual(refreshed, ["a"]);
    clock.advance(REFRESH_MAX_WAIT_MS);
    assert.deepEqual(refreshed, ["a"], "once");
  });

  it("refreshes a key that never goes quiet at the latest the longest wait after its first change", () => {
    const { clock, refreshed, coalescer } = rig();
    for (let elapsed = 0; elapsed < 2 * REFRESH_MAX_WAIT_MS; elapsed += 250) {
      coalescer.changed("busy");
      clock.advance(250);
    }
    assert.equal(refreshed.length, 2, "one refresh per longest wait while it keeps changing");
  });

  it("keeps keys apart, flushes every waiting key at once, and forgets them when cancelled", () => {
    const { clock, refreshed, coalescer } = rig();
    coalescer.changed("a");
    coalescer.changed("b");
    coalescer.changed("a");
    assert.equal(coalescer.pending, 2);
    coalescer.flush();
    assert.deepEqual(refreshed.sort(), ["a", "b"]);
    clock.advance(REFRESH_MAX_WAIT_MS);
    assert.equal(refreshed.length, 2, "a flushed key does not refresh again");
    coalescer.changed("c");
    coalescer.cancel();
    clock.advance(REFRESH_MAX_WAIT_MS);
    assert.equal(refreshed.length, 2);
    assert.equal(coalescer.pending, 0);
  });
});
