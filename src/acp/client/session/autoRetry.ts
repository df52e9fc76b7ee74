/**
 * Auto-retry of a turn whose prompt failed with a temporary error (transientErrors.ts), when the
 * user turned it on (`acpPanel.autoRetry`, off by default). At most MAX_AUTO_RETRIES times, with
 * a growing wait on the Clock port; each wait shows in the transcript (`turn/retrying`) and Stop
 * ends it. The turn stays running meanwhile, so Stop is there and nothing else is sent.
 */
import type { Clock, Timer } from "../../ports";
import type { ThreadAction } from "../../../shared/thread/threadActions";
import { describeRequestError } from "../connection/agentErrors";
import { transientError } from "../connection/transientErrors";

export const MAX_AUTO_RETRIES = 3;
export const RETRY_BASE_MS = 2_000;
/** The longest wait, even when the agent asks for more (`retryAfter`). */
export const RETRY_MAX_MS = 60_000;

/** The wait before retry `attempt` (1-based): 2 s, 4 s, 8 s; at least what the agent asked, at most a minute. */
export function retryDelayMs(attempt: number, retryAfterMs?: number): number {
  const backoff = RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1);
  return Math.min(RETRY_MAX_MS, Math.max(backoff, retryAfterMs ?? 0));
}

export interface AutoRetryContext {
  readonly clock: Clock;
  readonly sink: (action: ThreadAction) => void;
  readonly newId: () => string;
  /** The user's setting, read at each failure. */
  readonly enabled?: () => boolean;
}

export class AutoRetry {
  private waiting: { readonly timer: Timer; readonly resolve: (retry: boolean) => void } | undefined;

  constructor(private readonly context: AutoRetryContext) {}

  /**
   * After the prompt failed for the `attempt`-th time (1-based): when the error is temporary and
   * retries are left, says so, waits, and resolves true (send again); false at once otherwise, or
   * when Stop ends the wait.
   */
  async afterFailure(error: unknown, attempt: number): Promise<boolean> {
    if (attempt > MAX_AUTO_RETRIES || !this.context.enabled?.()) return false;
    const transient = transientError(error);
    if (!transient) return false;
    const delayMs = retryDelayMs(attempt, transient.retryAfterMs);
    this.context.sink({
      type: "turn/retrying",
      entryId: this.context.newId(),
      attempt,
      of: MAX_AUTO_RETRIES,
      delayMs,
      reason: transient.reason,
      error: describeRequestError(error).message,
    });
    return new Promise<boolean>((resolve) => {
      const timer = this.context.clock.schedule(delayMs, () => {
        this.waiting = undefined;
        resolve(true);
      });
      this.waiting = { timer, resolve };
    });
  }

  /**
   * After the first attempt (one prompt request) failed with `error`: runs `attempt` again after each
   * temporary failure while retries are left, else throws the last error. `final` says a failure is
   * final whatever it was (Stop, the agent's end); `waiting` is told when a wait starts (true) and
   * when the next attempt starts (false). The first attempt is the caller's, so a turn that needs no
   * retry goes through no extra promise (updates and the answer keep their order).
   */
  async retryAfter<T>(
    error: unknown,
    attempt: () => Promise<T>,
    final: () => boolean,
    waiting?: (on: boolean) => void,
  ): Promise<T> {
    for (let count = 1; ; count++) {
      if (final()) throw error;
      waiting?.(true);
      if (!(await this.afterFailure(error, count)) || final()) throw error;
      waiting?.(false);
      try {
        return await attempt();
      } catch (next) {
        error = next;
      }
    }
  }

  get isWaiting(): boolean {
    return this.waiting !== undefined;
  }

  /** Stop: a wait in progress ends without a retry. True if there was one. */
  stop(): boolean {
    const waiting = this.waiting;
    if (!waiting) return false;
    this.waiting = undefined;
    waiting.timer.cancel();
    waiting.resolve(false);
    return true;
  }
}
