/**
 * How one agent connection reaches the VS Code tools, decided per session from what the agent
 * advertises:
 * - `mcpCapabilities.acp`: MCP-over-ACP, `{type: "acp", name, serverId}`, answered on the ACP
 *   connection itself (`mcp/message`, see connection.ts);
 * - otherwise a stdio MCP server (every ACP agent must take those): the bridge script, run with
 *   the extension host's own Node, talking to a private socket (toolBridgeServer.ts).
 * Both are created on first use and live as long as the connection; every session of the
 * connection gets the same server.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { ClientGrants } from "../../agents/networkPolicy";
import { McpToolServer, type McpOutcome } from "./mcpToolServer";
import { VSCODE_TOOLS_SERVER_NAME } from "./toolCatalog";
import { ToolBridgeServer, type StdioMcpServer } from "./toolBridgeServer";
import { ToolPaths, type ToolReach } from "./toolPaths";
import { VscodeToolset } from "./vscodeToolset";
import type { VscodeToolsPort } from "../../ports";

/**
 * Off when the setting is off. Otherwise the agent's entry decides (`"vscodeTools": true|false`),
 * and without one the tools follow file access: they show file contents (symbols, hovers, the
 * selection), so an agent not granted `fs` (`capabilities.fs: false`, or a network agent on
 * another host, see networkPolicy.ts) gets them only by an explicit `"vscodeTools": true`.
 */
export function vscodeToolsEnabled(
  port: Pick<VscodeToolsPort, "enabled"> | undefined,
  definition: { readonly vscodeTools?: boolean | undefined },
  grants: Pick<ClientGrants, "fs">,
): boolean {
  if (port === undefined || !port.enabled()) return false;
  return definition.vscodeTools ?? grants.fs;
}

/** Serves an MCP server on the ACP connection; returns its `mcpServers` entry. */
export type AcpMcpHost = (
  name: string,
  handler: (method: string, params: Record<string, unknown> | undefined) => Promise<McpOutcome>,
) => AcpMcpDeclaration;

export interface AcpMcpDeclaration {
  type: "acp";
  name: string;
  serverId: string;
}

export interface VscodeToolServersOptions extends ToolReach {
  readonly port: VscodeToolsPort;
}

export class VscodeToolServers {
  readonly mcp: McpToolServer;
  private bridge: Promise<ToolBridgeServer> | undefined;
  private acpDeclaration: AcpMcpDeclaration | undefined;
  private disposed = false;

  constructor(private readonly options: VscodeToolServersOptions) {
    const paths = new ToolPaths(options);
    this.mcp = new McpToolServer(new VscodeToolset({ port: options.port.intelligence, paths, roots: options.roots }));
  }

  /** The `mcpServers` entry for a session: over ACP when `acpHost` is given (the agent advertised it), else the stdio bridge. */
  async declaration(acpHost: AcpMcpHost | undefined): Promise<AcpMcpDeclaration | StdioMcpServer> {
    if (this.disposed) throw new Error("the VS Code tools were disposed");
    if (acpHost) {
      this.acpDeclaration ??= acpHost(VSCODE_TOOLS_SERVER_NAME, (method, params) => this.mcp.dispatch(method, params));
      return this.acpDeclaration;
    }
    this.bridge ??= ToolBridgeServer.start(this.mcp);
    const bridge = await this.bridge;
    return bridge.stdioDeclaration(
      VSCODE_TOOLS_SERVER_NAME,
      this.options.port.bridgeScript,
      this.options.port.execPath,
    );
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const bridge = this.bridge;
    this.bridge = undefined;
    await bridge?.then(
      (server) => server.dispose(),
      () => undefined,
    );
  }
}

/**
 * The `mcpServers` entries the client adds to a session: the VS Code tools when offered. A bridge
 * that cannot start is logged and left out: the session opens without the tools.
 */
export async function clientMcpServers(
  tools: VscodeToolServers | undefined,
  connection: { serveMcpOverAcp: AcpMcpHost },
  mcpOverAcp: boolean,
  warn: (message: string) => void,
): Promise<acp.McpServer[]> {
  if (!tools) return [];
  try {
    // The unstable `acp` entry is not in the stable McpServer union.
    return [
      (await tools.declaration(
        mcpOverAcp ? (name, handler) => connection.serveMcpOverAcp(name, handler) : undefined,
      )) as acp.McpServer,
    ];
  } catch (error) {
    warn(
      `The VS Code tools are not offered to this session: ${error instanceof Error ? error.message : String(error)}`,
    );
    return [];
  }
}
