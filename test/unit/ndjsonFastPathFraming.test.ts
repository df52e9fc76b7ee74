/**
 * The stdio fast path's framing on its own, against the SDK's `ndJsonStream`: UTF-8 split across
 * reads, CRLF, blank lines, invalid UTF-8 and lines that are not JSON; and the input ending while
 * the reader waits after a response.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { nodeNdJsonStream } from "../../src/acp/client/connection/transports/nodeNdJsonStream";
import { waitFor } from "../support/waitFor";
import { type Path, cut, pipe } from "../support/stdioFramings";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);

/** The framing alone: what each path hands on, and what it answers the agent. */
async function frame(
  path: Path,
  pieces: readonly Uint8Array[],
): Promise<{ messages: unknown[]; answers: unknown[]; error?: unknown }> {
  const agent = pipe(path);
  const answers: unknown[] = [];
  agent.onClientMessage((message) => answers.push(message));
  if ("routeIncoming" in agent.stream) agent.stream.routeIncoming(() => false);
  const messages: unknown[] = [];
  const reader = agent.stream.readable.getReader();
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      messages.push(value);
    }
  })();
  for (const piece of pieces) await agent.write(piece);
  const end = JSON.stringify({ jsonrpc: "2.0", method: "end" });
  await agent.write(new TextEncoder().encode(`\n${end}\n`));
  await waitFor(
    () => messages.at(-1),
    (m) => JSON.stringify(m) === end,
    `the end (${path})`,
  );
  await new Promise((resolve) => setImmediate(resolve));
  void reading;
  return { messages, answers };
}

/** Lines of JSON whose strings hold arbitrary bytes (invalid UTF-8 included), and odd lines. */
const hostileBytes = fc.array(
  fc.oneof(
    fc.uint8Array({ maxLength: 16 }).map((bytes) => {
      const encoder = new TextEncoder();
      const safe = bytes.filter((b) => b !== 0x22 && b !== 0x5c && b >= 0x20 && b !== 0x0a && b !== 0x0d);
      return Uint8Array.from([
        ...encoder.encode('{"jsonrpc":"2.0","method":"x","params":{"t":"'),
        ...safe,
        ...encoder.encode('"}}'),
      ]);
    }),
    fc
      .constantFrom(
        "",
        " ",
        "\r",
        "\t",
        "not json",
        "[]",
        "[1]",
        "1",
        '"s"',
        "null",
        "{}",
        '{"a":',
        "\u00a0{}\u00a0",
        "\ufeff{}",
      )
      .map((t) => new TextEncoder().encode(t)),
    fc.uint8Array({ maxLength: 8 }).map((bytes) => bytes.filter((b) => b !== 0x0a)),
  ),
  { maxLength: 20 },
);

test("hostile framing: split UTF-8 and CRLFs, blank lines, invalid UTF-8, lines that are not JSON: the fast path hands on and answers exactly what the SDK's framing does", async () => {
  await fc.assert(
    fc.asyncProperty(
      hostileBytes,
      fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 10 }),
      async (lines, crlf, cuts) => {
        const bytes = Uint8Array.from(
          lines.flatMap((line, i) => [...line, ...(crlf[i % crlf.length] ? [0x0d, 0x0a] : [0x0a])]),
        );
        const pieces = cut(bytes, cuts);
        const sdk = await frame("sdk", pieces);
        const fast = await frame("fast", pieces);
        assert.deepEqual(fast.messages, sdk.messages);
        assert.deepEqual(fast.answers, sdk.answers);
      },
    ),
    { seed: SEED, numRuns: RUNS * 3 },
  );
});

test("the input ending while the reader waits after a response still delivers every line after it, in order, then closes", async () => {
  const stdout = new PassThrough();
  const stream = nodeNdJsonStream(new PassThrough(), stdout);
  const seen: string[] = [];
  stream.routeIncoming((message) => {
    if (!("method" in message)) return false;
    seen.push(`routed ${message.method}`);
    return true;
  });
  const reader = stream.readable.getReader();
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return seen.push("closed");
      seen.push(`sdk ${JSON.stringify((value as { id?: unknown }).id)}`);
    }
  })();
  const line = (message: object) => JSON.stringify({ jsonrpc: "2.0", ...message });
  // One read: a response (the reader pauses after it), then updates; the input ends at once.
  stdout.end(
    [
      line({ id: 1, result: {} }),
      line({ method: "a" }),
      line({ id: 2, result: {} }),
      line({ method: "b" }),
      line({ method: "c" }),
    ].join("\n"),
  );
  await reading;
  assert.deepEqual(seen, ["sdk 1", "routed a", "sdk 2", "routed b", "routed c", "closed"]);
});
