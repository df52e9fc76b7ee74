/**
 * Automatic restarts after an agent crashes: one attempt per configured delay (1 s, 3 s, 8 s by
 * default), counted across consecutive crashes; the count starts over when the user starts or
 * opens a session, or a turn ends well. An empty list of delays turns automatic restarts off.
 * Opening a session by hand cancels a pending restart.
 */
import type { Clock, Timer } from "../ports";

const DEFAULT_RESTART_DELAYS = [1000, 3000, 8000];

export class RestartBackoff {
  private crashes = 0;
  private timer: Timer | undefined;
  private readonly delays: readonly number[];

  constructor(
    private readonly clock: Clock,
    delays: readonly number[] | undefined,
  ) {
    this.delays = delays ?? DEFAULT_RESTART_DELAYS;
  }

  reset(): void {
    this.crashes = 0;
  }

  cancel(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }

  /**
   * After a crash: schedules `restart` after the next delay, announced first (`announce`, with
   * the attempt's number, the number of attempts and the delay); nothing once the attempts are
   * used up.
   */
  afterCrash(announce: (attempt: number, of: number, delayMs: number) => void, restart: () => void): void {
    const delays = this.delays;
    if (this.crashes >= delays.length) return;
    const delay = delays[this.crashes] ?? 0;
    this.crashes += 1;
    announce(this.crashes, delays.length, delay);
    this.timer = this.clock.schedule(delay, restart);
  }
}
