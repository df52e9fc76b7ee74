/**
 * The ACP `session/update` payloads the thread reducer folds, as lenient zod schemas.
 *
 * Lenient on purpose: agents add `_meta`, vendor fields and new variants. Each known variant is
 * checked for the fields the reducer reads (unknown enum values fall back, as the SDK does);
 * an update that fails its schema, or has an unknown `sessionUpdate`, is kept as "unknown" so
 * the host can log it and the reducer can ignore it without throwing.
 */
import * as z from "zod";

/** ACP ContentBlock (MCP-compatible). Unknown block types pass through as `{type}`. */
export const contentBlockSchema = z.looseObject({ type: z.string() });
export type ContentBlock = z.infer<typeof contentBlockSchema>;

const meta = z.record(z.string(), z.unknown()).nullish().catch(undefined);
const optionalString = z.string().nullish().catch(undefined);

export const chunkUpdateSchema = z.looseObject({
  sessionUpdate: z.enum(["user_message_chunk", "agent_message_chunk", "agent_thought_chunk"]),
  content: contentBlockSchema,
  messageId: optionalString,
});
export type ChunkUpdate = z.infer<typeof chunkUpdateSchema>;

export const toolKinds = [
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "execute",
  "think",
  "fetch",
  "switch_mode",
  "other",
] as const;
export type ToolKind = (typeof toolKinds)[number];
export const wireToolStatuses = ["pending", "in_progress", "completed", "failed"] as const;

/** ToolCallContent: text/media content, a diff, or an embedded terminal. Unknown items are dropped. */
export const toolContentSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("content"), content: contentBlockSchema }),
  z.looseObject({ type: z.literal("diff"), path: z.string(), oldText: z.string().nullish(), newText: z.string() }),
  z.looseObject({ type: z.literal("terminal"), terminalId: z.string() }),
]);
export type ToolContent = z.infer<typeof toolContentSchema>;

export const toolLocationSchema = z.looseObject({
  path: z.string(),
  line: z.number().int().nullish().catch(undefined),
});
export type ToolLocation = z.infer<typeof toolLocationSchema>;

/**
 * Parse options for the update schemas: zod's interpreted path, never its compiled one. In the
 * extension host zod would compile a parser (`new Function`) for each object schema the first time
 * it meets one: about 90 ms in a window's first session, in the middle of its first load or turn,
 * for parses that take microseconds either way (the webview's zod is jitless anyway: its CSP
 * forbids eval). Per parse, not zod's global `jitless`: the extension host's zod config is shared
 * with every other extension running there (`globalThis.__zod_globalConfig`).
 */
export const INTERPRETED = { jitless: true } as const;

/** Arrays of which only the valid items are kept (the SDK removes unknown content items too). */
export function lenientArray<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((raw) => {
      const parsed = item.safeParse(raw, INTERPRETED);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

const toolFields = {
  toolCallId: z.string(),
  title: optionalString,
  name: optionalString,
  kind: z.enum(toolKinds).nullish().catch("other"),
  status: z.enum(wireToolStatuses).nullish().catch(undefined),
  content: lenientArray(toolContentSchema).nullish().catch(undefined),
  locations: lenientArray(toolLocationSchema).nullish().catch(undefined),
  rawInput: z.unknown().optional(),
  rawOutput: z.unknown().optional(),
  _meta: meta,
};
export const toolCallUpdateSchema = z.looseObject({
  sessionUpdate: z.enum(["tool_call", "tool_call_update"]),
  ...toolFields,
});
export type ToolCallUpdate = z.infer<typeof toolCallUpdateSchema>;

export const planEntrySchema = z.looseObject({
  content: z.string(),
  priority: z.enum(["high", "medium", "low"]).catch("medium"),
  status: z.enum(["pending", "in_progress", "completed"]).catch("pending"),
});
export type PlanEntry = z.infer<typeof planEntrySchema>;

export const availableCommandSchema = z.looseObject({
  name: z.string(),
  description: z.string().catch(""),
  input: z.looseObject({ hint: z.string() }).nullish().catch(undefined),
});
export type AvailableCommand = z.infer<typeof availableCommandSchema>;

const selectOptionSchema = z.looseObject({ value: z.string(), name: z.string(), description: optionalString });
const selectGroupSchema = z.looseObject({ group: z.string(), name: z.string(), options: z.array(selectOptionSchema) });
/** SessionConfigOption; options of an unknown `type` are dropped by the caller. */
export const configOptionSchema = z.union([
  z.looseObject({
    type: z.literal("select"),
    id: z.string(),
    name: z.string(),
    description: optionalString,
    category: optionalString,
    currentValue: z.string(),
    options: z.union([z.array(selectOptionSchema), z.array(selectGroupSchema)]),
  }),
  z.looseObject({
    type: z.literal("boolean"),
    id: z.string(),
    name: z.string(),
    description: optionalString,
    category: optionalString,
    currentValue: z.boolean(),
  }),
]);
export type ConfigOption = z.infer<typeof configOptionSchema>;
export const configOptionsSchema = lenientArray(configOptionSchema);

export const modeStateSchema = z.looseObject({
  currentModeId: z.string(),
  availableModes: z.array(z.looseObject({ id: z.string(), name: z.string(), description: optionalString })),
});
export type ModeState = z.infer<typeof modeStateSchema>;

export const usageSchema = z.looseObject({
  used: z.number(),
  size: z.number(),
  cost: z.looseObject({ amount: z.number(), currency: z.string() }).nullish().catch(undefined),
});

/** Every stable variant the reducer understands, by its `sessionUpdate` tag. */
export const knownUpdateSchema = z.discriminatedUnion("sessionUpdate", [
  chunkUpdateSchema,
  toolCallUpdateSchema,
  z.looseObject({ sessionUpdate: z.literal("plan"), entries: lenientArray(planEntrySchema) }),
  z.looseObject({
    sessionUpdate: z.literal("available_commands_update"),
    availableCommands: lenientArray(availableCommandSchema),
  }),
  z.looseObject({ sessionUpdate: z.literal("current_mode_update"), currentModeId: z.string() }),
  z.looseObject({ sessionUpdate: z.literal("config_option_update"), configOptions: configOptionsSchema }),
  z.looseObject({
    sessionUpdate: z.literal("session_info_update"),
    title: z.string().nullish(),
    updatedAt: z.string().nullish(),
    _meta: meta,
  }),
  z.looseObject({ sessionUpdate: z.literal("usage_update"), ...usageSchema.shape }),
  z.looseObject({
    sessionUpdate: z.literal("notice"),
    severity: z.string().catch("info"),
    title: z.string(),
    description: optionalString,
  }),
  z.looseObject({
    sessionUpdate: z.literal("compaction_update"),
    compactionId: z.string(),
    status: z.string().catch("in_progress"),
    summary: z.array(contentBlockSchema).nullish(),
    error: z.string().nullish(),
  }),
  z.looseObject({
    sessionUpdate: z.literal("compaction_summary_chunk"),
    compactionId: z.string(),
    content: contentBlockSchema,
  }),
]);
export type KnownUpdate = z.infer<typeof knownUpdateSchema>;

/** Any update as it crosses the host/webview boundary: narrowed by the reducer. */
export const sessionUpdateSchema = z.looseObject({ sessionUpdate: z.string() });
export type SessionUpdate = z.infer<typeof sessionUpdateSchema>;

/** The text a content block contributes to a message, or a short placeholder for non-text blocks. */
export function contentBlockText(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return typeof block.text === "string" ? block.text : "";
    case "resource_link":
      return typeof block.uri === "string"
        ? `[${typeof block.name === "string" ? block.name : block.uri}](${block.uri})`
        : "";
    case "resource": {
      const resource = block.resource as { uri?: unknown; text?: unknown } | undefined;
      return typeof resource?.text === "string" ? resource.text : "";
    }
    default:
      return `[${block.type}]`;
  }
}
