/**
 * The stdio fast path (src/acp/client/connection/transports/nodeNdJsonStream.ts) against the SDK's own framing
 * (`ndJsonStream`, what stdio used before): random replies of updates, agent requests, vendor
 * notifications, garbage and the prompt's response, cut into random reads, must fold to the same
 * thread through the same actions, and draw the same answers.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { AgentClient } from "../../src/acp/client/connection/agentClient";
import { SessionController } from "../../src/acp/client/session/sessionController";
import type { AgentTransport } from "../../src/acp/client/connection/transports/agentTransport";
import type { MessageStream } from "../../src/acp/client/connection/connection";
import { MemoryLogger, definitionOf, steppingClock } from "../support/memoryPorts";
import { ThreadRecorder, contextFor } from "../support/hostHarness";
import { waitFor } from "../support/waitFor";
import { type Path, cut, pipe } from "../support/stdioFramings";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);

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
