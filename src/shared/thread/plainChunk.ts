/**
 * A plain text chunk: an agent message or thought chunk that carries nothing but its kind, a text
 * content block (no annotations) and, optionally, a string `messageId`. The streaming hot path:
 * such an update is exactly what the reducer's schema would give back, so it is folded without
 * parsing, and runs of them may be merged for the wire (coalesceChunks.ts).
 */
import type { ChunkUpdate } from "./sessionUpdate";

const PLAIN_KINDS = new Set(["agent_message_chunk", "agent_thought_chunk"]);

/** The chunk's text when `update` is a plain text chunk (see above), else undefined. */
export function plainChunkUpdateText(update: unknown): string | undefined {
  if (typeof update !== "object" || update === null) return undefined;
  const fields = update as Record<string, unknown>;
  if (!PLAIN_KINDS.has(fields.sessionUpdate as string)) return undefined;
  for (const key in fields) {
    if (key !== "sessionUpdate" && key !== "content" && key !== "messageId") return undefined;
  }
  const { messageId } = fields;
  if (messageId !== undefined && messageId !== null && typeof messageId !== "string") return undefined;
  const content = fields.content as Record<string, unknown> | null | undefined; // as the agent sent it
  if (typeof content !== "object" || content === null || content.type !== "text" || typeof content.text !== "string")
    return undefined;
  for (const key in content) {
    if (key !== "type" && key !== "text") return undefined;
  }
  return content.text;
}

/** `update` as the reducer's chunk schema would give it back, when it is a plain text chunk. */
export function asPlainChunk(update: unknown): ChunkUpdate | undefined {
  return plainChunkUpdateText(update) === undefined ? undefined : (update as ChunkUpdate);
}
