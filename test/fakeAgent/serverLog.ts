/**
 * What the fake agent's HTTP and WebSocket server (httpServer.ts) records, for the tests to read:
 * every JSON-RPC message and where it went, every HTTP exchange with its status, and the headers
 * of every request.
 */
import type { IncomingHttpHeaders } from "node:http";

/** One JSON-RPC message through the server; `stream` is where an outgoing one was routed. */
export interface ServerMessage {
  readonly connectionId: string;
  readonly transport: "http" | "websocket";
  readonly direction: "in" | "out";
  readonly stream: "body" | "connection" | "session" | "socket" | "post";
  readonly message: unknown;
}

export interface HttpExchange {
  readonly method: string;
  readonly connectionId?: string;
  readonly sessionId?: string;
  readonly rpcMethod?: string;
  readonly status: number;
}

/** The headers of one HTTP request or WebSocket upgrade, as they arrived. */
export interface ReceivedRequest {
  readonly kind: "http" | "upgrade";
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
}

/** The server's records, appended to as it runs. */
export interface ServerLog {
  readonly messages: ServerMessage[];
  readonly exchanges: HttpExchange[];
  readonly requests: ReceivedRequest[];
}
