/**
 * The conversation model, after Zed's `acp_thread`: an ordered list of entries, the session
 * state the agent keeps up to date (plan, commands, modes, config, title, usage), and the state
 * of the current turn. Host and webview both hold one and fold the same actions into it.
 */
import type { TurnUsage } from "./turnUsage";
import type {
  AvailableCommand,
  ConfigOption,
  ContentBlock,
  ModeState,
  PlanEntry,
  ToolContent,
  ToolKind,
  ToolLocation,
} from "./sessionUpdate";
import type { PlanContent } from "./unstableUpdates";

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
  /** Non-text blocks sent with the prompt (files, selections, images). */
  readonly attachments?: readonly ContentBlock[];
  /** Set when the message was sent to steer a running turn. */
  readonly steer?: { readonly id: string; readonly state: "pending" | "applied" | "failed" };
  /** The workspace checkpoint taken just before this message went to the agent ("Restore checkpoint"). */
  readonly checkpoint?: string;
}

export interface AssistantEntry {
  readonly kind: "assistant";
  readonly id: string;
  readonly messageId?: string;
  readonly chunks: readonly AssistantChunk[];
}

/**
 * Wire statuses plus the client-only ones: `awaiting_permission` (a permission prompt is open
 * for it) and `cancelled` (the turn was cancelled before it finished).
 */
export type ToolStatus = "pending" | "in_progress" | "completed" | "failed" | "awaiting_permission" | "cancelled";

export interface ToolCallEntry {
  readonly kind: "tool_call";
  readonly id: string;
  readonly toolCallId: string;
  readonly title: string;
  readonly toolKind: ToolKind;
  readonly status: ToolStatus;
  readonly content: readonly ToolContent[];
  readonly locations: readonly ToolLocation[];
  readonly name?: string;
  readonly rawInput?: unknown;
  readonly rawOutput?: unknown;
}

/**
 * Context compaction, from ACP `compaction_update`/`compaction_summary_chunk` or from Bub's
 * `_meta.contextCompaction` tool calls: one notice, never shown as an ordinary tool.
 */
export interface CompactionEntry {
  readonly kind: "compaction";
  readonly id: string;
  readonly compactionId: string;
  readonly status: "in_progress" | "completed" | "failed" | "cancelled";
  readonly summary: string;
  readonly error?: string;
}

export type TurnEnding = "empty" | "max_tokens" | "max_turn_requests";

export interface NoticeEntry {
  readonly kind: "notice";
  readonly id: string;
  readonly severity: "info" | "warning" | "error";
  readonly title: string;
  readonly description?: string;
  /** A restore that can be taken back: "Redo" puts the files back as they were before it. */
  readonly redo?: { readonly restoreId: string; readonly state: "available" | "done" };
  /** A checkpoint that was pruned or cleared and can still come back: "Bring back" restores its button. */
  readonly bringBack?: { readonly checkpointId: string; readonly state: "available" | "done" };
  /**
   * How a turn ended, when that needs saying (turnEnding.ts): "empty" (nothing shown) offers Retry,
   * the two limits offer Continue. The title stays English for exports; the panel translates.
   */
  readonly ending?: TurnEnding;
  /** An automatic retry after a temporary error (autoRetry.ts): the panel says it translated. */
  readonly retry?: { readonly attempt: number; readonly of: number; readonly delayMs: number; readonly reason: string };
  /**
   * The line an answered permission or form leaves (the card itself goes): what was chosen. The
   * title says it in English (exports, the journal); the panel shows it translated.
   */
  readonly answer?: RequestAnswer;
}

export type RequestAnswer =
  | { readonly kind: "permission"; readonly choice: string }
  | { readonly kind: "form"; readonly outcome: "accept" | "decline" | "cancel" };

/** Something the user must see in the timeline: an agent error, a failed turn, a crash. */
export interface ErrorEntry {
  readonly kind: "error";
  readonly id: string;
  readonly message: string;
  /** Extra detail, such as the agent's stderr tail. */
  readonly details?: string;
}

/**
 * The session's mode changed (`current_mode_update`: the agent's own switch, or the user's, which
 * is folded as one too): a divider, so the transcript shows where e.g. Plan mode ended. The name is
 * the mode's as it was then, so the row and an export read right if the modes change later.
 */
export interface ModeChangeEntry {
  readonly kind: "mode_change";
  readonly id: string;
  readonly modeId: string;
  /** The mode's name in `availableModes` at the change; its id when it had none. */
  readonly name: string;
  /**
   * The mode before this change; only on a marker the reducer made (never stored): a change back to
   * it, with nothing between, removes the marker (reduceModeChange.ts). A restored marker has none.
   */
  readonly previousModeId?: string;
}

export type ThreadEntry =
  UserEntry | AssistantEntry | ToolCallEntry | CompactionEntry | NoticeEntry | ErrorEntry | ModeChangeEntry;

export type StopReason = "end_turn" | "max_tokens" | "max_turn_requests" | "refusal" | "cancelled";

/** How the last turn ended: the agent's stop reason, or "error" when the prompt failed. */
export type TurnOutcome = StopReason | "error";

/**
 * The turn's state. `cancelling` is client-only: Stop was pressed and `session/cancel` sent, but
 * the agent has not answered the prompt yet. `stopUnconfirmed`: the turn is shown stopped, but the
 * agent has not answered its prompt yet (agents that ignore `session/cancel`).
 */
export type TurnState =
  | { readonly phase: "idle"; readonly lastStop?: TurnOutcome; readonly stopUnconfirmed?: true }
  /** `output`: the turn has shown a reply, a tool call or a plan (turnEnding.ts). */
  | { readonly phase: "running"; readonly startedAt: number; readonly output?: true }
  | { readonly phase: "cancelling"; readonly startedAt: number };

export interface ContextUsage {
  readonly used: number;
  readonly size: number;
  readonly cost?: { readonly amount: number; readonly currency: string };
}

/** A `session/request_permission` waiting for the user. Options are answered by id, chosen by `kind`. */
export interface PendingPermission {
  readonly requestId: string;
  readonly toolCallId: string;
  readonly options: readonly { readonly optionId: string; readonly name: string; readonly kind: string }[];
}

/** An `elicitation/create` form waiting for the user. */
export interface PendingForm {
  readonly requestId: string;
  readonly message: string;
  /** The requested JSON schema (ACP ElicitationSchema), validated when rendered. */
  readonly schema: unknown;
  readonly toolCallId?: string;
}

/** Output of a client-side terminal, kept for display after release. */
export interface TerminalView {
  readonly command: string;
  readonly output: string;
  readonly exit?: { readonly exitCode: number | null; readonly signal: string | null };
  /** While it runs: the panel runs it (`terminal/create`), so its card offers Kill command. Gone once it exits. */
  readonly killable?: boolean;
}

/** A file the agent changed, for the "Files changed" review. Contents stay on the host. */
export interface FileChange {
  readonly path: string;
  readonly additions: number;
  readonly deletions: number;
  readonly created: boolean;
  /** False when the previous content is unknown or the change is not the agent's (see `origin`). */
  readonly undoable: boolean;
  readonly state: "pending" | "kept" | "undone";
  /**
   * "agent": a tool call or `fs` request of the agent explains it. "user": the file changed during
   * the turn, but not by the agent (the user's editor, or nothing the agent did): listed, never undone.
   * Absent = "agent" (older snapshots).
   */
  readonly origin?: "agent" | "user";
  /** Not a text file: no line counts, shown as binary; restorable from the checkpoint. */
  readonly binary?: boolean;
  /** Why Undo is not offered, when it is not (shown as the button's description). */
  readonly reason?: string;
}

/** A message waiting for the running turn to end (agents without steering); editable until sent. */
export interface QueuedPrompt {
  readonly id: string;
  readonly text: string;
  /** The agent ended (crashed) before this went out: held until the user sends it again. */
  readonly notSent?: true | undefined;
}

/** Progress of a subagent run (Lody `_lody/subagents/event`); all optional. */
export interface SubagentProgress {
  readonly lastToolName?: string;
  readonly toolsUsed?: number;
  readonly toolCallCount?: number;
  readonly turnCount?: number;
  readonly durationMs?: number;
  readonly totalTokens?: number;
}

/**
 * A nested run: a Lody subagent, or a CodeBuddy team member's lane. Its output is a thread of its
 * own, folded by the same reducer.
 */
export interface SubagentRun {
  readonly runId: string;
  readonly kind: "subagent" | "member";
  /** `waiting`: a standard subagent blocked on the user (ACP `requires_action`). */
  readonly state: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled" | "unknown";
  readonly description?: string;
  readonly summary?: string;
  readonly reason?: string;
  readonly startedAt?: number;
  readonly endedAt?: number;
  readonly progress: SubagentProgress;
  /** The parent's `subagent` tool call this run belongs to, when one was running. */
  readonly parentToolCallId?: string;
  /** How many parent entries there were when the run started: the timeline shows it after them. */
  readonly position?: number;
  readonly thread: Thread;
}

/** A message between sessions (unstable `session_message` / `session_message_chunk`), by id. */
export interface SessionMessageView {
  readonly messageId: string;
  readonly sender?: string;
  readonly recipient?: string;
  /** The same message's id in the other session's transcript (incoming / outgoing view). */
  readonly senderMessageId?: string;
  readonly recipientMessageId?: string;
  readonly text: string;
}

/** An LLM provider the agent lets the user route (unstable `providers/list`). */
export interface ProviderView {
  readonly providerId: string;
  readonly supported: readonly string[];
  /** Mandatory: never offered for `providers/disable`. */
  readonly required: boolean;
  /** Absent: the provider is disabled. */
  readonly current?: { readonly apiType: string; readonly baseUrl: string } | undefined;
}

export interface Thread {
  readonly entries: readonly ThreadEntry[];
  readonly turn: TurnState;
  /** toolCallId / compactionId → index in `entries` (entries are append-only, so indexes stay valid). */
  readonly index: Readonly<Record<string, number>>;
  readonly plan: readonly PlanEntry[];
  readonly commands: readonly AvailableCommand[];
  readonly configOptions: readonly ConfigOption[];
  readonly modes?: ModeState;
  /** From `session_info_update`; `undefined` until the agent names the session. */
  readonly title?: string;
  readonly usage?: ContextUsage;
  readonly permissions: readonly PendingPermission[];
  readonly forms: readonly PendingForm[];
  readonly terminals: Readonly<Record<string, TerminalView>>;
  readonly changes: readonly FileChange[];
  readonly queue: readonly QueuedPrompt[];
  /** Subagent runs and member lanes, by run id, in arrival order. */
  readonly runs: Readonly<Record<string, SubagentRun>>;
  readonly runOrder: readonly string[];
  /** Token usage of the last finished turn, when the agent reported it. */
  readonly turnUsage?: TurnUsage;
  /** Plans addressed by id (unstable `plan_update`), in first-seen order; shown beside `plan`. */
  readonly idPlans?: readonly PlanContent[];
  /** Messages between this session and its subagents (unstable), in first-seen order. */
  readonly sessionMessages?: readonly SessionMessageView[];
  /** The agent's configurable providers, when it offers `providers/list`. */
  readonly providers?: readonly ProviderView[];
  /**
   * Set only on the tail of a long thread that the host sends the webview ahead of the whole
   * (threadTail.ts): how many older entries are not here yet. The reducer never sets it.
   */
  readonly omittedEntries?: number;
}

export const emptyThread: Thread = {
  entries: [],
  turn: { phase: "idle" },
  index: {},
  plan: [],
  commands: [],
  configOptions: [],
  permissions: [],
  forms: [],
  terminals: {},
  changes: [],
  queue: [],
  runs: {},
  runOrder: [],
};
