/**
 * Turns that end honestly (issue 28 item 3). A turn that ends `end_turn` having shown nothing (no
 * reply text, no tool call, no plan) would otherwise look done: it gets a notice with Retry. A
 * turn cut off by the agent's token or request limit gets a notice with Continue, which sends a
 * short follow-up. Errors and refusals are said elsewhere (turn/failed, the status line).
 */
import type { NoticeEntry, StopReason, Thread, TurnEnding } from "./thread";
import type { ThreadAction } from "./threadActions";

/** Session updates that show the user something the agent did; thoughts alone are not a reply. */
const OUTPUT_UPDATES = new Set(["agent_message_chunk", "tool_call", "plan", "plan_update"]);

/** The follow-up Continue sends. */
export const CONTINUE_PROMPT = "Continue.";

/** Marks the running turn as having shown output, when `update` is output. */
export function markOutput(thread: Thread, update: unknown): Thread {
  const turn = thread.turn;
  if (turn.phase !== "running" || turn.output) return thread;
  const kind = (update as { sessionUpdate?: unknown } | null)?.sessionUpdate;
  if (typeof kind !== "string" || !OUTPUT_UPDATES.has(kind)) return thread;
  if (kind === "agent_message_chunk" && !hasText(update)) return thread;
  return { ...thread, turn: { ...turn, output: true } };
}

/** Output that does not come as a session update (a subagent's or a team member's work). */
export function markAnyOutput(thread: Thread): Thread {
  const turn = thread.turn;
  return turn.phase === "running" && !turn.output ? { ...thread, turn: { ...turn, output: true } } : thread;
}

function hasText(update: unknown): boolean {
  const content = (update as { content?: { type?: unknown; text?: unknown } }).content;
  return content?.type !== "text" || (typeof content.text === "string" && content.text.trim() !== "");
}

/**
 * A notice or an error since the prompt (the agent's own, or a quirk warning) already speaks for the
 * turn, and so does a mode change (an agent may answer `/plan` by switching and nothing else).
 */
function saidSomething(thread: Thread): boolean {
  for (let at = thread.entries.length - 1; at >= 0; at--) {
    const entry = thread.entries[at];
    if (entry?.kind === "user") return false;
    // An automatic retry's notice speaks for the failed attempt, not for the turn that followed.
    if ((entry?.kind === "notice" && !entry.retry) || entry?.kind === "error" || entry?.kind === "mode_change")
      return true;
  }
  return false;
}

/** The English titles (exports, stored transcripts); the panel shows them translated. */
export const ENDING_TITLES: Record<TurnEnding, string> = {
  empty: "The agent ended the turn without any output: no reply, no tool call, no plan.",
  max_tokens: "The agent stopped at its token limit.",
  max_turn_requests: "The agent stopped at its limit of requests for one turn.",
};

/** The notice a turn's ending leaves, if any. `id` is derived so host and replica fold the same entry. */
export function endingNotice(thread: Thread, stopReason: StopReason): NoticeEntry | undefined {
  const ending: TurnEnding | undefined =
    stopReason === "end_turn"
      ? thread.turn.phase === "running" && !thread.turn.output && !saidSomething(thread)
        ? "empty"
        : undefined
      : stopReason === "max_tokens" || stopReason === "max_turn_requests"
        ? stopReason
        : undefined;
  if (ending === undefined) return undefined;
  return {
    kind: "notice",
    id: `ending-${thread.entries.length}`,
    severity: "warning",
    title: ENDING_TITLES[ending],
    ending,
  };
}

/** The English title of an automatic retry (exports, stored transcripts); the panel shows it translated. */
export function retryTitle(retry: { attempt: number; of: number; delayMs: number; reason: string }): string {
  return `The agent's error looks temporary (${retry.reason}): retrying in ${Math.round(retry.delayMs / 1000)} s (attempt ${retry.attempt} of ${retry.of}).`;
}

/** The notice an automatic retry leaves: the wait, the attempt, and the agent's error. */
export function retryNotice(action: Extract<ThreadAction, { type: "turn/retrying" }>): NoticeEntry {
  const retry = { attempt: action.attempt, of: action.of, delayMs: action.delayMs, reason: action.reason };
  return {
    kind: "notice",
    id: action.entryId,
    severity: "warning",
    title: retryTitle(retry),
    description: action.error,
    retry,
  };
}
