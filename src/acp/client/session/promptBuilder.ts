/**
 * Builds `session/prompt` content according to the agent's `promptCapabilities`. Agents must
 * accept `text` and `resource_link`; `image`, `audio` and embedded `resource` need their flag.
 * An attachment with text goes as an embedded `resource` where the agent accepts embedded
 * context, otherwise as a `resource_link` plus a text block holding the text: many attachments
 * (a diff, a terminal's output, the problems of a file, a fetched page) have no file the agent
 * could open by the link.
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
  /** What the sent message shows: one block per attachment sent, each named (images as sent). */
  readonly shown: acp.ContentBlock[];
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
  const shown: acp.ContentBlock[] = [];
  if (text.length > 0) blocks.push({ type: "text", text });
  for (const attachment of attachments) {
    if (attachment.imageData !== undefined) {
      if (capabilities?.image) {
        const image: acp.ContentBlock = {
          type: "image",
          data: attachment.imageData,
          mimeType: attachment.mimeType ?? "image/png",
          uri: attachment.uri,
        };
        blocks.push(image);
        shown.push(image);
      } else dropped.push(`${attachment.name}: this agent does not accept images`);
      continue;
    }
    const link: acp.ContentBlock = {
      type: "resource_link",
      uri: attachment.uri,
      name: attachment.name,
      ...(attachment.mimeType ? { mimeType: attachment.mimeType } : {}),
    };
    shown.push(link);
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
    blocks.push(link);
    if (attachment.text !== undefined) blocks.push({ type: "text", text: fencedText(attachment) });
  }
  return { blocks, dropped, shown };
}

/** "name (uri):" and the text in a fence longer than any run of backticks inside it. */
function fencedText(attachment: PromptAttachment): string {
  const text = attachment.text ?? "";
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${attachment.name} (${attachment.uri}):\n${fence}\n${text.endsWith("\n") ? text : `${text}\n`}${fence}`;
}
