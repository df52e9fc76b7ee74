/**
 * An agent's stderr goes to the output channel line by line. An agent that writes without newlines
 * must not grow the pending line without bound (nor re-scan it on every chunk): a line longer
 * than the cap is logged in pieces of at most the cap.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentProcess, STDERR_LINE_MAX_CHARS } from "../../src/acp/client/connection/agentProcess";
import { MemoryLogger } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";

test("stderr without newlines is logged in bounded pieces, and nothing is lost", async () => {
  const logger = new MemoryLogger();
  const total = 4 * 1024 * 1024;
  const script = `process.stderr.write("e".repeat(${total}), () => process.stdin.resume());`;
  const agent = new AgentProcess(
    { name: "Noisy", command: process.execPath, args: ["-e", script], env: {} },
    process.cwd(),
    logger,
  );
  try {
    const logged = () => logger.stderr.reduce((sum, line) => sum + line.length, 0);
    await waitFor(logged, (chars) => chars >= total - STDERR_LINE_MAX_CHARS, "the stderr pieces to be logged");
    assert.ok(
      logger.stderr.every((line) => line.length <= STDERR_LINE_MAX_CHARS),
      `a piece of ${Math.max(...logger.stderr.map((l) => l.length))} chars`,
    );
  } finally {
    await agent.stop();
  }
});
