/**
 * How to steer a running turn, from what the agent advertised:
 * - Lody (`agentCapabilities._meta.lody.steering`): `_lody/session/steer` with a `steerId`, applied
 *   by `_lody/session/steer_applied`;
 * - the Codex/Claude convention (`_meta.steering.supported`): `_session/steering`;
 * - prompt queueing (`_meta.claudeCode.promptQueueing`, and CodeBuddy, whose second
 *   `session/prompt` during a turn is dispatched into it): a concurrent `session/prompt`;
 * - otherwise none: the client queues the message until the turn ends.
 */
import type * as acp from "@agentclientprotocol/sdk";

export type SteeringRoute = "lody" | "session" | "prompt" | "none";

export function steeringRouteOf(init: acp.InitializeResponse): SteeringRoute {
  const agentMeta = init.agentCapabilities?._meta as
    { lody?: { steering?: unknown }; claudeCode?: { promptQueueing?: unknown } } | null | undefined;
  const topMeta = init._meta as
    { steering?: { supported?: unknown }; claudeCode?: { promptQueueing?: unknown } } | null | undefined;
  if (agentMeta?.lody?.steering) return "lody";
  if (topMeta?.steering?.supported === true) return "session";
  if (agentMeta?.claudeCode?.promptQueueing || topMeta?.claudeCode?.promptQueueing) return "prompt";
  const caps = init.agentCapabilities as { delegateToolsSupport?: unknown } | undefined;
  if (/codebuddy/i.test(init.agentInfo?.name ?? "") || caps?.delegateToolsSupport === true) return "prompt";
  return "none";
}

/** What became of a steer. `prompt-required`: the agent wants it as a normal prompt (it is idle). */
export type SteerOutcome = "applied" | "started-new-turn" | "prompt-required" | "failed";

export function steerOutcomeOf(result: unknown): SteerOutcome {
  const outcome = (result as { outcome?: unknown } | null | undefined)?.outcome;
  if (outcome === "injected") return "applied";
  if (outcome === "startedNewTurn") return "started-new-turn";
  if (outcome === "promptRequired") return "prompt-required";
  return "failed";
}

/** Extension notifications that confirm a steer, by method. */
export const STEER_APPLIED_METHODS = new Set(["_lody/session/steer_applied", "_session/steering_applied"]);
