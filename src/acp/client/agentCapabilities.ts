/**
 * Reading an `initialize` result. Capabilities are not enforced by the SDK: every optional call
 * is gated here, and an omitted capability means unsupported.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { McpServerConfig } from "../agents/agentDefinition";

export interface AgentCapabilityView {
  readonly load: boolean;
  readonly resume: boolean;
  readonly list: boolean;
  readonly close: boolean;
  readonly delete: boolean;
  readonly additionalDirectories: boolean;
  readonly prompt: acp.PromptCapabilities | undefined;
  /** MCP servers from settings that this agent can take (stdio always; http/sse when advertised). */
  acceptedMcpServers(servers: readonly McpServerConfig[]): acp.McpServer[];
}

const present = (value: unknown): boolean => value !== undefined && value !== null;

export function capabilitiesOf(init: acp.InitializeResponse): AgentCapabilityView {
  const caps = init.agentCapabilities ?? {};
  const session = caps.sessionCapabilities ?? {};
  return {
    load: caps.loadSession === true,
    resume: present(session.resume),
    list: present(session.list),
    close: present(session.close),
    delete: present(session.delete),
    additionalDirectories: present(session.additionalDirectories),
    prompt: caps.promptCapabilities ?? undefined,
    acceptedMcpServers(servers) {
      return servers.filter((server) => !("type" in server) || (server.type === "http" ? caps.mcpCapabilities?.http : caps.mcpCapabilities?.sse))
        .map((server) => server as acp.McpServer);
    },
  };
}
