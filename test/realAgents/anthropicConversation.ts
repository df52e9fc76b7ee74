/**
 * What a script of the fake Anthropic server (fakeAnthropic.ts) answers with, and what it sees of
 * one `/v1/messages` request: the prompt, the step of the turn, the tool results so far, read out
 * of the conversation Claude Code sends.
 */

export type ReplyBlock =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly thinking: string; readonly signature?: string }
  /** `name` is the plain tool name ("Read"); the agent's own spelling (`mcp__acp__Read`) is preferred when offered. */
  | { readonly type: "tool_use"; readonly name: string; readonly input: Record<string, unknown>; readonly id?: string };

export interface Reply {
  readonly blocks: readonly ReplyBlock[];
  /** Default: `tool_use` when a block calls a tool, else `end_turn`. */
  readonly stopReason?: "end_turn" | "tool_use" | "max_tokens" | "stop_sequence";
  /** Pause between SSE events (default 2 ms); a long one makes a turn slow enough to cancel. */
  readonly eventDelayMs?: number;
  /** Text deltas are cut to this many characters (default 12). */
  readonly chunkChars?: number;
  readonly usage?: { readonly input_tokens: number; readonly output_tokens: number };
}

export interface ToolResult {
  readonly toolUseId: string;
  /** Its text, system reminders removed. */
  readonly text: string;
  readonly isError: boolean;
}

/** What a script sees of one `/v1/messages` request. */
export interface Conversation {
  /** What the user said last: the last text block of the last message with user text (no reminders). */
  readonly prompt: string;
  /** Assistant turns since that message: 0 for the first answer, 1 after the first tool result… */
  readonly step: number;
  /** Tool results after the prompt, oldest first. */
  readonly toolResults: readonly ToolResult[];
  readonly lastToolResult: ToolResult | undefined;
  /** Names of the tools the agent offered. */
  readonly tools: readonly string[];
  readonly model: string;
  readonly body: MessagesBody;
}

export type Script = (conversation: Conversation) => Reply | readonly ReplyBlock[] | string | undefined;

export interface MessagesBody {
  readonly model?: string;
  readonly stream?: boolean;
  readonly messages?: ReadonlyArray<{ role: string; content: string | ReadonlyArray<Record<string, unknown>> }>;
  readonly tools?: ReadonlyArray<{ name: string; input_schema?: JsonSchema }>;
  readonly [key: string]: unknown;
}

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
}

/** Claude Code wraps context in `<system-reminder>` blocks and notes interruptions; neither is the user's text. */
function isUserText(block: Record<string, unknown>): boolean {
  if (block.type !== "text") return false;
  const value = String(block.text ?? "").trim();
  return value !== "" && !value.startsWith("<system-reminder>") && !value.startsWith("[Request interrupted");
}

/**
 * What the user last said in a message: a string, or its last text block other than reminders
 * (after a cancelled turn Claude Code sends the unanswered prompt and the new one together).
 */
function userText(content: string | ReadonlyArray<Record<string, unknown>>): string {
  if (typeof content === "string") return content;
  return String(content.filter(isUserText).at(-1)?.text ?? "");
}

/**
 * A user message carrying the user's text starts a turn. Tool results come back as user messages
 * too; after an interruption Claude Code sends the refused tool's result and the next prompt in
 * one message, which still starts a turn.
 */
function isPromptMessage(message: { role: string; content: string | ReadonlyArray<Record<string, unknown>> }): boolean {
  return message.role === "user" && (typeof message.content === "string" || message.content.some(isUserText));
}

export function readConversation(body: MessagesBody): Conversation {
  const messages = body.messages ?? [];
  let promptAt = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (isPromptMessage(messages[i]!)) {
      promptAt = i;
      break;
    }
  }
  const after = messages.slice(promptAt + 1);
  const toolResults: ToolResult[] = after.flatMap((message) =>
    message.role === "user" && typeof message.content !== "string"
      ? message.content
          .filter((block) => block.type === "tool_result")
          .map((block) => ({
            toolUseId: String(block.tool_use_id ?? ""),
            text: toolResultText(block.content),
            isError: block.is_error === true,
          }))
      : [],
  );
  return {
    prompt: promptAt >= 0 ? userText(messages[promptAt]!.content) : "",
    step: after.filter((message) => message.role === "assistant").length,
    toolResults,
    lastToolResult: toolResults.at(-1),
    tools: (body.tools ?? []).map((tool) => tool.name),
    model: body.model ?? "",
    body,
  };
}

/** A tool result's text, without the system reminders Claude Code appends to it. */
function toolResultText(content: unknown): string {
  const raw =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content
            .map((block: { type?: string; text?: unknown }) =>
              block.type === "text" ? String(block.text ?? "") : `[${block.type}]`,
            )
            .join("\n")
        : "";
  return raw.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, "").trim();
}
