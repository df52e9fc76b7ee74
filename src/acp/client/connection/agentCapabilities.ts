/**
 * Reading an `initialize` result. Capabilities are not enforced by the SDK: every optional call
 * is gated here, and an omitted capability means unsupported.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { McpServerConfig } from "../../agents/agentDefinition";

export interface AgentCapabilityView {
  readonly load: boolean;
  readonly resume: boolean;
  readonly list: boolean;
  readonly close: boolean;
  readonly delete: boolean;
  readonly additionalDirectories: boolean;
  readonly prompt: acp.PromptCapabilities | undefined;
  /** `mcpCapabilities.acp` (unstable): the agent takes MCP servers served over the ACP connection. */
  readonly mcpOverAcp: boolean;
  /** Unstable `sessionCapabilities.systemPrompt`: append always, override when `mode.override` is present. */
  readonly systemPrompt: { readonly append: boolean; readonly override: boolean };
  /** Unstable `agentCapabilities.providers`: providers/list, set and disable. */
  readonly providers: boolean;
  /** `agentCapabilities.auth.logout`: the agent takes `logout` (ACP: Sign Out of Agent). */
  readonly logout: boolean;
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
    mcpOverAcp: (caps.mcpCapabilities as { acp?: unknown } | null | undefined)?.acp === true,
    systemPrompt: systemPromptSupport((session as { systemPrompt?: unknown }).systemPrompt),
    providers: present((caps as { providers?: unknown }).providers),
    logout: present(caps.auth?.logout),
    acceptedMcpServers(servers) {
      return servers
        .filter(
          (server) =>
            !("type" in server) || (server.type === "http" ? caps.mcpCapabilities?.http : caps.mcpCapabilities?.sse),
        )
        .map((server) => server as acp.McpServer);
    },
  };
}

function systemPromptSupport(value: unknown): { append: boolean; override: boolean } {
  if (typeof value !== "object" || value === null) return { append: false, override: false };
  const mode = (value as { mode?: unknown }).mode;
  return {
    append: true,
    override: typeof mode === "object" && mode !== null && present((mode as { override?: unknown }).override),
  };
}
