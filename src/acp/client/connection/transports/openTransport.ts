/** Picks the transport an agent definition asks for. */
import { BUB_DEFAULT_URL, type AgentDefinition } from "../../../agents/agentDefinition";
import type { Logger } from "../../../ports";
import type { AgentTransport } from "./agentTransport";
import { openNetworkTransport } from "./networkTransport";
import { openStdioTransport } from "./stdioTransport";
import { type Translate } from "../../../../shared/l10n";

/** How the client reaches an agent: openTransport below, or a test's agent in memory. */
export type TransportOpener = typeof openTransport;

/** `cwd` is the workspace; `storageDirectory` the extension's own folder (package runners start there). */
/** `t`: the user's language for start and exit failures (default English). */
export function openTransport(
  definition: AgentDefinition,
  cwd: string,
  pathValue: string | undefined,
  logger: Logger,
  storageDirectory?: string,
  t?: Translate,
): AgentTransport {
  if (definition.transport === "stdio")
    return openStdioTransport(definition, cwd, pathValue, logger, storageDirectory, t);
  return openNetworkTransport(definition.transport, definition.url ?? BUB_DEFAULT_URL, definition.headers ?? {});
}
