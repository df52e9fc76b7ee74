/**
 * Property-based fuzzing (fast-check, fixed seed, bounded runs; `npm run fuzz` runs longer) of the
 * real connection stack: random lines, batches, updates (test/support/randomTraffic.ts), requests
 * and vendor notifications. Nothing escapes the handlers, every request is answered, the
 * connection keeps working afterwards and memory stays bounded.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import * as acp from "@agentclientprotocol/sdk";
import { AgentClient } from "../../src/acp/client/connection/agentClient";
import type { AgentTransport } from "../../src/acp/client/connection/transports/agentTransport";
import { MemoryLogger, definitionOf } from "../support/memoryPorts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
import { randomUpdate } from "../support/randomTraffic";

/** An in-memory agent: the test writes raw lines; the client's messages come back parsed. */
function memoryTransport() {
  const toClient = new TransformStream<Uint8Array, Uint8Array>();
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const writer = toClient.writable.getWriter();
  const encoder = new TextEncoder();
  const received: Array<{ id?: unknown; method?: string; result?: unknown; error?: unknown }> = [];
  void (async () => {
    const reader = toAgent.readable.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) received.push(JSON.parse(line));
    }
  })();
  const transport: AgentTransport = {
    stream: acp.ndJsonStream(toAgent.writable, toClient.readable),
    ended: new Promise(() => undefined),
    hasEnded: false,
    description: "in-memory fuzz agent",
    stop: async () => undefined,
  };
  return { transport, received, send: (line: string) => writer.write(encoder.encode(line + "\n")) };
}

const hostileLine = fc.oneof(
  fc.string().filter((s) => !s.includes("\n")),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.array(fc.jsonValue(), { maxLength: 3 }).map((batch) => JSON.stringify(batch)),
  fc
    .tuple(randomUpdate)
    .map(([update]) =>
      JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s1", update } }),
    ),
  fc
    .tuple(fc.oneof(fc.nat(), fc.string()), fc.jsonValue())
    .map(([id, result]) => JSON.stringify({ jsonrpc: "2.0", id, result })),
  fc
    .tuple(fc.oneof(fc.nat(), fc.string()), fc.string(), fc.jsonValue())
    .map(([id, method, params]) => JSON.stringify({ jsonrpc: "2.0", id, method, params })),
  fc
    .tuple(fc.string(), fc.jsonValue())
    .map(([method, params]) => JSON.stringify({ jsonrpc: "2.0", method: `_${method}`, params })),
);

test("the connection survives random traffic, answers every request, and keeps working", async () => {
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);
  process.on("unhandledRejection", onError);
  process.on("uncaughtException", onError);
  const heapBefore = process.memoryUsage().heapUsed;
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileLine, { minLength: 1, maxLength: 40 }), async (lines) => {
        const { transport, received, send } = memoryTransport();
        const updates: unknown[] = [];
        const client = new AgentClient(
          definitionOf({ name: "Fuzz", command: "-", args: [], env: {} }),
          transport,
          {},
          new MemoryLogger(),
        );
        client.attach("s1", { update: (u) => updates.push(u), extNotification: () => undefined });
        const init = client.initialize();
        for (const line of lines) await send(line);
        // A well-formed answer to initialize (id 0) still gets through after the noise.
        await send(JSON.stringify({ jsonrpc: "2.0", id: 0, result: { protocolVersion: 1, agentCapabilities: {} } }));
        const result = await init.catch((error: unknown) => error);
        assert.equal((result as { protocolVersion?: number }).protocolVersion ?? 1, 1);
        await new Promise((resolve) => setImmediate(resolve));
        // Every request the "agent" sent got an answer (an error for unknown methods).
        const asked = lines
          .map((l) => {
            try {
              return JSON.parse(l);
            } catch {
              return undefined;
            }
          })
          .filter(
            (m) =>
              m &&
              typeof m === "object" &&
              !Array.isArray(m) &&
              typeof m.method === "string" &&
              "id" in m &&
              m.id !== null &&
              (typeof m.id === "number" || typeof m.id === "string"),
          );
        for (const request of asked)
          assert.ok(
            received.some((r) => r.id === request.id && ("result" in r || "error" in r)),
            `request ${JSON.stringify(request).slice(0, 80)} answered`,
          );
        assert.ok(!client.connection.isClosed, "the connection is still open");
        client.connection.close();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  } finally {
    process.off("unhandledRejection", onError);
    process.off("uncaughtException", onError);
  }
  assert.deepEqual(errors, [], "nothing escaped the handlers");
  global.gc?.();
  const growth = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
  console.log(`fuzz: ${RUNS} connection runs, heap growth ${growth.toFixed(1)} MiB`);
  assert.ok(growth < 256, `heap grew by ${growth.toFixed(1)} MiB`);
});
