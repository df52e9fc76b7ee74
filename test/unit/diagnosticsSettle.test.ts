/**
 * When a file's problems count as settled (issue 28 item 1), on a clock moved by hand: a report,
 * then a quiet period; "silent" when no language server reports in time; never longer than the cap.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { settleReports, type Settled } from "../../src/acp/client/mcpTools/diagnosticsSettle";
import { ManualClock } from "../support/memoryPorts";

const limits = { firstReportMs: 5_000, quietMs: 500, maxMs: 15_000 };

/** A wait whose reports the test fires; `outcome` is undefined while it waits. */
function waitOn(clock: ManualClock, alreadyReported = false) {
  let report: () => void = () => assert.fail("not subscribed");
  let unsubscribed = false;
  let outcome: Settled | undefined;
  void settleReports(
    (onReport) => {
      report = onReport;
      return () => (unsubscribed = true);
    },
    clock,
    limits,
    alreadyReported,
  ).then((value) => (outcome = value));
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { report: () => report(), outcome: async () => (await flush(), outcome), unsubscribed: () => unsubscribed };
}

test("no report within the first wait: silent (the caller says 'not analysed'), and the listener is removed", async () => {
  const clock = new ManualClock();
  const wait = waitOn(clock);
  clock.advance(4_999);
  assert.equal(await wait.outcome(), undefined, "still waiting just before the bound");
  clock.advance(1);
  assert.equal(await wait.outcome(), "silent");
  assert.equal(wait.unsubscribed(), true);
  assert.deepEqual(clock.pending(), [], "no timer left behind");
});

test("a slow language server that reports late, within the bound, still counts", async () => {
  const clock = new ManualClock();
  const wait = waitOn(clock);
  clock.advance(4_000);
  wait.report();
  clock.advance(499);
  assert.equal(await wait.outcome(), undefined, "waits for the quiet period after the report");
  clock.advance(1);
  assert.equal(await wait.outcome(), "reported");
});

test("reports in rounds (syntax, then semantics): settled only once they stop", async () => {
  const clock = new ManualClock();
  const wait = waitOn(clock);
  clock.advance(100);
  wait.report();
  clock.advance(400);
  wait.report(); // the second round restarts the quiet period
  clock.advance(400);
  assert.equal(await wait.outcome(), undefined);
  clock.advance(100);
  assert.equal(await wait.outcome(), "reported");
});

test("reports that never stop: the cap ends the wait", async () => {
  const clock = new ManualClock();
  const wait = waitOn(clock);
  for (let round = 0; round < 49; round += 1) {
    wait.report();
    clock.advance(300);
  }
  assert.equal(await wait.outcome(), undefined, "14.7 s of reports every 0.3 s: still waiting");
  wait.report();
  clock.advance(300);
  assert.equal(await wait.outcome(), "reported", "15 s: the cap, though the last report was 0.3 s ago");
});

test("a file already reported on needs only the quiet period", async () => {
  const clock = new ManualClock();
  const wait = waitOn(clock, true);
  clock.advance(500);
  assert.equal(await wait.outcome(), "reported");
});
