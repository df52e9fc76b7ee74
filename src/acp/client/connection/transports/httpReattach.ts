/**
 * `session/load` and `session/resume` over Streamable HTTP against a Bub-style server.
 *
 * The SDK's HTTP client opens a session's SSE stream (GET + Acp-Session-Id) before it posts any
 * message for that session, and posts with the session header. A Bub server (Python SDK) knows a
 * session on a connection only once a result on that connection has named it, so on a fresh
 * connection it answers both with 404, which the SDK treats as the connection being gone: the
 * reload fell back to a new session.
 *
 * This shim sits between the SDK and the network (its `fetch`, and a watch on the messages both
 * ways) and, for a session being reattached on this connection only:
 *   - answers the SDK's early GET itself with an open, empty event stream;
 *   - posts the load/resume without the session header (the replay and the response then come on
 *     the connection stream, as Bub routes them);
 *   - once the load/resume has answered, opens the real session stream and feeds it into the
 *     stream the SDK already holds; on an error answer, ends that stream (the SDK forgets it).
 * Sessions this connection already knows go straight through, as does everything else.
 */
import type { AnyMessage } from "@agentclientprotocol/sdk";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const REATTACH_METHODS = new Set(["session/load", "session/resume"]);
const SESSION_HEADER = "acp-session-id";

interface Reattach {
  /** Settles with whether the load/resume succeeded. */
  readonly answered: Promise<boolean>;
  readonly answer: (ok: boolean) => void;
}

export class HttpReattach {
  /** Reattaching sessions, by session id. */
  private readonly pending = new Map<string, Reattach>();
  /** The JSON-RPC id of each load/resume request → its session. */
  private readonly requests = new Map<string, string>();

  constructor(private readonly fetchImpl: Fetch) {}

  /** Call for every message the client writes, before the SDK transport sees it. */
  outgoing(message: AnyMessage): void {
    if (!("method" in message) || !("id" in message) || !REATTACH_METHODS.has(message.method)) return;
    const sessionId = (message.params as { sessionId?: unknown } | undefined)?.sessionId;
    if (typeof sessionId !== "string") return;
    let answer!: (ok: boolean) => void;
    const answered = new Promise<boolean>((resolve) => (answer = resolve));
    this.pending.get(sessionId)?.answer(false);
    this.pending.set(sessionId, { answered, answer });
    this.requests.set(JSON.stringify(message.id), sessionId);
  }

  /** Call for every message read from the agent. */
  incoming(message: AnyMessage): void {
    if ("method" in message || !("id" in message)) return;
    const key = JSON.stringify(message.id);
    const sessionId = this.requests.get(key);
    if (sessionId === undefined) return;
    this.requests.delete(key);
    const reattach = this.pending.get(sessionId);
    this.pending.delete(sessionId);
    reattach?.answer(!("error" in message));
  }

  /** The connection is gone: nothing is waiting any more. */
  close(): void {
    for (const reattach of this.pending.values()) reattach.answer(false);
    this.pending.clear();
    this.requests.clear();
  }

  readonly fetch: Fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    const sessionId = headers.get(SESSION_HEADER);
    const reattach = sessionId === null ? undefined : this.pending.get(sessionId);
    if (!reattach) return this.fetchImpl(input, init);
    if ((init.method ?? "GET") === "GET") return Promise.resolve(this.deferredStream(reattach, input, init));
    if (init.method === "POST" && typeof init.body === "string" && REATTACH_METHODS.has(methodOf(init.body))) {
      headers.delete(SESSION_HEADER);
      return this.fetchImpl(input, { ...init, headers });
    }
    return this.fetchImpl(input, init);
  };

  /** An event stream that stays silent until the reattach answers, then relays the real one. */
  private deferredStream(reattach: Reattach, input: string | URL | Request, init: RequestInit): Response {
    const signal = init.signal ?? undefined;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: async (controller) => {
        const ok = await reattach.answered;
        if (!ok || signal?.aborted) return controller.close();
        try {
          const response = await this.fetchImpl(input, init);
          if (!response.ok || !response.body) {
            controller.error(new Error(`ACP SSE connection failed: ${response.status} ${response.statusText}`));
            return;
          }
          reader = response.body.getReader();
        } catch (error) {
          controller.error(error);
        }
      },
      pull: async (controller) => {
        if (!reader) return;
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader?.cancel(reason),
    });
    return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
  }
}

function methodOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { method?: unknown };
    return typeof parsed.method === "string" ? parsed.method : "";
  } catch {
    return "";
  }
}
