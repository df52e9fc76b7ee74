/**
 * NDJSON framing on Node streams, in front of the SDK: the fast path for stdio agents.
 *
 * The SDK's `ndJsonStream` reads through a Web stream, decodes every line with a `TextDecoder`
 * and hands each message on through promises: a flood of 20,000 chunks kept the extension host
 * busy for ~80 ms before the first one reached the panel. Here the bytes are split on LF as they
 * come off the pipe, each line is decoded once and parsed once, and every message is offered
 * synchronously, in wire order, to the router the connection installs (`routeIncoming`):
 * `session/update` and `_` notifications stop there and never touch the SDK; everything else
 * (requests, responses, odd but JSON-object messages) goes to the SDK's connection unchanged.
 *
 * Contract, the same as the SDK's `ndJsonStream` (fakeRobustness and the fuzz tests hold both to it):
 * - lines end at LF; one CR before it is dropped; each line is trimmed; blank lines are skipped.
 *   LF never occurs inside a UTF-8 sequence, so a character split across reads is decoded whole.
 *   Invalid UTF-8 becomes U+FFFD, as `TextDecoder` does.
 * - a line that is not JSON is answered `-32700` (id null), a JSON array `-32600` "batches are not
 *   supported", any other non-object JSON `-32600`; the stream carries on.
 * - a line over `maxMessageBytes` (32 MiB; CR excluded) closes the stream with the SDK's
 *   `MessageTooLargeError` as soon as the pending bytes pass the limit, so memory stays bounded by
 *   the limit plus one read; a line of exactly the limit is parsed.
 * - an unterminated last line is parsed at end of input.
 *
 * Ordering: after a message goes to the SDK, reading pauses for one macrotask, so the SDK has
 * dispatched it and whatever it resolves (a prompt's response ends the turn) has run before the
 * next update is folded. Reading also yields every 8 ms so a flood never starves the host's timers.
 */
import type { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import type { AnyMessage } from "@agentclientprotocol/sdk";

/**
 * Takes a message out of the stream (true) or lets it go on to the SDK (false). Synchronous.
 * `text` is the line it was parsed from (trimmed), for the traffic log.
 */
export type IncomingRouter = (message: AnyMessage, text: string) => boolean;

/** A message stream that lets its consumer see each incoming message first, synchronously. */
export interface RoutableStream extends acp.Stream {
  /** Install once, before reading starts (the connection does, in its constructor). */
  routeIncoming(router: IncomingRouter): void;
}

export interface NodeNdJsonOptions {
  readonly maxMessageBytes?: number;
}

const LF = 0x0a;
const CR = 0x0d;
/** How long incoming lines may be processed before the event loop gets a turn. */
const YIELD_AFTER_MS = 8;

export function nodeNdJsonStream(output: Writable, input: Readable, options: NodeNdJsonOptions = {}): RoutableStream {
  const maxBytes = options.maxMessageBytes ?? acp.DEFAULT_MAX_MESSAGE_BYTES;
  let router: IncomingRouter = () => false;
  let controller!: ReadableStreamDefaultController<AnyMessage>;
  let finished = false;

  const writeJson = (message: unknown): Promise<void> =>
    new Promise((resolve, reject) => {
      output.write(JSON.stringify(message) + "\n", (error) => (error ? reject(error) : resolve()));
    });
  const protocolError = (error: acp.RequestError) =>
    void writeJson({ jsonrpc: "2.0", id: null, error: error.toErrorResponse() }).catch(() => undefined);

  /** The current read and how far it has been framed; the bytes of an unfinished line. */
  let current: Buffer | undefined;
  let offset = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let paused = false;
  let reading = false;
  let inputEnded = false;

  const fail = (error: unknown) => {
    if (finished) return;
    finished = true;
    current = undefined;
    pending = [];
    controller.error(error);
    input.destroy();
  };

  /** Bytes of a line without the CR the SDK would strip, checked against the limit. */
  const tooLong = (bytes: number, lastByte: number | undefined) => bytes - (lastByte === CR ? 1 : 0) > maxBytes;

  /** True when the message went to the SDK (then the reader waits a macrotask). */
  const handleLine = (bytes: Buffer): boolean => {
    const text = bytes.toString("utf8").trim();
    if (!text) return false;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      protocolError(acp.RequestError.parseError());
      return false;
    }
    if (Array.isArray(message)) {
      protocolError(acp.RequestError.invalidRequest(undefined, "JSON-RPC batches are not supported"));
      return false;
    }
    if (typeof message !== "object" || message === null) {
      protocolError(acp.RequestError.invalidRequest(message));
      return false;
    }
    if (router(message as AnyMessage, text)) return false;
    controller.enqueue(message as AnyMessage);
    return true;
  };

  const frame = () => {
    const sliceStart = performance.now();
    while (current && !finished) {
      const chunk = current;
      const newline = chunk.indexOf(LF, offset);
      if (newline === -1) {
        const tail = chunk.subarray(offset);
        current = undefined;
        if (tail.length === 0) break;
        if (tooLong(pendingBytes + tail.length, tail[tail.length - 1]))
          return fail(new acp.MessageTooLargeError(maxBytes));
        pending.push(tail);
        pendingBytes += tail.length;
        break;
      }
      let line = chunk.subarray(offset, newline);
      offset = newline + 1;
      if (offset >= chunk.length) current = undefined;
      if (pendingBytes > 0) {
        const last = line.length > 0 ? line[line.length - 1] : pending.at(-1)![pending.at(-1)!.length - 1];
        if (tooLong(pendingBytes + line.length, last)) return fail(new acp.MessageTooLargeError(maxBytes));
        pending.push(line);
        line = Buffer.concat(pending, pendingBytes + line.length);
        pending = [];
        pendingBytes = 0;
      } else if (tooLong(line.length, line[line.length - 1])) {
        return fail(new acp.MessageTooLargeError(maxBytes));
      }
      let toSdk: boolean;
      try {
        toSdk = handleLine(line);
      } catch (error) {
        return fail(error);
      }
      if (toSdk || performance.now() - sliceStart > YIELD_AFTER_MS) {
        if (current) return pauseThenFrame();
        return pauseThenFrame(false);
      }
    }
  };

  /** Waits one macrotask, then frames the rest of the current read (if any) and reads on. */
  const pauseThenFrame = (hasRest = true) => {
    paused = true;
    input.pause();
    setImmediate(() => {
      paused = false;
      if (finished) return;
      if (hasRest) frame();
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- frame() may have paused or finished
      if (paused || finished) return;
      if (inputEnded) finish();
      else input.resume();
    });
  };

  /** The input has ended and every read is framed: the unterminated last line, then the end. */
  const finish = () => {
    if (finished) return;
    if (pendingBytes > 0) {
      const line = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      try {
        handleLine(line);
      } catch (error) {
        return fail(error);
      }
    }
    finished = true;
    controller.close();
  };

  const onData = (chunk: Buffer) => {
    if (finished) return;
    current = chunk;
    offset = 0;
    frame();
  };
  // Node may end a paused stream whose buffer is empty: the rest of the current read is still
  // ours to frame, so the end waits until it is done.
  input.on("end", () => {
    inputEnded = true;
    if (!paused) finish();
  });
  input.on("error", (error) => fail(error));

  const readable = new ReadableStream<AnyMessage>({
    start(c) {
      controller = c;
    },
    // Reading starts when the SDK first pulls: by then the connection has installed its router.
    pull() {
      if (reading) return;
      reading = true;
      input.on("data", onData);
    },
    cancel() {
      finished = true;
      current = undefined;
      pending = [];
      input.destroy();
    },
  });
  const writable = new WritableStream<AnyMessage>({ write: (message) => writeJson(message) });

  return {
    readable,
    writable,
    routeIncoming(route) {
      router = route;
    },
  };
}
