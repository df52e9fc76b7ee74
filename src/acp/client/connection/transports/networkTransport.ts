/**
 * Streamable HTTP and WebSocket transports (experimental in ACP; Bub serves both on one
 * endpoint, default http://127.0.0.1:28200/acp). They use the SDK's clients. There is no process
 * to watch, so the end of the inbound stream is the agent's end.
 *
 * Only TLS, or plain text to loopback (networkPolicy.ts). The configured `headers` go on every
 * HTTP request and on the WebSocket handshake; redirects are not followed, so they can't be
 * carried to another server (`ws` follows none by default). Over HTTP, load and resume of a
 * session go through HttpReattach, where the SDK's client and a Bub server don't interoperate.
 */
import { createHttpStream } from "@agentclientprotocol/sdk/experimental/http-client";
import { createWebSocketStream } from "@agentclientprotocol/sdk/experimental/ws-client";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import type * as Ws from "ws";
import type { MessageStream } from "../connection";
import type { FailureReport } from "../agentErrors";
import type { AgentTransport } from "./agentTransport";
import { agentUrlProblem, displayUrl } from "../../../agents/networkPolicy";
import { HttpReattach } from "./httpReattach";

type WebSocketOption = NonNullable<NonNullable<Parameters<typeof createWebSocketStream>[1]>["WebSocket"]>;

/**
 * `ws` is required on first use, not imported: loading it (node:https, node:tls) takes ~40 ms,
 * which every panel opening would pay though few agents speak WebSocket. esbuild still bundles it.
 */
function webSocketClass(): WebSocketOption {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("ws") as typeof Ws).WebSocket;
}

/** Refuses (throws) an endpoint that is neither TLS nor loopback, before any connection. */
export function openNetworkTransport(
  kind: "http" | "websocket",
  url: string,
  headers: Readonly<Record<string, string>> = {},
): AgentTransport {
  const problem = agentUrlProblem(url);
  if (problem) throw new Error(`the agent's url ${problem}.`);
  const address = kind === "websocket" ? url.replace(/^http/, "ws") : url.replace(/^ws/, "http");
  const reattach =
    kind === "http" ? new HttpReattach((input, init) => fetch(input, { ...init, redirect: "error" })) : undefined;
  const raw: MessageStream =
    kind === "websocket"
      ? createWebSocketStream(address, { WebSocket: webSocketClass(), headers: { ...headers } })
      : createHttpStream(address, { headers: { ...headers }, fetch: reattach!.fetch });
  const target = displayUrl(address);
  let hasEnded = false;
  let resolveEnded!: (report: FailureReport) => void;
  const ended = new Promise<FailureReport>((resolve) => (resolveEnded = resolve));
  const finish = (reason: string) => {
    if (hasEnded) return;
    hasEnded = true;
    reattach?.close();
    resolveEnded({
      message: `Lost the ${kind === "websocket" ? "WebSocket" : "HTTP"} connection to ${target}: ${reason}.`,
      details: `Is the agent server running? For Bub: bub acp --transport ${kind}`,
    });
  };
  const readable = watchEnd(raw.readable, finish, reattach && ((message) => reattach.incoming(message)));
  const writable = reattach ? watchWrites(raw.writable, (message) => reattach.outgoing(message)) : raw.writable;
  return {
    stream: { readable, writable },
    ended,
    get hasEnded() {
      return hasEnded;
    },
    description: `Connected to ${target} (${kind})`,
    async stop() {
      finish("closed by the client");
      await writable.close().catch(() => undefined);
    },
  };
}

/** Passes messages through and reports when the source ends or fails. */
function watchEnd(
  source: ReadableStream<AnyMessage>,
  onEnd: (reason: string) => void,
  onMessage?: (message: AnyMessage) => void,
): ReadableStream<AnyMessage> {
  const reader = source.getReader();
  return new ReadableStream<AnyMessage>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          onEnd("the server closed the connection");
          controller.close();
        } else {
          onMessage?.(value);
          controller.enqueue(value);
        }
      } catch (error) {
        onEnd(error instanceof Error ? error.message : String(error));
        controller.error(error);
      }
    },
    cancel(reason) {
      onEnd("closed by the client");
      return reader.cancel(reason);
    },
  });
}

/** Shows each outgoing message to `onMessage` before it goes on to `target`. */
function watchWrites(
  target: WritableStream<AnyMessage>,
  onMessage: (message: AnyMessage) => void,
): WritableStream<AnyMessage> {
  const writer = target.getWriter();
  return new WritableStream<AnyMessage>({
    async write(message) {
      onMessage(message);
      await writer.write(message);
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
}
