/**
 * Issue 29, a shared connection: updates for a session no tab shows any more (its sink was
 * disposed) are dropped and logged, never buffered for the next attach; updates for an id never
 * attached still wait for it (an agent may stream before `session/new` answers).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import { AgentClient } from "../../src/acp/client/agentClient";
import type { AgentTransport } from "../../src/acp/client/transports/agentTransport";
import type { FailureReport } from "../../src/acp/client/agentErrors";
import { MemoryLogger } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";

function chunk(sessionId: string, text: string): AnyMessage {
  return {
    jsonrpc: "2.0",
    method: "session/update",
    params: { sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } } },
  };
}

test("a left session's late update is dropped (logged), not replayed to its next attach; an unknown id's is kept", async () => {
  let push!: (message: AnyMessage) => void;
  const readable = new ReadableStream<AnyMessage>({ start: (controller) => (push = (m) => controller.enqueue(m)) });
  const transport: AgentTransport = {
    stream: { readable, writable: new WritableStream<AnyMessage>() },
    ended: new Promise<FailureReport>(() => undefined),
    hasEnded: false,
    description: "memory",
    stop: async () => undefined,
  };
  const logger = new MemoryLogger();
  const client = new AgentClient(
    { name: "Fake", transport: "stdio", command: "fake", args: [], env: {}, defaultConfig: {}, mcpServers: [] },
    transport,
    {},
    logger,
  );
  const seen: string[] = [];
  const sink = (tag: string) => ({
    update: (update: unknown) => seen.push(`${tag}:${(update as { content: { text: string } }).content.text}`),
    extNotification: () => undefined,
  });
  client.attach("s1", sink("first")).dispose(); // the tab left s1
  // In this order: once s1's drop is logged, s2's update has been handled too.
  push(chunk("s2", "before session/new answered"));
  push(chunk("s1", "late tail"));
  await waitFor(
    () => logger.lines,
    (lines) => lines.some((line) => line.includes("dropped session/update for session s1")),
    "the dropped update logged",
  );
  client.attach("s1", sink("reloaded"));
  client.attach("s2", sink("new"));
  assert.deepEqual(seen, ["new:before session/new answered"]);
  await client.stop();
});
