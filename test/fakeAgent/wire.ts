/**
 * JSON-RPC 2.0 for the fake agent, written from scratch and independent of how messages travel
 * (NDJSON on stdio, SSE + POST over HTTP, WebSocket frames), so a scenario can send exactly the
 * bytes it needs: string ids, early updates, malformed lines, responses nobody asked for…
 * An SDK-built agent would refuse to send most of them.
 */
export type JsonRpcId = string | number;
export interface IncomingRequest {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: unknown;
}
export interface IncomingNotification {
  readonly method: string;
  readonly params: unknown;
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Bub's answer to an uncaught exception: -32603 with `data.details`. */
export const internalError = (details: string) => new RpcError(-32603, "Internal error", { details });
export const methodNotFound = (method: string) => new RpcError(-32601, "Method not found", { method });

export interface PeerHandlers {
  request(request: IncomingRequest): Promise<unknown>;
  notification(notification: IncomingNotification): void;
}

/** Where a peer's outgoing messages go; a string is one raw line/frame sent as is. */
export type Outlet = (message: object | string) => void;

interface JsonRpcMessage {
  id?: JsonRpcId | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export class Peer {
  private nextId = 0;
  private readonly pending = new Map<JsonRpcId, { resolve(value: unknown): void; reject(error: unknown): void }>();

  constructor(
    private readonly outlet: Outlet,
    private readonly handlers: PeerHandlers,
  ) {}

  /** Writes one message, or one raw line for robustness scenarios. */
  send(message: object | string): void {
    this.outlet(message);
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: "2.0", method, params });
  }

  /** The id the next request will get (for a scenario that must name it, e.g. in `$/cancel_request`). */
  allocateId(): number {
    return this.nextId++;
  }

  /** Agent → client request; numeric ids start at 0, like Bub's (id 0 is a real id). */
  request(method: string, params: unknown, id: JsonRpcId = this.nextId++): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  /** One line or frame of text from the client. */
  receiveText(text: string): void {
    if (!text.trim()) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    this.receive(message);
  }

  /** One parsed message from the client. */
  receive(value: unknown): void {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.send({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } });
      return;
    }
    const message = value as JsonRpcMessage;
    if (message.method === undefined) {
      if (message.id === undefined || message.id === null) return;
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new RpcError(message.error.code, message.error.message, message.error.data));
      else waiter?.resolve(message.result);
      return;
    }
    if (message.id === undefined || message.id === null) {
      this.handlers.notification({ method: message.method, params: message.params });
      return;
    }
    const id = message.id;
    this.handlers.request({ id, method: message.method, params: message.params }).then(
      (result) => this.send({ jsonrpc: "2.0", id, result: result ?? null }),
      (error: unknown) => {
        if (error instanceof Unanswered) return;
        const rpc =
          error instanceof RpcError ? error : internalError(error instanceof Error ? error.message : String(error));
        this.send({
          jsonrpc: "2.0",
          id,
          error: { code: rpc.code, message: rpc.message, ...(rpc.data === undefined ? {} : { data: rpc.data }) },
        });
      },
    );
  }

  /** Fails every request still waiting for the client (the connection is gone). */
  rejectAll(reason: string): void {
    for (const waiter of this.pending.values()) waiter.reject(new Error(reason));
    this.pending.clear();
  }
}

/** Thrown by a handler that must never answer (the old Bub SDK after a cancelled turn). */
export class Unanswered extends Error {}
