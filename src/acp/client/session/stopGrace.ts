/**
 * Stop with agents that ignore `session/cancel` (issue 16: a real Bub server streamed 12 more
 * updates and did not answer the prompt within 10 s). ACP says the agent answers the cancelled
 * prompt with `cancelled`; when it has not within STOP_GRACE_MS, the turn is shown stopped anyway:
 * the awaited prompt returns, the status says the stop is not confirmed, the agent's late updates
 * follow a marker, and the session stays busy (a new message queues, or steers) until the answer.
 */
import { logJson } from "../connection/logJson";
import type { Timer } from "../../ports";
import type { SessionContext } from "./sessionContext";
import { english } from "../../../shared/l10n";
import { warningNotice } from "../../../shared/thread/warningNotice";

export const STOP_GRACE_MS = 3_000;

export class StopGrace {
  private timer: Timer | undefined;
  /** Ends the race of the running turn's prompt early. */
  private abandonTurn: (() => void) | undefined;
  /** Set while a turn shown stopped still waits for the agent's answer; settles with it. */
  private answer: Promise<void> | undefined;
  private lateUpdatesMarked = false;

  constructor(
    private readonly context: SessionContext,
    private readonly turnRunning: () => boolean,
  ) {}

  /**
   * The prompt request, or "abandoned" once the grace period after Stop runs out first. Then
   * `withdraw` aborts: the SDK sends `$/cancel_request` for the prompt (the late answer is still awaited).
   */
  async race<T>(request: Promise<T>, withdraw?: AbortController): Promise<T | "abandoned"> {
    const abandoned = new Promise<"abandoned">(
      (resolve) =>
        (this.abandonTurn = () => {
          resolve("abandoned");
          withdraw?.abort();
        }),
    );
    const result = await Promise.race([request, abandoned]);
    if (result === "abandoned") this.awaitLateAnswer(request);
    return result;
  }

  /** `session/cancel` is being sent: the grace period starts. */
  stopRequested(): void {
    this.timer?.cancel();
    this.timer = this.context.clock.schedule(STOP_GRACE_MS, () => {
      const abandon = this.abandonTurn;
      if (!this.turnRunning() || !abandon) return;
      this.lateUpdatesMarked = false;
      this.context.sink({ type: "turn/stopUnconfirmed" });
      abandon();
    });
  }

  /** The turn's prompt call is over (answered, failed or abandoned). */
  turnEnded(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.abandonTurn = undefined;
  }

  get unconfirmed(): boolean {
    return this.answer !== undefined;
  }

  /** Settles when the agent answers the prompt of a turn shown stopped (at once if there is none). */
  whenConfirmed(): Promise<void> {
    return this.answer ?? Promise.resolve();
  }

  /** A session/update while no turn runs: the first after an unconfirmed stop is preceded by a marker. */
  updateOutsideTurn(): void {
    if (!this.answer || this.lateUpdatesMarked) return;
    this.lateUpdatesMarked = true;
    const t = this.context.translate ?? english;
    this.context.sink(
      warningNotice(
        this.context.newId(),
        t("{0} kept working after Stop", this.context.client.name),
        t("What follows arrived after Stop: the agent has not confirmed the stop yet."),
      ),
    );
  }

  dispose(): void {
    this.timer?.cancel();
  }

  private awaitLateAnswer(request: Promise<unknown>): void {
    const { logger, client, sink } = this.context;
    const settled = request
      .then(
        (response) => logger.info(`${client.name} answered the stopped prompt at last: ${logJson(response, 200)}`),
        (error: unknown) =>
          logger.info(`${client.name} answered the stopped prompt at last with an error: ${String(error)}`),
      )
      .then(() => {
        if (this.answer !== settled) return;
        this.answer = undefined;
        if (!this.turnRunning()) sink({ type: "turn/stopConfirmed" });
      });
    this.answer = settled;
  }
}
