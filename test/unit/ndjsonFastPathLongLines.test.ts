/**
 * The stdio fast path at the SDK's message limit: a line of exactly 32 MiB is parsed and routed,
 * one over it errors the stream as soon as it passes the limit.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import { nodeNdJsonStream } from "../../src/acp/client/connection/transports/nodeNdJsonStream";
import { waitFor } from "../support/waitFor";

const MAX = acp.DEFAULT_MAX_MESSAGE_BYTES;

/** A `session/update` line of exactly `bytes` bytes (without its line ending). */
function updateLine(bytes: number): Buffer {
  const head =
    '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"';
  const tail = '"}}}}';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes - head.length - tail.length, "x"), Buffer.from(tail)]);
}

test("a line of exactly 32 MiB (CRLF, split across reads) is parsed and routed", async () => {
  const stdout = new PassThrough();
  const stream = nodeNdJsonStream(new PassThrough(), stdout);
  const routed: AnyMessage[] = [];
  stream.routeIncoming((message) => (routed.push(message), true));
  void stream.readable.getReader().read();
  const line = Buffer.concat([updateLine(MAX), Buffer.from("\r\n")]);
  for (let at = 0; at < line.length; at += 1 << 20) stdout.write(line.subarray(at, at + (1 << 20)));
  await waitFor(
    () => routed.length,
    (n) => n === 1,
    "the 32 MiB update",
  );
  const text = (routed[0] as { params: { update: { content: { text: string } } } }).params.update.content.text;
  assert.equal(Buffer.byteLength(JSON.stringify(routed[0])), MAX);
  assert.ok(/^x+$/.test(text));
});

test("a line over 32 MiB errors the stream with the SDK's MessageTooLargeError as soon as it passes the limit, without reading on", async () => {
  const stdout = new PassThrough();
  const stream = nodeNdJsonStream(new PassThrough(), stdout);
  stream.routeIncoming(() => true);
  const reader = stream.readable.getReader();
  let error: unknown;
  void reader.read().catch((e: unknown) => (error = e));
  const piece = Buffer.alloc(1 << 20, "x");
  let written = 0;
  // 48 MiB with no newline: the reader gives up past 32 MiB and closes its input.
  while (written < 48 * (1 << 20) && !error && !stdout.destroyed) {
    await new Promise<void>((resolve) => stdout.write(piece, () => resolve()));
    written += piece.length;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await waitFor(() => error, Boolean, "the stream's error");
  assert.equal((error as Error).name, "MessageTooLargeError");
  assert.equal((error as { maxMessageBytes?: number }).maxMessageBytes, MAX);
  assert.ok(written <= MAX + 2 * piece.length, `read ${written} bytes before giving up`);
  assert.ok(stdout.destroyed, "the agent's stdout is closed");
});
