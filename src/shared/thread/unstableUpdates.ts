/**
 * The `session/update` variants of ACP's unstable surface (SDK `schema.unstable.json`) that the
 * panel shows, as lenient zod schemas, like the stable ones in sessionUpdate.ts:
 * - `plan_update` / `plan_removed`: plans addressed by id (items, a file, or Markdown), shown
 *   beside the stable `plan`; advertised as `clientCapabilities.plan`.
 * - `subagent_update`, `session_message`, `session_message_chunk`: child sessions and the
 *   messages between sessions; advertised as `clientCapabilities.subagents`.
 * Patch semantics (subagent_update, session_message): omitted keeps a field, `null` clears it.
 */
import * as z from "zod";
import { contentBlockSchema, lenientArray, planEntrySchema } from "./sessionUpdate";

const optionalString = z.string().nullish().catch(undefined);

export const planContentSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("items"), planId: z.string(), entries: lenientArray(planEntrySchema).catch([]) }),
  z.looseObject({ type: z.literal("file"), planId: z.string(), uri: z.string() }),
  z.looseObject({ type: z.literal("markdown"), planId: z.string(), content: z.string() }),
]);
export type PlanContent = z.infer<typeof planContentSchema>;

/** A child's work state; only the tag and an idle turn's stop reason and usage are read. */
const childStateSchema = z.looseObject({
  state: z.string(),
  stopReason: z.string().nullish().catch(undefined),
  usage: z.looseObject({ totalTokens: z.number() }).nullish().catch(undefined),
});

export const unstableUpdateSchema = z.discriminatedUnion("sessionUpdate", [
  z.looseObject({ sessionUpdate: z.literal("plan_update"), plan: planContentSchema }),
  z.looseObject({ sessionUpdate: z.literal("plan_removed"), planId: z.string() }),
  z.looseObject({
    sessionUpdate: z.literal("subagent_update"),
    sessionId: z.string(),
    title: optionalString,
    description: optionalString,
    // `undefined`: unchanged; `null`: cleared (activity unconfirmed).
    state: childStateSchema.nullish().catch(undefined),
  }),
  z.looseObject({
    sessionUpdate: z.literal("session_message"),
    messageId: z.string(),
    senderSessionId: optionalString,
    recipientSessionId: optionalString,
    senderMessageId: optionalString,
    recipientMessageId: optionalString,
    content: lenientArray(contentBlockSchema).nullish().catch(undefined),
  }),
  z.looseObject({
    sessionUpdate: z.literal("session_message_chunk"),
    messageId: z.string(),
    content: contentBlockSchema,
  }),
]);
export type UnstableUpdate = z.infer<typeof unstableUpdateSchema>;

/** The tags above, for the capability advertisement and the schema-derived tests. */
export const UNSTABLE_UPDATE_TAGS: readonly string[] = unstableUpdateSchema.options.map(
  (option) => option.shape.sessionUpdate.value,
);
