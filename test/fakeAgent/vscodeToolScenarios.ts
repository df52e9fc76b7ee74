/**
 * The fake agent as an MCP client of ACP Panel's VS Code tools (issue 18 §1). The session's
 * `mcpServers` entry named "vscode" is used the way the agent was told: `{type: "acp"}` over
 * `mcp/message` on the ACP connection, or a stdio server spawned with its command, args and env.
 *
 *   vscode-tools <path> <line> <column> [query]
 *       tools/list, then every tool (diagnostics for the workspace and for <path>; document_symbols;
 *       workspace_symbols <query>; definition, references and hover at <path>:<line>:<column>;
 *       open_editors; selection). Each call is a tool call in the transcript, and the reply has one
 *       block per tool: "### <tool>" then the tool's text, so tests can read every result.
 *   vscode-hover <path> <line> <column>
 *       only hover at <path>:<line>:<column>; the reply is "Hover over <transport> (failed|ok):" then
 *       the tool's text.
 *   vscode-tool <name> [path]
 *       one tool, with `{path}` when given; the reply is "Tool <name> over <transport> (failed|ok):" then
 *       the tool's text (issue 28: diagnostics of a file no editor has open).
 *   vscode-tools-bad-server
 *       an `mcp/message` to a serverId nobody registered; the reply names the client's error code.
 */
import { spawn } from "node:child_process";
import type { Scenario, TurnContext } from "./scenarios";
import { RpcError } from "./wire";
import { perWorld, type World } from "./world";

interface McpEntry {
  type?: string;
  name?: string;
  serverId?: string;
  command?: string;
  args?: string[];
  env?: Array<{ name: string; value: string }>;
}

const sessionServers = perWorld(() => new Map<string, McpEntry[]>());

export function rememberMcpServers(world: World, sessionId: string, servers: unknown): void {
  sessionServers(world).set(sessionId, Array.isArray(servers) ? (servers as McpEntry[]) : []);
}

type Call = (
  method: string,
  params: Record<string, unknown>,
) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;

/** MCP-over-ACP: the 2026-07-28 revision wants its version and capabilities in each request's `_meta`. */
function overAcp(turn: TurnContext, serverId: string): { call: Call; close(): void } {
  let next = 0;
  return {
    call: async (method, params) =>
      (await turn.request("mcp/message", {
        serverId,
        requestId: `fake-${++next}`,
        method,
        params: {
          ...params,
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      })) as { result?: unknown; error?: { code: number; message: string } },
    close: () => undefined,
  };
}

async function overStdio(entry: McpEntry): Promise<{ call: Call; close(): void }> {
  const env = { ...process.env, ...Object.fromEntries((entry.env ?? []).map(({ name, value }) => [name, value])) };
  const child = spawn(entry.command ?? "", entry.args ?? [], { env, stdio: ["pipe", "pipe", "inherit"] });
  const waiting = new Map<number, (message: { result?: unknown; error?: { code: number; message: string } }) => void>();
  let buffer = "";
  let next = 0;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffer += chunk;
    for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
      const message = JSON.parse(buffer.slice(0, newline)) as {
        id?: number;
        result?: unknown;
        error?: { code: number; message: string };
      };
      buffer = buffer.slice(newline + 1);
      if (typeof message.id === "number") waiting.get(message.id)?.(message);
    }
  });
  const call: Call = (method, params) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, resolve);
      child.once("exit", (code) => reject(new Error(`the MCP server exited (${code})`)));
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  await call("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "fake-agent", version: "1.0.0" },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  return { call, close: () => child.stdin.end() };
}

const text = (value: string) => ({ type: "text", text: value });

interface McpServer {
  call: Call;
  close(): void;
}

/**
 * Runs `use` against the session's `vscode` MCP server (over ACP or the stdio bridge, whichever the
 * client offered) and closes it after; without one, says so.
 */
async function withVscodeServer(
  turn: TurnContext,
  use: (server: McpServer, transport: "acp" | "stdio") => Promise<void>,
): Promise<"end_turn"> {
  const entry = (sessionServers(turn.world).get(turn.sessionId) ?? []).find((server) => server.name === "vscode");
  if (!entry) {
    turn.update({ sessionUpdate: "agent_message_chunk", content: text("No vscode MCP server was offered.") });
    return "end_turn";
  }
  const transport = entry.type === "acp" ? "acp" : "stdio";
  const server = transport === "acp" ? overAcp(turn, entry.serverId ?? "") : await overStdio(entry);
  try {
    await use(server, transport);
  } finally {
    server.close();
  }
  return "end_turn";
}

/** A `tools/call` outcome as the agent reads it: its text (or the MCP error) and whether it failed. */
function toolOutcome(outcome: Awaited<ReturnType<Call>>): { out: string; failed: boolean } {
  const result = outcome.result as { content?: Array<{ text?: string }>; isError?: boolean } | undefined;
  const out = outcome.error
    ? `MCP error ${outcome.error.code}: ${outcome.error.message}`
    : (result?.content ?? []).map((part) => part.text ?? "").join("\n");
  return { out, failed: Boolean(outcome.error || result?.isError) };
}

export const vscodeToolScenarios: Record<string, Scenario> = {
  "vscode-tools": (turn) =>
    withVscodeServer(turn, async (server, transport) => {
      const listed = await server.call("tools/list", {});
      const names = ((listed.result as { tools?: Array<{ name: string }> } | undefined)?.tools ?? []).map(
        (tool) => tool.name,
      );
      const [path = "src/broken.ts", line = "1", column = "1", query = "double"] = turn.args;
      const at = { path, line: Number(line), column: Number(column) };
      const calls: Array<[string, Record<string, unknown>]> = [
        ["diagnostics", {}],
        ["diagnostics", { path }],
        ["document_symbols", { path }],
        ["workspace_symbols", { query }],
        ["definition", at],
        ["references", at],
        ["hover", at],
        ["open_editors", {}],
        ["selection", {}],
      ];
      const blocks = [`Tools over ${transport}: ${names.join(", ")}`];
      for (const [index, [name, args]] of calls.entries()) {
        const toolCallId = `vscode-${transport}-${index}`;
        turn.update({
          sessionUpdate: "tool_call",
          toolCallId,
          title: `vscode: ${name}`,
          kind: "search",
          status: "in_progress",
          rawInput: args,
        });
        const { out, failed } = toolOutcome(await server.call("tools/call", { name, arguments: args }));
        turn.update({
          sessionUpdate: "tool_call_update",
          toolCallId,
          status: failed ? "failed" : "completed",
          content: [{ type: "content", content: text(out) }],
        });
        blocks.push(`### ${name}\n${out}`);
      }
      turn.update({ sessionUpdate: "agent_message_chunk", content: text(blocks.join("\n\n")) });
    }),

  "vscode-hover": (turn) =>
    withVscodeServer(turn, async (server, transport) => {
      const [path = "src/broken.ts", line = "1", column = "1"] = turn.args;
      const { out, failed } = toolOutcome(
        await server.call("tools/call", {
          name: "hover",
          arguments: { path, line: Number(line), column: Number(column) },
        }),
      );
      turn.update({
        sessionUpdate: "agent_message_chunk",
        content: text(`Hover over ${transport} (${failed ? "failed" : "ok"}):\n${out}`),
      });
    }),

  "vscode-tool": (turn) =>
    withVscodeServer(turn, async (server, transport) => {
      const [name = "diagnostics", path] = turn.args;
      const { out, failed } = toolOutcome(
        await server.call("tools/call", { name, arguments: path === undefined ? {} : { path } }),
      );
      turn.update({
        sessionUpdate: "agent_message_chunk",
        content: text(`Tool ${name} over ${transport} (${failed ? "failed" : "ok"}):\n${out}`),
      });
    }),

  async "vscode-tools-bad-server"(turn) {
    try {
      await overAcp(turn, "no-such-server").call("tools/list", {});
      turn.update({ sessionUpdate: "agent_message_chunk", content: text("The unknown server answered.") });
    } catch (error) {
      turn.update({
        sessionUpdate: "agent_message_chunk",
        content: text(`outer error ${error instanceof RpcError ? error.code : String(error)}`),
      });
    }
    return "end_turn";
  },
};
