/**
 * The stdio fast path (src/acp/client/connection/transports/nodeNdJsonStream.ts) against the SDK's own framing
 * (`ndJsonStream`, what stdio used before): random replies of updates, agent requests, vendor
 * notifications, garbage and the prompt's response, cut into random reads, must fold to the same
 * thread through the same actions, and draw the same answers. Then hostile framing on its own:
 * UTF-8 split across reads, CRLF, blank lines, lines that are not JSON, a line of exactly 32 MiB
 * and one over it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import fc from "fast-check";
import * as acp from "@agentclientprotocol/sdk";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import { AgentClient } from "../../src/acp/client/connection/agentClient";
import { SessionController } from "../../src/acp/client/session/sessionController";
import { nodeNdJsonStream } from "../../src/acp/client/connection/transports/nodeNdJsonStream";
import type { AgentTransport } from "../../src/acp/client/connection/transports/agentTransport";
import type { MessageStream } from "../../src/acp/client/connection/connection";
import { MemoryLogger, definitionOf, steppingClock } from "../support/memoryPorts";
import { ThreadRecorder, contextFor } from "../support/hostHarness";
import { waitFor } from "../support/waitFor";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);

type Path = "sdk" | "fast";

/** One end of an in-memory stdio pipe pair: the agent writes bytes, the client's lines come back parsed. */
interface Pipe {
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

function pipe(path: Path): Pipe {
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

const transportOf = (stream: MessageStream): AgentTransport => ({
  stream,
  ended: new Promise(() => undefined),
  hasEnded: false,
  description: "in-memory agent",
  stop: async () => undefined,
});

/** What the agent sends after `session/prompt`; `respond` is where the prompt's response goes. */
type Step =
  | { kind: "update"; update: unknown; sessionId?: unknown }
  | { kind: "permission"; toolCallId: string }
  | { kind: "request"; method: string }
  | { kind: "ext"; method: string }
  | { kind: "raw"; text: string }
  | { kind: "respond"; stopReason: string };

const text = fc.string({
  unit: fc.constantFrom("a", "é", "€", "😀", "\n", "\\", '"', " ", "`", "\u2028"),
  maxLength: 12,
});
const chunkUpdate = fc
  .tuple(
    fc.constantFrom("agent_message_chunk", "agent_thought_chunk", "user_message_chunk"),
    text,
    fc.option(fc.constantFrom("m1", "m2"), { nil: undefined }),
  )
  .map(([sessionUpdate, t, messageId]) => ({
    sessionUpdate,
    content: { type: "text", text: t },
    ...(messageId ? { messageId } : {}),
  }));
const toolUpdate = fc
  .tuple(
    fc.constantFrom("tool_call", "tool_call_update"),
    fc.constantFrom("t1", "t2", "t3"),
    fc.constantFrom("pending", "in_progress", "completed", "failed"),
    text,
  )
  .map(([sessionUpdate, toolCallId, status, title]) => ({ sessionUpdate, toolCallId, status, title, kind: "read" }));
const otherUpdate = fc.oneof(
  fc.constant({ sessionUpdate: "plan", entries: [{ content: "step", priority: "high", status: "pending" }] }),
  fc.constant({ sessionUpdate: "tool_call_pending", toolCallId: "v1" }),
  fc.constant({ sessionUpdate: "usage_update", used: 10, size: 100 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: chunkUpdate.map((update): Step => ({ kind: "update", update })) },
  { weight: 3, arbitrary: toolUpdate.map((update): Step => ({ kind: "update", update })) },
  { weight: 1, arbitrary: otherUpdate.map((update): Step => ({ kind: "update", update })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>("other", 7, undefined).map((sessionId): Step => ({
      kind: "update",
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "elsewhere" } },
      sessionId,
    })),
  },
  { weight: 1, arbitrary: fc.constantFrom("t1", "t2").map((toolCallId): Step => ({ kind: "permission", toolCallId })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("fs/read_text_file", "_vendor/ask", "terminal/create")
      .map((method): Step => ({ kind: "request", method })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("_x/y", "_lody/subagents/event").map((method): Step => ({ kind: "ext", method })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        "",
        "   ",
        "not json",
        "[1,2]",
        "42",
        "null",
        '{"jsonrpc":"2.0"}',
        '{"jsonrpc":"2.0","id":99999,"result":{}}',
      )
      .map((t): Step => ({ kind: "raw", text: t })),
  },
);

/** A reply: steps, the prompt's response somewhere in them (late updates may follow it). */
const reply = fc
  .tuple(
    fc.array(step, { maxLength: 30 }),
    fc.array(step, { maxLength: 4 }),
    fc.constantFrom("end_turn", "cancelled", "refusal"),
  )
  .map(([before, after, stopReason]): Step[] => [...before, { kind: "respond", stopReason }, ...after]);

/** The reply's wire bytes: line endings LF or CRLF at random, the agent's ids counting from 1000. */
function wire(steps: readonly Step[], promptId: unknown, crlf: readonly boolean[]): Uint8Array {
  let nextId = 1000;
  const lines = steps.map((s) => {
    switch (s.kind) {
      case "update":
        return JSON.stringify({
          jsonrpc: "2.0",
          method: "session/update",
          params: {
            ...(s.sessionId === undefined ? { sessionId: "s1" } : { sessionId: s.sessionId }),
            update: s.update,
          },
        });
      case "permission":
        return JSON.stringify({
          jsonrpc: "2.0",
          id: nextId++,
          method: "session/request_permission",
          params: {
            sessionId: "s1",
            toolCall: { toolCallId: s.toolCallId },
            options: [{ optionId: "ok", name: "Allow", kind: "allow_once" }],
          },
        });
      case "request":
        return JSON.stringify({
          jsonrpc: "2.0",
          id: nextId++,
          method: s.method,
          params: { sessionId: "s1", path: "/x" },
        });
      case "ext":
        return JSON.stringify({
          jsonrpc: "2.0",
          method: s.method,
          params: { sessionId: "s1", runId: "r", type: "output" },
        });
      case "raw":
        return s.text;
      case "respond":
        return JSON.stringify({ jsonrpc: "2.0", id: promptId, result: { stopReason: s.stopReason } });
    }
  });
  lines.push(
    JSON.stringify({
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: "s1",
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "THE-END" } },
      },
    }),
  );
  return new TextEncoder().encode(lines.map((line, i) => line + (crlf[i % crlf.length] ? "\r\n" : "\n")).join(""));
}

/** Cuts `bytes` at the given fractions (so UTF-8 sequences and CRLFs are split anywhere). */
function cut(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const points = [...new Set(at.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) pieces.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return pieces;
}

interface Outcome {
  readonly actions: unknown[];
  readonly thread: unknown;
  readonly answers: unknown[];
  readonly logged: string[];
  /** What the traffic log shows of each incoming message, parsed back. */
  readonly trafficIn: unknown[];
}

async function play(
  path: Path,
  steps: readonly Step[],
  cuts: readonly number[],
  crlf: readonly boolean[],
): Promise<Outcome> {
  const agent = pipe(path);
  const logger = new MemoryLogger();
  const recorder = new ThreadRecorder();
  const client = new AgentClient(
    definitionOf({ name: "Prop", command: "-", args: [], env: {} }),
    transportOf(agent.stream),
    {
      // Where a request lands among the updates is part of the thread.
      requestPermission: async (params) => {
        recorder.sink({
          type: "thread/error",
          entryId: recorder.newId(),
          message: `asked about ${params.toolCall.toolCallId}`,
        });
        return { outcome: { outcome: "selected", optionId: "ok" } };
      },
    },
    logger,
  );
  const answers: unknown[] = [];
  agent.onClientMessage((message) => {
    const { id, method } = message as { id?: unknown; method?: string };
    if (method === "initialize")
      void agent.write(
        new TextEncoder().encode(
          JSON.stringify({ jsonrpc: "2.0", id, result: { protocolVersion: 1, agentCapabilities: {} } }) + "\n",
        ),
      );
    else if (method === "session/new")
      void agent.write(
        new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id, result: { sessionId: "s1" } }) + "\n"),
      );
    else if (method === "session/prompt")
      void (async () => {
        for (const piece of cut(wire(steps, id, crlf), cuts)) await agent.write(piece);
      })();
    else if (method === undefined) answers.push(message);
  });
  try {
    await client.initialize();
    const session = await SessionController.create(contextFor(client, recorder, logger, "/w", steppingClock()));
    await session.prompt("go");
    await waitFor(() => JSON.stringify(recorder.thread).includes("THE-END"), Boolean, `the end of the reply (${path})`);
    // Answers to the agent's requests are written after their handlers settle.
    const asked = steps.filter((s) => s.kind === "permission" || s.kind === "request").length;
    const oddLines = steps.filter((s) => s.kind === "raw" && s.text.trim() !== "" && !s.text.startsWith("{")).length;
    await waitFor(
      () => answers.length,
      (n) => n >= asked + oddLines,
      `${asked} answers and ${oddLines} errors (${path})`,
    );
    session.dispose();
    const trafficIn = logger.trafficLog
      .filter((line) => line.direction === "in")
      .map((line) => JSON.parse(line.text) as unknown);
    return { actions: recorder.actions, thread: recorder.thread, answers, logged: logger.lines, trafficIn };
  } finally {
    client.connection.close();
  }
}

test("the fast path folds every reply to the same thread as the SDK's framing, through the same actions, and answers the agent the same", async () => {
  await fc.assert(
    fc.asyncProperty(
      reply,
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      async (steps, cuts, crlf) => {
        const sdk = await play("sdk", steps, cuts, crlf);
        const fast = await play("fast", steps, cuts, crlf);
        assert.deepEqual(fast.actions, sdk.actions);
        assert.deepEqual(fast.thread, sdk.thread);
        // The same answers; not in the same order: an answer goes out when its handler settles.
        const sorted = (answers: unknown[]) => answers.map((a) => JSON.stringify(a)).sort();
        assert.deepEqual(sorted(fast.answers), sorted(sdk.answers));
        assert.deepEqual(fast.logged, sdk.logged);
        assert.deepEqual(fast.trafficIn, sdk.trafficIn);
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});

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
