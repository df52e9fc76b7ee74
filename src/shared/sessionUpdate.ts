/**
 * The ACP `session/update` payloads the thread reducer folds, as lenient zod schemas.
 *
 * Lenient on purpose: agents add `_meta`, vendor fields and new variants. Known variants are
 * checked for the fields the reducer reads; anything else is kept as an `unknownUpdate` so the
 * UI can show it instead of silently dropping it (the SDK drops unknown variants; the host
 * recovers them from the raw stream).
 */
import { z } from "zod";

/** ACP ContentBlock (MCP-compatible). Unknown block types pass through as `{type}`. */
export const contentBlockSchema = z.looseObject({ type: z.string() });
export type ContentBlock = z.infer<typeof contentBlockSchema>;

const messageId = z.string().nullish();

export const chunkUpdateSchema = z.looseObject({
  sessionUpdate: z.enum(["user_message_chunk", "agent_message_chunk", "agent_thought_chunk"]),
  content: contentBlockSchema,
  messageId,
});
export type ChunkUpdate = z.infer<typeof chunkUpdateSchema>;

/** Any update: the reducer narrows by `sessionUpdate` and ignores what it does not know yet. */
export const sessionUpdateSchema = z.looseObject({ sessionUpdate: z.string() });
export type SessionUpdate = z.infer<typeof sessionUpdateSchema>;

/** The text a content block contributes to a message, or a short placeholder for non-text blocks. */
export function contentBlockText(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return typeof block.text === "string" ? block.text : "";
    case "resource_link":
      return typeof block.uri === "string" ? `[${typeof block.name === "string" ? block.name : block.uri}](${block.uri})` : "";
    case "resource": {
      const resource = block.resource as { uri?: unknown; text?: unknown } | undefined;
      return typeof resource?.text === "string" ? resource.text : "";
    }
    default:
      return `[${block.type}]`;
  }
}
