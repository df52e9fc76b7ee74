/**
 * The fake agent's session/prompt: one turn at a time per agent (the prompt lock), CodeBuddy's
 * prompt during a running turn steered into it, Bub's titles after the first turn, and a turn
 * torn down by a cancel, a close or a dropped connection.
 */
import { RpcError, Unanswered, internalError } from "./wire";
import { isBub } from "./profiles";
import { RunningTurn } from "./world";
import { runTurn } from "./turn";
import { scheduleTitle } from "./bubSteering";
import { requireSession } from "./sessionLifecycle";
import type { AgentConnection } from "./agent";

type Params = Record<string, unknown>;

export async function answerPrompt(connection: AgentConnection, params: Params): Promise<object> {
  const sessionId = requireSession(params);
  if (connection.world.closing.has(sessionId)) throw new RpcError(-32600, "Invalid request", { sessionId });
  if (!connection.world.store.get(sessionId)) {
    if (!isBub(connection.world.options.profile))
      throw new RpcError(-32002, `Resource not found: ${sessionId}`, { sessionId });
    connection.world.store.update(sessionId, () => ({
      sessionId,
      cwd: "/",
      listed: true,
      config: {},
      history: [],
      updatedAt: "",
    }));
  }
  if (!Array.isArray(params.prompt)) {
    // CodeBuddy iterates `params.prompt` as an array: anything else fails inside the agent (-32603).
    if (connection.world.options.profile === "codebuddy") throw internalError("params.prompt is not iterable");
    throw new RpcError(-32602, "Invalid params: prompt must be an array of content blocks");
  }
  const blocks = params.prompt as Array<{ type?: string; text?: string }>;
  const promptText = blocks.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
  if (connection.world.options.profile === "codebuddy") {
    // §14: a prompt during a running turn is dispatched into it and answered end_turn at once.
    const running = connection.world.running.get(sessionId);
    if (running && !running.ended && running.enqueueSteer({ text: promptText, settle: () => undefined })) {
      return {
        stopReason: "end_turn",
        userMessageId: `user-msg-${Date.now()}`,
        _meta: { "codebuddy.ai/outcome": "SUCCESS" },
      };
    }
    return runPrompt(connection, sessionId, promptText);
  }
  const prompted = connection.world.withPromptLock(() => runPrompt(connection, sessionId, promptText));
  // §7: a Lody client's first turn is titled afterwards, asynchronously (also after a failure).
  void prompted.finally(() => scheduleTitle(connection, sessionId, promptText)).catch(() => undefined);
  return prompted;
}

async function runPrompt(connection: AgentConnection, sessionId: string, promptText: string): Promise<object> {
  const turn = new RunningTurn();
  connection.world.running.set(sessionId, turn);
  connection.turns.add(turn);
  try {
    const outcome = await Promise.race([
      runTurn(connection, turn, sessionId, promptText),
      turn.whenAborted().then((reason) => ({ aborted: reason })),
    ]);
    if ("aborted" in outcome) {
      // Newer Bub SDKs answer a torn-down prompt -32800; a dropped connection gets nothing.
      if (outcome.aborted === "disconnected") throw new Unanswered();
      throw new RpcError(-32800, "Request cancelled", { sessionId });
    }
    return outcome;
  } finally {
    turn.end();
    connection.turns.delete(turn);
    if (connection.world.running.get(sessionId) === turn) connection.world.running.delete(sessionId);
  }
}
