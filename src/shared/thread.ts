/**
 * The conversation model, after Zed's `acp_thread`: an ordered list of entries plus the state of
 * the current turn. Host and webview both hold one and fold the same actions into it.
 */

/** A run of assistant output: visible reply text, or a thought shown dimmed and collapsible. */
export interface AssistantChunk {
  readonly kind: "message" | "thought";
  readonly text: string;
}

export interface UserEntry {
  readonly kind: "user";
  readonly id: string;
  readonly text: string;
  /** ACP `messageId`, when the agent or the client gave one. */
  readonly messageId?: string;
}

export interface AssistantEntry {
  readonly kind: "assistant";
  readonly id: string;
  readonly messageId?: string;
  readonly chunks: readonly AssistantChunk[];
}

/** Something the user must see in the timeline: an agent error, a failed turn, a crash. */
export interface ErrorEntry {
  readonly kind: "error";
  readonly id: string;
  readonly message: string;
  /** Extra detail, such as the agent's stderr tail. */
  readonly details?: string;
}

export type ThreadEntry = UserEntry | AssistantEntry | ErrorEntry;

export type StopReason = "end_turn" | "max_tokens" | "max_turn_requests" | "refusal" | "cancelled";

/** How the last turn ended: the agent's stop reason, or "error" when the prompt failed. */
export type TurnOutcome = StopReason | "error";

/**
 * The turn's state. `cancelling` is client-only: Stop was pressed and `session/cancel` sent, but
 * the agent has not answered the prompt yet.
 */
export type TurnState =
  | { readonly phase: "idle"; readonly lastStop?: TurnOutcome }
  | { readonly phase: "running"; readonly startedAt: number }
  | { readonly phase: "cancelling"; readonly startedAt: number };

export interface Thread {
  readonly entries: readonly ThreadEntry[];
  readonly turn: TurnState;
}

export const emptyThread: Thread = { entries: [], turn: { phase: "idle" } };

export function isTurnActive(thread: Thread): boolean {
  return thread.turn.phase !== "idle";
}
