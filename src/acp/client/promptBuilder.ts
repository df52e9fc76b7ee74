/**
 * Builds `session/prompt` content according to the agent's `promptCapabilities`. Agents must
 * accept `text` and `resource_link`; `image`, `audio` and embedded `resource` need their flag.
 * The prompt is always an array of blocks (CodeBuddy iterates it; a string would be dropped).
 */
import type * as acp from "@agentclientprotocol/sdk";

export interface PromptAttachment {
  /** Absolute file URI (file:///…). */
  readonly uri: string;
  readonly name: string;
  readonly mimeType?: string | undefined;
  /** Text content (a file or a selection), embedded when the agent accepts embedded context. */
  readonly text?: string | undefined;
  /** Base64 image data, sent when the agent accepts images. */
  readonly imageData?: string | undefined;
}

export interface BuiltPrompt {
  readonly blocks: acp.ContentBlock[];
  /** Attachments that could not be sent to this agent, with why. */
  readonly dropped: readonly string[];
}

export function buildPrompt(
  text: string,
  attachments: readonly PromptAttachment[],
  capabilities: acp.PromptCapabilities | undefined,
): BuiltPrompt {
  const blocks: acp.ContentBlock[] = [];
  const dropped: string[] = [];
  if (text.length > 0) blocks.push({ type: "text", text });
  for (const attachment of attachments) {
    if (attachment.imageData !== undefined) {
      if (capabilities?.image)
        blocks.push({
          type: "image",
          data: attachment.imageData,
          mimeType: attachment.mimeType ?? "image/png",
          uri: attachment.uri,
        });
      else dropped.push(`${attachment.name}: this agent does not accept images`);
      continue;
    }
    if (attachment.text !== undefined && capabilities?.embeddedContext) {
      blocks.push({
        type: "resource",
        resource: {
          uri: attachment.uri,
          text: attachment.text,
          ...(attachment.mimeType ? { mimeType: attachment.mimeType } : {}),
        },
      });
      continue;
    }
    blocks.push({
      type: "resource_link",
      uri: attachment.uri,
      name: attachment.name,
      ...(attachment.mimeType ? { mimeType: attachment.mimeType } : {}),
    });
  }
  return { blocks, dropped };
}
