/**
 * A fake OpenAI Chat Completions server for the real CodeBuddy CLI (docs/reference/codebuddy-offline.md): one
 * HTTP server on 127.0.0.1 (random port) answering `POST …/chat/completions` with SSE chunks
 * (or an error status), scripted per test, logging every request. Requests with gzip bodies
 * (the platform route, Recipe B) are unpacked first.
 *
 * Requests without tools are CodeBuddy's side jobs (session titles…): they get a short fixed
 * reply and do not consume the script. Every main request takes the next scripted reply; when
 * the script is exhausted the model just says "Done.".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { closeServer, listenOnLoopback, readBody } from "../support/fakeServers";

export interface ChatRequestLog {
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: ChatRequestBody;
}

export interface ChatRequestBody {
  readonly model?: string;
  readonly stream?: boolean;
  readonly tools?: Array<{ function?: { name?: string } }>;
  readonly messages?: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  readonly [key: string]: unknown;
}

/** What the model answers to one main request. */
export type ModelReply =
  | { readonly kind: "text"; readonly text: string; readonly reasoning?: string }
  | {
      readonly kind: "tool";
      readonly name: string;
      readonly args: Record<string, unknown>;
      readonly id?: string;
      readonly text?: string;
    }
  | { readonly kind: "error"; readonly status: number; readonly message: string }
  /** Waits `ms` before answering `then` (to let a test act mid-request). */
  | { readonly kind: "delay"; readonly ms: number; readonly then: ModelReply };

export const reply = {
  text: (text: string, reasoning?: string): ModelReply => ({ kind: "text", text, ...(reasoning ? { reasoning } : {}) }),
  tool: (
    name: string,
    args: Record<string, unknown>,
    id = `call_${name.toLowerCase()}_1`,
    text?: string,
  ): ModelReply => ({ kind: "tool", name, args, id, ...(text ? { text } : {}) }),
  error: (status: number, message: string): ModelReply => ({ kind: "error", status, message }),
};

export class FakeOpenAi {
  readonly requests: ChatRequestLog[] = [];
  private script: ModelReply[] = [];
  private server: Server | undefined;
  private counter = 0;

  /** Replies for the next main (tool-carrying) requests, in order. */
  queue(...replies: ModelReply[]): void {
    this.script.push(...replies);
  }

  /** Main requests only (those offering tools). */
  get mainRequests(): ChatRequestLog[] {
    return this.requests.filter((request) => (request.body.tools?.length ?? 0) > 0);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    return listenOnLoopback(this.server);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await closeServer(server);
  }

  /** Handles one request if it is a chat completion; true when handled. */
  async handleChat(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<boolean> {
    if (req.method !== "POST" || !/\/chat\/completions$/.test(req.url ?? "")) return false;
    const text = (req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
    const body = JSON.parse(text) as ChatRequestBody;
    this.requests.push({ path: req.url ?? "", headers: req.headers, body });
    const main = (body.tools?.length ?? 0) > 0;
    const next = main ? (this.script.shift() ?? reply.text("Done.")) : reply.text("Greeting");
    await this.answer(res, next, body);
    return true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (await this.handleChat(req, res, raw).catch(() => false)) return;
    res
      .writeHead(404, { "content-type": "application/json" })
      .end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
  }

  private async answer(res: ServerResponse, next: ModelReply, body: ChatRequestBody): Promise<void> {
    if (next.kind === "delay") {
      await new Promise((resolve) => setTimeout(resolve, next.ms));
      return this.answer(res, next.then, body);
    }
    if (next.kind === "error") {
      res
        .writeHead(next.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: next.message, type: "fake_error" } }));
      return;
    }
    const id = `chatcmpl-${++this.counter}`;
    const model = body.model ?? "fake-model";
    const frame = (choice: object | null, extra: object = {}) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 1764400000, model, choices: choice ? [{ index: 0, ...choice }] : [], ...extra })}\n\n`;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.write(frame({ delta: { role: "assistant", content: "" }, finish_reason: null }));
    if (next.kind === "text") {
      if (next.reasoning) res.write(frame({ delta: { reasoning_content: next.reasoning }, finish_reason: null }));
      for (const piece of split(next.text, 12)) res.write(frame({ delta: { content: piece }, finish_reason: null }));
      res.write(frame({ delta: {}, finish_reason: "stop" }));
    } else {
      if (next.text) res.write(frame({ delta: { content: next.text }, finish_reason: null }));
      const args = JSON.stringify(next.args);
      res.write(
        frame({
          delta: {
            tool_calls: [{ index: 0, id: next.id, type: "function", function: { name: next.name, arguments: "" } }],
          },
          finish_reason: null,
        }),
      );
      for (const piece of split(args, 16))
        res.write(
          frame({ delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] }, finish_reason: null }),
        );
      res.write(frame({ delta: {}, finish_reason: "tool_calls" }));
    }
    res.write(frame(null, { usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } }));
    res.end("data: [DONE]\n\n");
  }
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces.length > 0 ? pieces : [""];
}

/** The user's words in a request: CodeBuddy wraps them in `<user_query>` tags. */
export function userQuery(body: ChatRequestBody): string {
  const users = (body.messages ?? []).filter((message) => message.role === "user");
  const last = users.at(-1)?.content;
  const text =
    typeof last === "string"
      ? last
      : Array.isArray(last)
        ? last.map((part: { text?: string }) => part.text ?? "").join("")
        : "";
  const match = /<user_query>\s*([\s\S]*?)\s*<\/user_query>/.exec(text);
  return match ? match[1]!.trim() : text.trim();
}
