/**
 * The silence watchdog of a running turn: re-armed by every sign of life (an update, a child
 * session speaking, the prompt starting), it writes one warning when the agent has said nothing
 * for SILENCE_WARNING_MS. Silence while the turn waits for the user (a permission or a form) is
 * ours, not the agent's: the watchdog then looks again one period later instead of warning.
 */
import type { Timer } from "../../ports";
import type { SessionContext } from "./sessionContext";
import { english } from "../../../shared/l10n";
import { warningNotice } from "../../../shared/thread/warningNotice";

/** How long a running turn may stay silent before the user is told. */
export const SILENCE_WARNING_MS = 120_000;

export class SilenceWatchdog {
  private timer: Timer | undefined;
  /** clock.now() of the last sign of life. */
  private lastActivity = 0;

  constructor(
    private readonly context: SessionContext,
    private readonly turnRunning: () => boolean,
  ) {}

  /**
   * A sign of life. Called for every update of a stream (20,000 in a flood), so it only notes the
   * time: one timer is pending at most, and when it fires early (activity came since it was set)
   * it is set again for the rest of the period.
   */
  arm(): void {
    this.lastActivity = this.context.clock.now();
    if (!this.timer) this.schedule(SILENCE_WARNING_MS);
  }

  disarm(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    this.timer = this.context.clock.schedule(ms, () => this.expired(), { background: true });
  }

  private expired(): void {
    this.timer = undefined;
    const silentFor = this.context.clock.now() - this.lastActivity;
    if (silentFor < SILENCE_WARNING_MS) return this.schedule(SILENCE_WARNING_MS - silentFor);
    if (!this.turnRunning()) return;
    if (this.context.awaitingUser?.()) return this.arm();
    const t = this.context.translate ?? english;
    this.context.sink(
      warningNotice(
        this.context.newId(),
        t("No activity from {0} for {1} minutes", this.context.client.name, SILENCE_WARNING_MS / 60_000),
        t("It may be stuck. You can keep waiting, or Stop the turn."),
      ),
    );
  }
}
