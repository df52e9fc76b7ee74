/**
 * Issue 16: agents at the edges of a turn. `ignore-cancel` is a real Bub server's answer to
 * `session/cancel`: it streams 12 more updates and does not answer the prompt for a long while.
 */
import type { Scenario } from "./scenarios";

const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });

export const startStopScenarios: Record<string, Scenario> = {
  /**
   * Works until cancelled, then ignores the cancel: 12 more updates 400 ms apart, and the prompt
   * answered `end_turn` only `args[0]` ms after that (default 60 s).
   */
  async "ignore-cancel"(turn) {
    const answerAfterMs = Number(turn.args[0] ?? 60_000);
    for (let tick = 1; tick <= 600 && !turn.cancelled; tick++) {
      turn.update(chunk(`Working, step ${tick}. `));
      await turn.sleep(100);
    }
    for (let late = 1; late <= 12; late++) {
      turn.update(chunk(`Still going after Stop, ${late}. `));
      await turn.sleep(400);
    }
    await turn.sleep(answerAfterMs);
    return "end_turn";
  },
};
