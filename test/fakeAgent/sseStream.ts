/**
 * One server-sent-events stream of the fake HTTP agent: buffers `data:` events until a client
 * GETs it, then writes them as they come, with `: keepalive` comments in between.
 */
import type { ServerResponse } from "node:http";

export class SseStream {
  private readonly buffer: string[] = [];
  private response: ServerResponse | undefined;
  private keepalive: ReturnType<typeof setInterval> | undefined;
  private destroyed = false;

  constructor(private readonly keepaliveMs: number) {}

  /** Queues one event (a JSON text, or any raw text for robustness scenarios). */
  push(data: string): void {
    if (this.destroyed) return;
    if (this.response) this.response.write(`data: ${data}\n\n`);
    else this.buffer.push(data);
  }

  /** A client opened the stream; a second GET replaces the first receiver. */
  attach(response: ServerResponse): void {
    if (this.destroyed) {
      response.writeHead(404).end();
      return;
    }
    this.detach();
    this.response = response;
    response.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
    });
    response.flushHeaders();
    for (const data of this.buffer.splice(0)) response.write(`data: ${data}\n\n`);
    this.keepalive = setInterval(() => response.write(": keepalive\n\n"), this.keepaliveMs);
    response.on("close", () => {
      if (this.response === response) this.detach();
    });
  }

  /** The connection is gone: the stream ends and refuses new receivers. */
  destroy(): void {
    this.destroyed = true;
    const response = this.response;
    this.detach();
    response?.end();
  }

  private detach(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = undefined;
    this.response = undefined;
  }
}
