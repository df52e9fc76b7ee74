/**
 * A scripted fake of the Anthropic Messages API, for running real agents (Claude Code's ACP
 * adapters) offline. `node:http` on 127.0.0.1, a random port, any key, any model.
 *
 * - `POST /v1/messages` (`?beta=true` too): SSE when `stream: true`, JSON otherwise.
 * - `POST /v1/messages/count_tokens`: `{"input_tokens": 42}`.
 * - `GET /v1/models`: one fake model. Anything else (Claude's `HEAD /` preflight): 404, still logged.
 *
 * Every request is logged (method, path, a summary of the body) in `requests`, and as NDJSON to
 * `logFile` when given. What the model answers comes from the test's script: a function of the
 * conversation (the prompt, the step, the tool results so far) that returns the reply's blocks.
 * Requests that offer no tools are side requests (titles, topic checks): they get `sideReply`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { appendFileSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";

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

export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  /** "messages" (a model turn), "side" (no tools offered), "count_tokens", or "other". */
  readonly kind: "messages" | "side" | "count_tokens" | "other";
  readonly model?: string;
  readonly stream?: boolean;
  readonly toolCount?: number;
  readonly prompt?: string;
  readonly step?: number;
  readonly toolResults?: readonly ToolResult[];
  /** The blocks answered, summarised. */
  readonly replied?: string;
  /** The client went away before the reply finished (a cancelled turn). */
  aborted?: boolean;
}

interface MessagesBody {
  readonly model?: string;
  readonly stream?: boolean;
  readonly messages?: ReadonlyArray<{ role: string; content: string | ReadonlyArray<Record<string, unknown>> }>;
  readonly tools?: ReadonlyArray<{ name: string; input_schema?: JsonSchema }>;
  readonly [key: string]: unknown;
}

interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
}

export const DEFAULT_REPLY = "Hi! I am a scripted fake model running on 127.0.0.1.";
export const SIDE_REPLY = "Greeting";

export interface FakeAnthropicOptions {
  readonly script?: Script;
  readonly logFile?: string;
  readonly sideReply?: string;
}

export class FakeAnthropic {
  readonly requests: LoggedRequest[] = [];
  /** Replace per test. Unmatched conversations get DEFAULT_REPLY. */
  script: Script;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private toolCounter = 0;
  private messageCounter = 0;

  private constructor(private readonly options: FakeAnthropicOptions) {
    this.script = options.script ?? (() => undefined);
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
  }

  static async start(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
    const fake = new FakeAnthropic(options);
    await new Promise<void>((resolve, reject) => {
      fake.server.once("error", reject);
      fake.server.listen(0, "127.0.0.1", () => resolve());
    });
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The model turns (not side requests), in order. */
  modelTurns(): LoggedRequest[] {
    return this.requests.filter((request) => request.kind === "messages");
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private log(entry: LoggedRequest): LoggedRequest {
    this.requests.push(entry);
    if (this.options.logFile) appendFileSync(this.options.logFile, `${JSON.stringify(entry)}\n`);
    return entry;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    const path = url.pathname;
    try {
      if (req.method === "POST" && (path === "/v1/messages/count_tokens" || path === "/messages/count_tokens")) {
        this.log({ method: req.method, path: req.url ?? path, kind: "count_tokens" });
        return json(res, 200, { input_tokens: 42 });
      }
      if (req.method === "POST" && (path === "/v1/messages" || path === "/messages")) {
        return await this.messages(req, res, JSON.parse(raw || "{}") as MessagesBody);
      }
      if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
        this.log({ method: req.method, path: req.url ?? path, kind: "other" });
        return json(res, 200, {
          object: "list",
          data: [{ id: "fake-model", type: "model", display_name: "Fake", created_at: "2025-01-01T00:00:00Z" }],
          has_more: false,
        });
      }
      this.log({ method: req.method ?? "?", path: req.url ?? path, kind: "other" });
      json(res, 404, {
        type: "error",
        error: { type: "not_found_error", message: `fake Anthropic: no route ${req.method} ${path}` },
      });
    } catch (error) {
      json(res, 500, {
        type: "error",
        error: {
          type: "api_error",
          message: `fake Anthropic: ${error instanceof Error ? error.message : String(error)}`,
        },
      });
    }
  }

  private async messages(req: IncomingMessage, res: ServerResponse, body: MessagesBody): Promise<void> {
    const conversation = readConversation(body);
    const side = conversation.tools.length === 0;
    const reply = side
      ? { blocks: [{ type: "text" as const, text: this.options.sideReply ?? SIDE_REPLY }] }
      : normalise(this.script(conversation));
    const blocks = reply.blocks.map((block) => this.resolveTool(block, body));
    const entry = this.log({
      method: req.method ?? "POST",
      path: req.url ?? "",
      kind: side ? "side" : "messages",
      model: conversation.model,
      stream: body.stream === true,
      toolCount: conversation.tools.length,
      prompt: conversation.prompt.slice(0, 500),
      step: conversation.step,
      toolResults: conversation.toolResults.map((result) => ({ ...result, text: result.text.slice(0, 500) })),
      replied: blocks.map(summarise).join(" | "),
    });
    const stopReason =
      reply.stopReason ?? (blocks.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn");
    const usage = reply.usage ?? { input_tokens: 42, output_tokens: 7 };
    const id = `msg_fake_${++this.messageCounter}`;
    const model = conversation.model || "claude-sonnet-4-5";
    if (body.stream !== true) {
      return json(res, 200, {
        id,
        type: "message",
        role: "assistant",
        model,
        content: blocks.map(wireBlock),
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { ...usage, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      });
    }
    await this.stream(req, res, entry, {
      id,
      model,
      blocks,
      stopReason,
      usage,
      delay: reply.eventDelayMs ?? 2,
      chunk: reply.chunkChars ?? 12,
    });
  }

  private async stream(
    req: IncomingMessage,
    res: ServerResponse,
    entry: LoggedRequest,
    turn: {
      id: string;
      model: string;
      blocks: ReplyBlock[];
      stopReason: string;
      usage: { input_tokens: number; output_tokens: number };
      delay: number;
      chunk: number;
    },
  ): Promise<void> {
    let gone = false;
    res.on("close", () => {
      if (!res.writableFinished) {
        gone = true;
        entry.aborted = true;
      }
    });
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "request-id": `req_${turn.id}`,
    });
    const send = async (type: string, data: Record<string, unknown>) => {
      if (gone) return;
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      await sleep(turn.delay);
    };
    await send("message_start", {
      message: {
        id: turn.id,
        type: "message",
        role: "assistant",
        model: turn.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: turn.usage.input_tokens,
          output_tokens: 1,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
    });
    for (const [index, block] of turn.blocks.entries()) {
      if (block.type === "text") {
        await send("content_block_start", { index, content_block: { type: "text", text: "" } });
        for (const piece of pieces(block.text, turn.chunk))
          await send("content_block_delta", { index, delta: { type: "text_delta", text: piece } });
      } else if (block.type === "thinking") {
        await send("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
        for (const piece of pieces(block.thinking, turn.chunk))
          await send("content_block_delta", { index, delta: { type: "thinking_delta", thinking: piece } });
        await send("content_block_delta", {
          index,
          delta: { type: "signature_delta", signature: block.signature ?? "fake-signature" },
        });
      } else {
        await send("content_block_start", {
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        });
        const input = JSON.stringify(block.input);
        for (const piece of pieces(input, Math.max(turn.chunk, 24)))
          await send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: piece } });
      }
      await send("content_block_stop", { index });
    }
    await send("message_delta", {
      delta: { stop_reason: turn.stopReason, stop_sequence: null },
      usage: { output_tokens: turn.usage.output_tokens },
    });
    await send("message_stop", {});
    if (!gone) res.end();
  }

  /** Picks the agent's spelling of the tool and fills required fields the script left out. */
  private resolveTool(block: ReplyBlock, body: MessagesBody): ReplyBlock {
    if (block.type !== "tool_use") return block;
    const tools = body.tools ?? [];
    const tool = tools.find((t) => t.name === `mcp__acp__${block.name}`) ?? tools.find((t) => t.name === block.name);
    const input = { ...requiredDefaults(tool?.input_schema), ...block.input };
    return { ...block, name: tool?.name ?? block.name, input, id: block.id ?? `toolu_fake_${++this.toolCounter}` };
  }
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

function normalise(value: ReturnType<Script>): Reply {
  if (value === undefined) return { blocks: [{ type: "text", text: DEFAULT_REPLY }] };
  if (typeof value === "string") return { blocks: [{ type: "text", text: value }] };
  if (Array.isArray(value)) return { blocks: value as readonly ReplyBlock[] };
  return value as Reply;
}

/** Values for required fields the script did not give (claude-code-acp's Bash requires `timeout`). */
function requiredDefaults(schema: JsonSchema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of schema?.required ?? []) {
    const type = [schema?.properties?.[name]?.type ?? "string"].flat()[0];
    out[name] = /timeout/i.test(name)
      ? 60_000
      : type === "number" || type === "integer"
        ? 1
        : type === "boolean"
          ? false
          : type === "array"
            ? []
            : type === "object"
              ? {}
              : "fake";
  }
  return out;
}

function wireBlock(block: ReplyBlock): Record<string, unknown> {
  if (block.type === "thinking")
    return { type: "thinking", thinking: block.thinking, signature: block.signature ?? "fake-signature" };
  return { ...block };
}

function summarise(block: ReplyBlock): string {
  if (block.type === "text") return `text ${JSON.stringify(block.text.slice(0, 60))}`;
  if (block.type === "thinking") return `thinking ${JSON.stringify(block.thinking.slice(0, 40))}`;
  return `tool_use ${block.name} ${JSON.stringify(block.input).slice(0, 200)}`;
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

function json(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}

// ---- Scripts -------------------------------------------------------------------------------

/** One rule: when the prompt contains `prompt`, answer step k of the turn with `steps[k]`. */
export interface Rule {
  readonly prompt: string | RegExp;
  /** One reply per model step; a function sees the conversation (e.g. the last tool result). */
  readonly steps: ReadonlyArray<
    Reply | readonly ReplyBlock[] | string | ((conversation: Conversation) => Reply | readonly ReplyBlock[] | string)
  >;
}

/** A script from rules; the first rule whose prompt matches wins; past its last step, the last step repeats. */
export function rules(...list: Rule[]): Script {
  return (conversation) => {
    const rule = list.find((candidate) =>
      typeof candidate.prompt === "string"
        ? conversation.prompt.includes(candidate.prompt)
        : candidate.prompt.test(conversation.prompt),
    );
    if (!rule || rule.steps.length === 0) return undefined;
    const step = rule.steps[Math.min(conversation.step, rule.steps.length - 1)]!;
    return typeof step === "function" ? step(conversation) : step;
  };
}

export const text = (value: string): ReplyBlock => ({ type: "text", text: value });
export const thinking = (value: string): ReplyBlock => ({ type: "thinking", thinking: value });
export const toolUse = (name: string, input: Record<string, unknown>): ReplyBlock => ({
  type: "tool_use",
  name,
  input,
});
