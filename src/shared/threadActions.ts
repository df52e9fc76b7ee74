/**
 * Everything that changes a thread, as zod schemas so the webview can validate what the host
 * sends. Ids and timestamps arrive on the action: the reducer stays pure and both replicas fold
 * to identical state.
 */
import * as z from "zod";
import { configOptionsSchema, contentBlockSchema, modeStateSchema, sessionUpdateSchema } from "./sessionUpdate";

/** PromptResponse.usage (unstable in ACP, sent by several agents). */
export const turnUsageSchema = z.looseObject({
  totalTokens: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  thoughtTokens: z.number().nullish(),
  cachedReadTokens: z.number().nullish(),
  cachedWriteTokens: z.number().nullish(),
});
export type TurnUsage = z.infer<typeof turnUsageSchema>;

const stopReasonSchema = z.enum(["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"]);

export const threadActionSchema = z.discriminatedUnion("type", [
  /** The user sent a prompt: adds their message and starts a turn. */
  z.object({
    type: z.literal("turn/started"), entryId: z.string(), text: z.string(), at: z.number(),
    attachments: z.array(contentBlockSchema).optional(),
  }),
  /** Stop was pressed; `session/cancel` is on its way. */
  z.object({ type: z.literal("turn/cancelling") }),
  /** The agent answered `session/prompt`; `usage` is the turn's token usage when the agent reports it. */
  z.object({ type: z.literal("turn/ended"), stopReason: stopReasonSchema, usage: turnUsageSchema.optional() }),
  /** The prompt failed (error response, crash): ends the turn and shows why. */
  z.object({ type: z.literal("turn/failed"), entryId: z.string(), message: z.string(), details: z.string().optional() }),
  /** One ACP `session/update`; `entryId` names the entry it creates, if it creates one. */
  z.object({ type: z.literal("acp/update"), entryId: z.string(), update: sessionUpdateSchema }),
  /** An error outside a turn (agent crashed while idle, failed to start). */
  z.object({ type: z.literal("thread/error"), entryId: z.string(), message: z.string(), details: z.string().optional() }),
  /** Config options / modes from a `session/new|load|resume` or `set_config_option` response (complete state). */
  z.object({ type: z.literal("session/state"), configOptions: configOptionsSchema.optional(), modes: modeStateSchema.optional() }),
  /** Start over with an empty thread (new session). */
  z.object({ type: z.literal("thread/reset") }),
]);

export type ThreadAction = z.infer<typeof threadActionSchema>;
