/**
 * Steering one session's running turn (routes in steering.ts). A steer shows as pending, then
 * applied on `*_steer_applied` or an `injected` result. `startedNewTurn` means the agent began a
 * turn no prompt owns and that has no completion signal: the session is busy until the agent has
 * been quiet for UNOWNED_TURN_QUIET_MS.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { describeRequestError } from "../connection/agentErrors";
import { steerOutcomeOf, steeringRouteOf, type SteerOutcome } from "./steering";
import type { SessionContext } from "./sessionContext";
import type { Timer } from "../../ports";

export const UNOWNED_TURN_QUIET_MS = 3000;

export class Steerer {
  unownedTurn = false;
  private quietTimer: Timer | undefined;
  private counter = 0;

  constructor(
    private readonly context: SessionContext,
    private readonly promptRunning: () => boolean,
  ) {}

  async steer(sessionId: string, blocks: acp.ContentBlock[], text: string): Promise<SteerOutcome> {
    const { client, sink, newId } = this.context;
    const route = steeringRouteOf(client.init);
    const steerId = `steer-${++this.counter}`;
    sink({ type: "steer/sent", entryId: newId(), steerId, text });
    const fail = (message: string): SteerOutcome => {
      sink({ type: "steer/failed", steerId, entryId: newId(), message });
      return "failed";
    };
    try {
      if (route === "prompt") {
        // CodeBuddy / prompt-queueing agents take a second prompt into the running turn; its own
        // response (often an immediate end_turn) must not end the turn that is running.
        await client.connection.prompt(sessionId, blocks);
        sink({ type: "steer/applied", steerId });
        return "applied";
      }
      const method = route === "lody" ? "_lody/session/steer" : "_session/steering";
      const outcome = steerOutcomeOf(
        await client.connection.extRequest(method, {
          sessionId,
          prompt: blocks,
          ...(route === "lody" ? { steerId } : {}),
        }),
      );
      switch (outcome) {
        case "applied":
          sink({ type: "steer/applied", steerId });
          // Bub answers a steer with a steerId `injected` even when the turn had already ended and
          // it started a new one for the steer: applied after our prompt's end is an unowned turn.
          if (!this.promptRunning()) this.startUnownedTurn();
          return outcome;
        case "started-new-turn":
          sink({ type: "steer/applied", steerId });
          this.startUnownedTurn();
          return outcome;
        case "prompt-required":
          fail("The agent was idle and asked for a normal prompt; your message is back in the Prompt box.");
          return outcome;
        case "failed":
          return fail("The agent could not apply your message (steering failed); it is back in the Prompt box.");
      }
    } catch (error) {
      if (client.transport.hasEnded || client.connection.isClosed) return "failed";
      return fail(`Steering failed: ${describeRequestError(error).message}. Your message is back in the Prompt box.`);
    }
  }

  /** Busy with no owning prompt and no completion signal, until the agent has been quiet. */
  private startUnownedTurn(): void {
    if (this.promptRunning()) return;
    this.unownedTurn = true;
    this.context.sink({ type: "turn/unowned", at: this.context.clock.now() });
    this.activity();
  }

  /** `_lody/session/steer_applied` / `_session/steering_applied`. */
  applied(params: unknown): void {
    const steerId = (params as { steerId?: unknown } | undefined)?.steerId;
    if (typeof steerId === "string") this.context.sink({ type: "steer/applied", steerId });
  }

  /** The agent sent something: an unowned turn is still going. */
  activity(): void {
    if (!this.unownedTurn) return;
    this.quietTimer?.cancel();
    this.quietTimer = this.context.clock.schedule(
      UNOWNED_TURN_QUIET_MS,
      () => {
        this.quietTimer = undefined;
        if (!this.unownedTurn) return;
        this.unownedTurn = false;
        if (!this.promptRunning()) this.context.sink({ type: "turn/ended", stopReason: "end_turn" });
      },
      { background: true },
    );
  }

  dispose(): void {
    this.quietTimer?.cancel();
  }
}
