/** Picks the transport an agent definition asks for. */
import type { AgentDefinition } from "../agentDefinition";
import type { Logger } from "../ports";
import type { AgentTransport } from "./agentTransport";
import { openNetworkTransport } from "./networkTransport";
import { openStdioTransport } from "./stdioTransport";

export function openTransport(definition: AgentDefinition, cwd: string, pathValue: string | undefined, logger: Logger): AgentTransport {
  if (definition.transport === "stdio") return openStdioTransport(definition, cwd, pathValue, logger);
  return openNetworkTransport(definition.transport, definition.url ?? "http://127.0.0.1:28200/acp");
}
