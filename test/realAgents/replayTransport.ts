/**
 * Replays a recorded agent conversation (test/fixtures/recorded/*.jsonl) to the real client code:
 * an AgentTransport that plays the recorded agent → client messages in order, and waits, at each
 * recorded client → agent message, until the client sends one like it. The client's own request
 * ids are mapped onto the recorded ones, so a recording replays whatever ids the client picks.
 */
import { readFileSync } from "node:fs";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import type { AgentTransport } from "../../src/acp/client/connection/transports/agentTransport";
import type { FailureReport } from "../../src/acp/client/connection/agentErrors";

export interface RecordedLine {
  readonly direction: "in" | "out";
  readonly message: RecordedMessage;
}

export interface RecordedMessage {
  readonly jsonrpc?: "2.0";
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: unknown;
  readonly error?: unknown;
}

/** The recorded messages (the header note skipped). */
export function readRecording(path: string): RecordedLine[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { direction: string; message: RecordedMessage })
    .filter((line): line is RecordedLine => line.direction === "in" || line.direction === "out");
}

/** The recorded `session/update` payloads, in order. */
export function recordedUpdates(
  lines: readonly RecordedLine[],
): Array<{ sessionUpdate: string } & Record<string, unknown>> {
  return lines
    .filter((line) => line.direction === "in" && line.message.method === "session/update")
    .map((line) => (line.message.params as { update: { sessionUpdate: string } & Record<string, unknown> }).update);
}

export class ReplayTransport implements AgentTransport {
  readonly stream: { readable: ReadableStream<AnyMessage>; writable: WritableStream<AnyMessage> };
  readonly ended: Promise<FailureReport>;
  readonly description = "Replayed recording";
  /** Everything the client sent, in order. */
  readonly sent: RecordedMessage[] = [];
  /** Resolves when every recorded line has been played; rejects when the client stops following it. */
  readonly done: Promise<void>;
  private controller!: ReadableStreamDefaultController<AnyMessage>;
  private readonly consumed = new Set<number>();
  private readonly idMap = new Map<string | number, string | number>();
  private wake: (() => void) | undefined;
  private waiting: string | undefined;
  private readonly waiters: Array<{ method: string; resolve: () => void }> = [];
  private finish!: (report: FailureReport) => void;
  private ended_ = false;

  constructor(
    private readonly lines: readonly RecordedLine[],
    private readonly stepTimeoutMs = 5000,
  ) {
    this.stream = {
      readable: new ReadableStream<AnyMessage>({
        start: (controller) => {
          this.controller = controller;
        },
      }),
      writable: new WritableStream<AnyMessage>({
        write: (message) => {
          this.sent.push(message as RecordedMessage);
          this.wake?.();
        },
      }),
    };
    this.ended = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.done = this.play();
    this.done.catch(() => undefined);
  }

  get hasEnded(): boolean {
    return this.ended_;
  }

  /** Resolves when the replay waits for the client to send `method` (e.g. "session/cancel"). */
  until(method: string): Promise<void> {
    if (this.waiting === method) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ method, resolve }));
  }

  async stop(): Promise<void> {
    if (this.ended_) return;
    this.ended_ = true;
    try {
      this.controller.close();
    } catch {
      // already closed
    }
    this.finish({ message: "The replay was stopped." });
  }

  private async play(): Promise<void> {
    for (const [index, line] of this.lines.entries()) {
      if (this.ended_) return;
      if (line.direction === "out") {
        await this.expect(line.message, index);
      } else {
        const message =
          line.message.method === undefined && line.message.id !== undefined && line.message.id !== null
            ? { ...line.message, id: this.idMap.get(line.message.id) ?? line.message.id }
            : line.message;
        this.controller.enqueue(message as AnyMessage);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  /** Waits for a client message like `recorded`: same method (a request or notification), or the answer to the same agent request id. */
  private async expect(recorded: RecordedMessage, index: number): Promise<void> {
    const label = recorded.method ?? `the answer to agent request ${String(recorded.id)}`;
    this.waiting = label;
    for (const waiter of this.waiters.filter((w) => w.method === label)) waiter.resolve();
    this.waiters.splice(0, this.waiters.length, ...this.waiters.filter((w) => w.method !== label));
    const deadline = Date.now() + this.stepTimeoutMs;
    for (;;) {
      const at = this.sent.findIndex(
        (message, i) =>
          !this.consumed.has(i) &&
          (recorded.method !== undefined
            ? message.method === recorded.method
            : message.method === undefined && message.id === recorded.id),
      );
      if (at >= 0) {
        this.consumed.add(at);
        const actual = this.sent[at]!;
        if (
          recorded.method !== undefined &&
          recorded.id !== undefined &&
          recorded.id !== null &&
          actual.id !== undefined &&
          actual.id !== null
        )
          this.idMap.set(recorded.id, actual.id);
        this.waiting = undefined;
        return;
      }
      if (this.ended_) return;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `replay line ${index + 1}: the client never sent ${label}; it sent ${JSON.stringify(this.sent.map((m) => m.method ?? `answer ${String(m.id)}`))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}
