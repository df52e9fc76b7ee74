/**
 * Everything that changes a thread, as zod schemas so the webview can validate what the host
 * sends. Ids and timestamps arrive on the action: the reducer stays pure and both replicas fold
 * to identical state.
 */
import * as z from "zod";
import { configOptionsSchema, contentBlockSchema, modeStateSchema, sessionUpdateSchema } from "./sessionUpdate";
import { storedEntrySchema } from "./storedTranscript";
import { turnUsageSchema } from "./turnUsage";

const stopReasonSchema = z.enum(["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"]);

export const threadActionSchema = z.discriminatedUnion("type", [
  /** The user sent a prompt: adds their message and starts a turn. */
  z.object({
    type: z.literal("turn/started"),
    entryId: z.string(),
    text: z.string(),
    at: z.number(),
    attachments: z.array(contentBlockSchema).optional(),
  }),
  /** Stop was pressed; `session/cancel` is on its way. */
  z.object({ type: z.literal("turn/cancelling") }),
  /** The agent answered `session/prompt`; `usage` is the turn's token usage when the agent reports it. */
  z.object({ type: z.literal("turn/ended"), stopReason: stopReasonSchema, usage: turnUsageSchema.optional() }),
  /** Stop was pressed and the agent has not answered the prompt within the grace period: shown stopped anyway. */
  z.object({ type: z.literal("turn/stopUnconfirmed") }),
  /** The agent answered the prompt of a turn already shown stopped. */
  z.object({ type: z.literal("turn/stopConfirmed") }),
  /** The prompt failed (error response, crash): ends the turn and shows why. */
  z.object({
    type: z.literal("turn/failed"),
    entryId: z.string(),
    message: z.string(),
    details: z.string().optional(),
  }),
  /**
   * The prompt failed with a temporary error and auto-retry is on: the turn goes on, and the same
   * prompt is sent again after `delayMs` (attempt `attempt` of `of`). Shown as a notice.
   */
  z.object({
    type: z.literal("turn/retrying"),
    entryId: z.string(),
    attempt: z.number().int().positive(),
    of: z.number().int().positive(),
    delayMs: z.number().nonnegative(),
    reason: z.enum(["rate limited", "overloaded", "server error"]),
    error: z.string(),
  }),
  /** One ACP `session/update`; `entryId` names the entry it creates, if it creates one. */
  z.object({ type: z.literal("acp/update"), entryId: z.string(), update: sessionUpdateSchema }),
  /** An error outside a turn (agent crashed while idle, failed to start). */
  z.object({
    type: z.literal("thread/error"),
    entryId: z.string(),
    message: z.string(),
    details: z.string().optional(),
  }),
  /** Config options / modes from a `session/new|load|resume` or `set_config_option` response (complete state). */
  z.object({
    type: z.literal("session/state"),
    configOptions: configOptionsSchema.optional(),
    modes: modeStateSchema.optional(),
  }),
  /** The agent asked permission for a tool call (which may not have been announced yet). */
  z.object({
    type: z.literal("permission/requested"),
    requestId: z.string(),
    entryId: z.string(),
    toolCall: z.looseObject({ toolCallId: z.string() }),
    options: z.array(z.object({ optionId: z.string(), name: z.string(), kind: z.string() })),
  }),
  /** Answered by the user, by a rule, or cancelled with the turn. */
  z.object({
    type: z.literal("permission/resolved"),
    requestId: z.string(),
    outcome: z.union([z.object({ optionId: z.string(), kind: z.string() }), z.literal("cancelled")]),
  }),
  z.object({
    type: z.literal("form/requested"),
    requestId: z.string(),
    message: z.string(),
    schema: z.unknown(),
    toolCallId: z.string().optional(),
  }),
  /** `outcome` (how the user answered) leaves a line in the transcript; absent from older hosts. */
  z.object({
    type: z.literal("form/resolved"),
    requestId: z.string(),
    outcome: z.enum(["accept", "decline", "cancel"]).optional(),
  }),
  /** `killable`: the panel runs it (ACP `terminal/create`), so the user may kill it; not an agent's own shell. */
  z.object({
    type: z.literal("terminal/created"),
    terminalId: z.string(),
    command: z.string(),
    killable: z.boolean().optional(),
  }),
  z.object({ type: z.literal("terminal/output"), terminalId: z.string(), chunk: z.string() }),
  z.object({
    type: z.literal("terminal/exited"),
    terminalId: z.string(),
    exitCode: z.number().nullable(),
    signal: z.string().nullable(),
  }),
  /** The agent changed a file (through fs/write_text_file or its own tools). */
  z.object({
    type: z.literal("review/recorded"),
    path: z.string(),
    additions: z.number(),
    deletions: z.number(),
    created: z.boolean(),
    undoable: z.boolean(),
    origin: z.enum(["agent", "user"]).optional(),
    binary: z.boolean().optional(),
    reason: z.string().optional(),
  }),
  /** A checkpoint of the workspace was taken before the user's message `entryId` reached the agent. */
  z.object({ type: z.literal("checkpoint/taken"), entryId: z.string(), checkpointId: z.string() }),
  /** Files were restored to a checkpoint: a notice that says what, with "Redo" (restoreId). */
  z.object({
    type: z.literal("checkpoint/restored"),
    entryId: z.string(),
    title: z.string(),
    description: z.string().optional(),
    restoreId: z.string(),
  }),
  /** A checkpoint went (the storage budget, or Clear Checkpoints): its message loses "Restore checkpoint", a notice says so. */
  z.object({ type: z.literal("checkpoint/dropped"), checkpointId: z.string(), entryId: z.string(), title: z.string() }),
  /** A pruned or cleared checkpoint was brought back: message `entryId` has "Restore checkpoint" again. */
  z.object({ type: z.literal("checkpoint/revived"), checkpointId: z.string(), entryId: z.string() }),
  /** A restore was taken back (Redo): its notice no longer offers Redo. */
  z.object({ type: z.literal("checkpoint/redone"), restoreId: z.string() }),
  z.object({ type: z.literal("review/resolved"), path: z.string(), state: z.enum(["kept", "undone"]) }),
  /** A listed file holds again what it held before the turn (a temporary file come and gone, an edit reverted): no row. */
  z.object({ type: z.literal("review/dropped"), path: z.string() }),
  /** A message sent to steer the running turn; shown pending until the agent applies it. */
  z.object({ type: z.literal("steer/sent"), entryId: z.string(), steerId: z.string(), text: z.string() }),
  z.object({ type: z.literal("steer/applied"), steerId: z.string() }),
  z.object({ type: z.literal("steer/failed"), steerId: z.string(), entryId: z.string(), message: z.string() }),
  /** The agent started a turn nobody prompted (a late steer became a new turn). */
  z.object({ type: z.literal("turn/unowned"), at: z.number() }),
  /** The whole queue of prompts waiting for the turn to end (host-owned). */
  z.object({
    type: z.literal("queue/set"),
    items: z.array(z.object({ id: z.string(), text: z.string(), notSent: z.literal(true).optional() })),
  }),
  /** A Lody subagent event (validated leniently by the reducer). */
  z.object({ type: z.literal("subagent/event"), entryId: z.string(), event: z.unknown() }),
  /** An update tagged for a CodeBuddy team member: goes to the member's lane. */
  z.object({ type: z.literal("member/update"), entryId: z.string(), member: z.string(), update: sessionUpdateSchema }),
  /** The agent's providers, from `providers/list` (complete state; unstable). */
  z.object({
    type: z.literal("providers/state"),
    providers: z.array(
      z.object({
        providerId: z.string(),
        supported: z.array(z.string()),
        required: z.boolean(),
        current: z.object({ apiType: z.string(), baseUrl: z.string() }).optional(),
      }),
    ),
  }),
  /** Start over with an empty thread (new session). */
  z.object({ type: z.literal("thread/reset") }),
  /** Start over with a transcript kept locally (an agent that cannot reopen its sessions). */
  z.object({ type: z.literal("thread/restored"), entries: z.array(storedEntrySchema), title: z.string().optional() }),
]);

export type ThreadAction = z.infer<typeof threadActionSchema>;
