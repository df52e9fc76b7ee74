/**
 * What a thread is doing, as one derived value: the status line, the status bar, the tab list
 * and the session list all read it, so they never disagree about whether the agent works or
 * waits for the user. A pending permission or form wins over "running": the turn is blocked on
 * the user, not on the agent.
 */
import type { Thread } from "../thread/thread";
import { english, type Translate } from "../l10n";

export type ThreadPhase =
  | "idle"
  | "running"
  | "cancelling"
  /** A `session/request_permission` waits for an answer. */
  | "awaiting_permission"
  /** An `elicitation/create` form waits for an answer (and no permission does). */
  | "awaiting_form";

export function threadPhase(thread: Pick<Thread, "turn" | "permissions" | "forms">): ThreadPhase {
  if (thread.turn.phase === "cancelling") return "cancelling";
  if (thread.permissions.length > 0) return "awaiting_permission";
  if (thread.forms.length > 0) return "awaiting_form";
  return thread.turn.phase;
}

/** True while the agent waits for the user (a permission or a form). */
export function isAwaitingUser(phase: ThreadPhase): phase is "awaiting_permission" | "awaiting_form" {
  return phase === "awaiting_permission" || phase === "awaiting_form";
}

/** The status line's words for a phase that waits for the user. */
export function describeAwaiting(phase: "awaiting_permission" | "awaiting_form", t: Translate = english): string {
  return phase === "awaiting_permission" ? t("Waiting for your approval") : t("Waiting for your answer");
}
