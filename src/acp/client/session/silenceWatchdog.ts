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

  constructor(
    private readonly context: SessionContext,
    private readonly turnRunning: () => boolean,
  ) {}

  arm(): void {
    this.disarm();
    this.timer = this.context.clock.schedule(
      SILENCE_WARNING_MS,
      () => {
        if (!this.turnRunning()) return;
        if (this.context.awaitingUser?.()) {
          this.arm();
          return;
        }
        const t = this.context.translate ?? english;
        this.context.sink(
          warningNotice(
            this.context.newId(),
            t("No activity from {0} for {1} minutes", this.context.client.name, SILENCE_WARNING_MS / 60_000),
            t("It may be stuck. You can keep waiting, or Stop the turn."),
          ),
        );
      },
      { background: true },
    );
  }

  disarm(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }
}
