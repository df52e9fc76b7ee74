/**
 * A minimal MCP server for the VS Code tools: `initialize`, `ping`, `tools/list`, `tools/call`
 * (and `server/discover` of the stateless 2026-07-28 revision MCP-over-ACP uses). One dispatcher
 * serves both transports: JSON-RPC lines over the stdio bridge's socket (`handleMessage`), and
 * `mcp/message` over ACP (`dispatch`, whose outcome is the `{result}|{error}` carrier).
 * Tools only: no resources, prompts, sampling or subscriptions; notifications are ignored.
 */
import type { VscodeToolset } from "./vscodeToolset";
import { UnknownToolError } from "./vscodeToolset";

/** Newest first; an `initialize` asking for one of these gets it back, anything else the newest. */
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

export type McpOutcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

type JsonRpcId = string | number | null;

const SERVER_INFO = { name: "acp-panel-vscode", title: "VS Code (ACP Panel)", version: "0.1.0" };
const INSTRUCTIONS =
  "Read-only access to what VS Code knows about this workspace: problems, symbols, definitions, references, hovers, open editors and the selection. Lines and columns are 1-based.";

export class McpToolServer {
  constructor(private readonly toolset: VscodeToolset) {}

  async dispatch(method: string, params: Record<string, unknown> | undefined): Promise<McpOutcome> {
    switch (method) {
      case "initialize": {
        const asked = params?.protocolVersion;
        const protocolVersion = (MCP_PROTOCOL_VERSIONS as readonly unknown[]).includes(asked)
          ? asked
          : MCP_PROTOCOL_VERSIONS[0];
        return {
          result: {
            protocolVersion,
            capabilities: { tools: { listChanged: false } },
            serverInfo: SERVER_INFO,
            instructions: INSTRUCTIONS,
          },
        };
      }
      case "server/discover":
        return {
          result: {
            capabilities: { tools: { listChanged: false } },
            serverInfo: SERVER_INFO,
            instructions: INSTRUCTIONS,
          },
        };
      case "ping":
        return { result: {} };
      case "tools/list":
        return { result: { tools: this.toolset.list() } };
      case "tools/call": {
        const name = params?.name;
        if (typeof name !== "string")
          return { error: { code: -32602, message: "Invalid params: tools/call needs a tool name" } };
        try {
          return { result: await this.toolset.call(name, params?.arguments) };
        } catch (error) {
          if (error instanceof UnknownToolError) return { error: { code: -32602, message: error.message } };
          throw error;
        }
      }
      default:
        return { error: { code: -32601, message: `Method not found: ${method}` } };
    }
  }

  /**
   * One JSON-RPC message from a stdio client; the response to write back, or undefined for a
   * notification (or a response, which this server never asked for).
   */
  async handleMessage(message: unknown): Promise<object | undefined> {
    if (typeof message !== "object" || message === null || Array.isArray(message))
      return rpcError(null, -32600, "Invalid Request");
    const { id, method, params } = message as { id?: unknown; method?: unknown; params?: unknown };
    if (typeof method !== "string") return undefined;
    const isRequest = typeof id === "string" || typeof id === "number";
    if (!isRequest) return undefined;
    if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params)))
      return rpcError(id, -32602, "Invalid params");
    try {
      const outcome = await this.dispatch(method, params as Record<string, unknown> | undefined);
      return "result" in outcome
        ? { jsonrpc: "2.0", id, result: outcome.result }
        : { jsonrpc: "2.0", id, error: outcome.error };
    } catch (error) {
      return rpcError(id, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export function rpcError(id: JsonRpcId, code: number, message: string): object {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
