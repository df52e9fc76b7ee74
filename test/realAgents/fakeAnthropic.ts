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
 * What a script sees and answers with is in anthropicConversation.ts, the SSE stream in
 * anthropicStream.ts; the helpers scripts are written with (`rules`, `text`, `toolUse`…) are here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { appendFileSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import {
  readConversation,
  type Conversation,
  type JsonSchema,
  type MessagesBody,
  type Reply,
  type ReplyBlock,
  type Script,
  type ToolResult,
} from "./anthropicConversation";
import { streamTurn } from "./anthropicStream";
import { readBody } from "../support/fakeServers";

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
    const raw = (await readBody(req)).toString("utf8");
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
    await streamTurn(
      res,
      { id, model, blocks, stopReason, usage, delay: reply.eventDelayMs ?? 2, chunk: reply.chunkChars ?? 12 },
      () => {
        entry.aborted = true;
      },
    );
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

function json(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
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
