/**
 * Bub's steering (docs/reference/bub-and-lody.md §8) and session titles (§7), server side.
 *
 * `_lody/session/steer` and `_session/steering`: validated, serialised per session; during a turn
 * the request waits in the turn's inbox until a model step drains it (`injected`); a steer the
 * turn ends without draining, or one sent while idle, starts a new background turn that no
 * `session/prompt` owns (`startedNewTurn`, answered once that turn has started). With a steerId
 * the `*_applied` notification goes first and the result is always `injected`.
 */
import { RpcError } from "./wire";
import { RunningTurn } from "./world";
import { isLodyClient } from "./profiles";
import { scenarios } from "./scenarios";
import { runTurn } from "./turn";
import type { AgentConnection } from "./agent";

export const STEER_METHODS: Record<string, string> = {
  "_lody/session/steer": "_lody/session/steer_applied",
  "_session/steering": "_session/steering_applied",
};

type Params = Record<string, unknown>;

export async function handleSteer(connection: AgentConnection, method: string, params: Params): Promise<object> {
  const { world, peer } = connection;
  const { sessionId, prompt, steerId } = params;
  if (typeof sessionId !== "string" || sessionId === "")
    throw new RpcError(-32602, "Invalid params", { field: "sessionId" });
  if (!Array.isArray(prompt) || prompt.length === 0) throw new RpcError(-32602, "Invalid params", { field: "prompt" });
  const blocks = prompt as Array<{ type?: unknown; text?: unknown }>;
  if (blocks.some((block) => typeof block !== "object" || block === null || typeof block.type !== "string")) {
    throw new RpcError(-32602, "Invalid params", { field: "prompt", details: "each prompt block needs a type" });
  }
  if (steerId !== undefined && (typeof steerId !== "string" || steerId === ""))
    throw new RpcError(-32602, "Invalid params", { field: "steerId" });
  if (!world.store.get(sessionId)) throw new RpcError(-32602, "Invalid params", { sessionId });
  if (world.closing.has(sessionId)) throw new RpcError(-32600, "Invalid request", { sessionId });
  const text = blocks
    .map((block) => (block.type === "text" && typeof block.text === "string" ? block.text : ""))
    .join("");
  const first = text.trim().split(/\s+/)[0];
  // Scripted failures: an unexpected exception is a *result*; a turn that would not start an error.
  if (first === "steer-fail") return { outcome: "failed" };
  if (first === "steer-no-start")
    throw new RpcError(-32600, "Invalid request", { sessionId, reason: "turn did not start" });
  return world.withSteerLock(sessionId, async () => {
    const running = world.running.get(sessionId);
    let drained = false;
    if (running && !running.ended) {
      drained = await new Promise<boolean>((settle) => {
        if (!running.enqueueSteer({ text, settle })) settle(false);
      });
    }
    if (!drained) await startBackgroundTurn(connection, sessionId, text);
    if (typeof steerId === "string") {
      peer.notify(STEER_METHODS[method]!, { sessionId, steerId });
      return { outcome: "injected" };
    }
    return { outcome: drained ? "injected" : "startedNewTurn" };
  });
}

/** Starts a turn for `text` under the prompt lock; resolves once it has started (not finished). */
export function startBackgroundTurn(connection: AgentConnection, sessionId: string, text: string): Promise<void> {
  const { world } = connection;
  return new Promise((started) => {
    void world.withPromptLock(async () => {
      const turn = new RunningTurn();
      world.running.set(sessionId, turn);
      connection.turns.add(turn);
      started();
      try {
        await new Promise((resolve) => setTimeout(resolve, 10)); // the steer's result goes out first
        const first = text.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
        await runTurn(connection, turn, sessionId, text, scenarios[first] ?? scenarios["steered-turn"], true);
      } catch {
        // an unowned turn has nobody to report to
      } finally {
        connection.turns.delete(turn);
        if (world.running.get(sessionId) === turn) world.running.delete(sessionId);
        scheduleTitle(connection, sessionId, text);
      }
    });
  });
}

/**
 * §7: Lody clients only; after the first turn of a session with no title (prompted or
 * steering-started, failed too), once per session per process, after the PromptResponse.
 */
export function scheduleTitle(connection: AgentConnection, sessionId: string, promptText: string): void {
  const { world, peer } = connection;
  const skip = !isLodyClient(connection.clientInfo)
    ? "not a Lody client"
    : world.titled.has(sessionId) || world.store.get(sessionId)?.title !== undefined
      ? "already titled"
      : !promptText.trim()
        ? "empty prompt"
        : undefined;
  if (skip) return world.note(`title ${sessionId}: none (${skip})`);
  world.titled.add(sessionId);
  setTimeout(() => {
    const title = generateTitle(promptText);
    if (!world.store.get(sessionId)) return world.note(`title ${sessionId}: none (session gone)`);
    world.store.update(sessionId, (existing) => existing && { ...existing, title });
    peer.notify("session/update", {
      sessionId,
      update: { sessionUpdate: "session_info_update", title, _meta: { lody: { titleSource: "generated" } } },
    });
    world.note(`title ${sessionId}: sent`);
  }, 30);
}

/** The throwaway model run, faked: the prompt's words, capitalised, ≤ 80 characters, with a full stop. */
export function generateTitle(promptText: string): string {
  const words = promptText.replace(/\s+/g, " ").trim();
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return `${sentence.slice(0, 79).replace(/\.$/, "")}.`;
}
