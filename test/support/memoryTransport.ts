/**
 * The fake agent in memory behind the client's AgentTransport seam: session-logic tests run it in
 * their own process (test/fakeAgent/memoryAgent.ts) instead of spawning it, over the same NDJSON
 * framing as stdio (nodeNdJsonStream), with the same failure reports (describeExit).
 *
 * A definition whose command is MEMORY_AGENT_COMMAND (fakeAgent() makes one) opens in memory;
 * any other goes to the product's openTransport, so `testTransports` can be every test's opener.
 */
import { commandLine, describeExit } from "../../src/acp/client/connection/agentErrors";
import type { AgentTransport } from "../../src/acp/client/connection/transports/agentTransport";
import { nodeNdJsonStream } from "../../src/acp/client/connection/transports/nodeNdJsonStream";
import { openTransport, type TransportOpener } from "../../src/acp/client/connection/transports/openTransport";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { Logger } from "../../src/acp/ports";
import type { Translate } from "../../src/shared/l10n";
import { startMemoryAgent } from "../fakeAgent/memoryAgent";

/** Not a program: spawned by mistake, it fails with "not found" rather than run something else. */
export const MEMORY_AGENT_COMMAND = "fake-agent-in-memory";

export function openMemoryTransport(definition: AgentDefinition, logger: Logger, t?: Translate): AgentTransport {
  const agent = startMemoryAgent(definition.env, (line) => logger.agentStderr(definition.name, line));
  return {
    stream: nodeNdJsonStream(agent.stdin, agent.stdout),
    ended: agent.exited.then((exit) => describeExit(exit, agent.stderr(), t)),
    get hasEnded() {
      return agent.hasExited;
    },
    description: `Ran: ${commandLine(definition)}`,
    stop: () => agent.stop(),
  };
}

export const testTransports: TransportOpener = (definition, cwd, pathValue, logger, storageDirectory, t) =>
  definition.transport === "stdio" && definition.command === MEMORY_AGENT_COMMAND
    ? openMemoryTransport(definition, logger, t)
    : openTransport(definition, cwd, pathValue, logger, storageDirectory, t);
