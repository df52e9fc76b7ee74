/**
 * Newline-delimited JSON-RPC over stdio, written from scratch for the fake agent so it can send
 * exactly the bytes a scenario needs (string ids, early updates, malformed lines…), which an
 * SDK-built agent would refuse to send.
 */
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

export type JsonRpcId = string | number;
export interface IncomingRequest { readonly id: JsonRpcId; readonly method: string; readonly params: unknown }
export interface IncomingNotification { readonly method: string; readonly params: unknown }

export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

type RequestHandler = (request: IncomingRequest) => Promise<unknown>;
type NotificationHandler = (notification: IncomingNotification) => void;

export class Wire {
  private nextId = 0;
  private readonly pending = new Map<JsonRpcId, { resolve(value: unknown): void; reject(error: unknown): void }>();

  constructor(
    private readonly onRequest: RequestHandler,
    private readonly onNotification: NotificationHandler,
    private readonly logFile: string | undefined,
  ) {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    lines.on("line", (line) => this.receive(line));
    lines.on("close", () => process.exit(0));
  }

  /** Writes one message (or, for robustness scenarios, one raw line). */
  send(message: object | string): void {
    const line = typeof message === "string" ? message : JSON.stringify(message);
    this.log("out", line);
    process.stdout.write(line + "\n");
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: "2.0", method, params });
  }

  /** Agent → client request; ids start at 0, like Bub's. */
  request(method: string, params: unknown, id: JsonRpcId = this.nextId++): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  private receive(line: string): void {
    if (!line.trim()) return;
    this.log("in", line);
    let message: { id?: JsonRpcId; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
    try {
      message = JSON.parse(line);
    } catch {
      this.send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (message.method === undefined && message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new RpcError(message.error.code, message.error.message, message.error.data));
      else waiter?.resolve(message.result);
      return;
    }
    if (message.method === undefined) return;
    if (message.id === undefined) {
      this.onNotification({ method: message.method, params: message.params });
      return;
    }
    const id = message.id;
    this.onRequest({ id, method: message.method, params: message.params }).then(
      (result) => this.send({ jsonrpc: "2.0", id, result: result ?? null }),
      (error: unknown) => {
        const rpc = error instanceof RpcError ? error : new RpcError(-32603, "Internal error", { details: String(error) });
        this.send({ jsonrpc: "2.0", id, error: { code: rpc.code, message: rpc.message, ...(rpc.data === undefined ? {} : { data: rpc.data }) } });
      },
    );
  }

  private log(direction: "in" | "out", line: string): void {
    if (this.logFile) appendFileSync(this.logFile, JSON.stringify({ at: Date.now(), direction, line }) + "\n");
  }
}
