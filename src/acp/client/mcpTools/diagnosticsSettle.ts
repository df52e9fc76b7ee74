/**
 * When a file's problems can be believed (issue 28 item 1). Language servers report diagnostics
 * by pushing them (VS Code's `languages.onDidChangeDiagnostics`), some time after a document
 * opens, often in several rounds (TypeScript: syntax, then semantics). An empty list before the
 * first report means "not analysed yet", not "no problems": the tools wait for a report about the
 * file, then for a quiet period with no further one, and say "not analysed" when none came in time.
 */
import type { Clock } from "../../ports";

export interface SettleLimits {
  /** How long to wait for the first report about the file. */
  readonly firstReportMs: number;
  /** After a report, how long no other must come before the problems count as settled. */
  readonly quietMs: number;
  /** The longest wait in all, even while reports keep coming (a file being re-analysed in a loop). */
  readonly maxMs: number;
}

export const SETTLE_LIMITS: SettleLimits = { firstReportMs: 5_000, quietMs: 500, maxMs: 15_000 };

/** "reported": a language server reported on the file and then went quiet; "silent": none did in time. */
export type Settled = "reported" | "silent";

/**
 * Waits as above. `subscribe` registers a listener for reports about this one file and returns
 * its disposer; `alreadyReported` starts in the quiet period (a report came before the wait).
 */
export function settleReports(
  subscribe: (onReport: () => void) => () => void,
  clock: Clock,
  limits: SettleLimits = SETTLE_LIMITS,
  alreadyReported = false,
): Promise<Settled> {
  return new Promise((resolve) => {
    let reported = alreadyReported;
    let done = false;
    const finish = (outcome: Settled) => {
      if (done) return;
      done = true;
      quiet.cancel();
      overall.cancel();
      unsubscribe();
      resolve(outcome);
    };
    const arm = () =>
      clock.schedule(reported ? limits.quietMs : limits.firstReportMs, () => finish(reported ? "reported" : "silent"), {
        background: true,
      });
    let quiet = arm();
    const overall = clock.schedule(limits.maxMs, () => finish(reported ? "reported" : "silent"), { background: true });
    const unsubscribe = subscribe(() => {
      if (done) return;
      reported = true;
      quiet.cancel();
      quiet = arm();
    });
  });
}
