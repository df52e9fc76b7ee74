/**
 * The parameters every request that opens a session shares (`session/new`, `session/load`,
 * `session/resume`, `session/fork`): the cwd, the user's MCP servers the agent can take followed
 * by the ones the client serves itself, the workspace's other folders when the agent advertises
 * `additionalDirectories`, and the `systemPrompt` setting (systemPrompt.ts). Also the choice
 * between load and resume when a past session is reopened.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { capabilitiesOf, type AgentCapabilityView } from "../connection/agentCapabilities";
import type { OpenMode, SessionContext } from "./sessionContext";
import { systemPromptParam } from "./systemPrompt";

/** `systemPromptSkipped`: why the systemPrompt setting was left out, to tell the user once the session is open. */
export async function openParams(
  context: SessionContext,
): Promise<{ params: acp.NewSessionRequest; systemPromptSkipped: string | undefined }> {
  const { client } = context;
  const caps = capabilitiesOf(client.init);
  const systemPrompt = systemPromptParam(client.definition, caps, context.translate);
  const params = {
    cwd: context.cwd,
    mcpServers: [
      ...caps.acceptedMcpServers(client.definition.mcpServers),
      ...((await context.clientMcpServers?.()) ?? []),
    ],
    ...(caps.additionalDirectories && context.additionalDirectories.length > 0
      ? { additionalDirectories: [...context.additionalDirectories] }
      : {}),
    ...systemPrompt.param,
  };
  return { params, systemPromptSkipped: systemPrompt.skipped };
}

/**
 * `session/load` (history replayed into the thread) when `replay` is wanted and the agent
 * supports it, else `session/resume`; without `replay` the other way round. Undefined when the
 * agent offers neither.
 */
export function reopenModeOf(caps: AgentCapabilityView, replay: boolean): Exclude<OpenMode, "new"> | undefined {
  return replay
    ? caps.load
      ? "load"
      : caps.resume
        ? "resume"
        : undefined
    : caps.resume
      ? "resume"
      : caps.load
        ? "load"
        : undefined;
}
