/**
 * The two stdio framings side by side, for the fast-path tests: an in-memory pipe pair that feeds
 * the agent's bytes either to the fast path (src/acp/client/connection/transports/nodeNdJsonStream.ts)
 * or to the SDK's own `ndJsonStream` (what stdio used before), and reads back the client's lines.
 */
import { PassThrough } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { nodeNdJsonStream } from "../../src/acp/client/connection/transports/nodeNdJsonStream";
import type { MessageStream } from "../../src/acp/client/connection/connection";

export type Path = "sdk" | "fast";

/** One end of an in-memory stdio pipe pair: the agent writes bytes, the client's lines come back parsed. */
export interface Pipe {
  readonly stream: MessageStream;
  write(bytes: Uint8Array): Promise<void>;
  onClientMessage(listener: (message: Record<string, unknown>) => void): void;
}

function lineReader(listener: () => (message: Record<string, unknown>) => void) {
  let buffer = "";
  const decoder = new TextDecoder();
  return (bytes: Uint8Array) => {
    buffer += decoder.decode(bytes, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) listener()(JSON.parse(line) as Record<string, unknown>);
  };
}

export function pipe(path: Path): Pipe {
  let listener: (message: Record<string, unknown>) => void = () => undefined;
  const read = lineReader(() => listener);
  if (path === "fast") {
    const stdout = new PassThrough();
    const stdin = new PassThrough();
    stdin.on("data", (chunk: Buffer) => read(chunk));
    return {
      stream: nodeNdJsonStream(stdin, stdout),
      write: (bytes) => new Promise((resolve) => stdout.write(bytes, () => resolve())),
      onClientMessage: (l) => (listener = l),
    };
  }
  const toClient = new TransformStream<Uint8Array, Uint8Array>();
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const writer = toClient.writable.getWriter();
  void (async () => {
    const reader = toAgent.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read(value);
    }
  })();
  return {
    stream: acp.ndJsonStream(toAgent.writable, toClient.readable),
    write: (bytes) => writer.write(bytes),
    onClientMessage: (l) => (listener = l),
  };
}

/** Cuts `bytes` at the given fractions (so UTF-8 sequences and CRLFs are split anywhere). */
export function cut(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const points = [...new Set(at.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) pieces.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return pieces;
}
