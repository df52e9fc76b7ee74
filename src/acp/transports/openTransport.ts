/** Picks the transport an agent definition asks for. */
import type { AgentDefinition } from "../agentDefinition";
import type { Logger } from "../ports";
import type { AgentTransport } from "./agentTransport";
import { openNetworkTransport } from "./networkTransport";
import { openStdioTransport } from "./stdioTransport";

/** `cwd` is the workspace; `storageDirectory` the extension's own folder (package runners start there). */
export function openTransport(definition: AgentDefinition, cwd: string, pathValue: string | undefined, logger: Logger, storageDirectory?: string): AgentTransport {
  if (definition.transport === "stdio") return openStdioTransport(definition, cwd, pathValue, logger, storageDirectory);
  return openNetworkTransport(definition.transport, definition.url ?? "http://127.0.0.1:28200/acp");
}
