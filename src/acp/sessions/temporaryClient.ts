/**
 * A short-lived connection to an agent for session administration (delete, list) when no tab
 * holds one: launched, initialized, used, and stopped again.
 */
import { AgentClient, AgentStartError } from "../client/connection/agentClient";
import { resolveLaunch } from "./sessionOpening";
import { openTransport } from "../client/connection/transports/openTransport";
import type { ChatSessionDeps } from "./chatSession";

export async function withTemporaryClient<T>(
  deps: ChatSessionDeps,
  agent: string,
  use: (client: AgentClient) => Promise<T>,
): Promise<T> {
  const launch = await resolveLaunch(deps, agent);
  if ("message" in launch) throw new AgentStartError(launch);
  const cwd = deps.workspace.cwd();
  const open = deps.openTransport ?? openTransport;
  const transport = open(launch.definition, cwd, await deps.pathValue?.(), deps.logger, deps.storageDirectory);
  const client = new AgentClient(launch.definition, transport, {}, deps.logger);
  try {
    await client.initialize();
    return await use(client);
  } finally {
    await client.stop();
  }
}
