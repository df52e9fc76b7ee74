/**
 * VS Code's intelligence as MCP tools (issue 18 §1), how they are served: the minimal MCP server,
 * its line framing, and the stdio bridge between an agent and the extension's socket, with its
 * token and its private folder.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { ToolBridgeServer, BRIDGE_TOKEN_ENV } from "../../src/acp/client/mcpTools/toolBridgeServer";
import { LineReader } from "../../src/acp/client/mcpTools/lineReader";
import { StdioMcpClient, bridgeScriptPath } from "../support/mcpBridge";
import { Cleanup } from "../support/hostHarness";
import { sampleToolServer } from "../support/toolServer";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("MCP initialize echoes a known protocol version; notifications get no answer; unknown methods -32601", async () => {
  const { mcp } = sampleToolServer();
  const init = (await mcp.handleMessage({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  })) as { result: { protocolVersion: string; capabilities: object } };
  assert.equal(init.result.protocolVersion, "2025-06-18");
  assert.deepEqual(init.result.capabilities, { tools: { listChanged: false } });
  assert.equal(await mcp.handleMessage({ jsonrpc: "2.0", method: "notifications/initialized" }), undefined);
  assert.deepEqual(await mcp.handleMessage({ jsonrpc: "2.0", id: 2, method: "resources/list" }), {
    jsonrpc: "2.0",
    id: 2,
    error: { code: -32601, message: "Method not found: resources/list" },
  });
});

test("line framing: messages split across chunks are joined, CRLF is accepted, an oversized line is refused", () => {
  const lines: string[] = [];
  let overflowed = 0;
  const reader = new LineReader(
    16,
    (line) => lines.push(line),
    () => overflowed++,
  );
  reader.push('{"a":');
  reader.push("1}\r\n\n{}\n");
  assert.deepEqual(lines, ['{"a":1}', "{}"]);
  reader.push("x".repeat(40));
  assert.equal(overflowed, 1);
});

test("the stdio bridge carries MCP between an agent and the extension's socket", async () => {
  const { mcp } = sampleToolServer();
  const bridge = await ToolBridgeServer.start(mcp);
  cleanup.add(() => bridge.dispose());
  const entry = bridge.stdioDeclaration("vscode", bridgeScriptPath());
  assert.equal(entry.command, process.execPath);
  assert.ok(entry.env.some((variable) => variable.name === "ELECTRON_RUN_AS_NODE" && variable.value === "1"));
  const client = new StdioMcpClient(entry);
  cleanup.add(() => client.child.kill());
  const init = await client.request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "test", version: "1" },
  });
  assert.equal((init.result as { protocolVersion: string }).protocolVersion, "2025-06-18");
  client.notify("notifications/initialized");
  const list = await client.request("tools/list");
  assert.equal((list.result as { tools: unknown[] }).tools.length, 8);
  const call = await client.request("tools/call", { name: "diagnostics", arguments: {} });
  assert.match(JSON.stringify(call.result), /not assignable to type 'number'/);
  client.writeRaw("not json\n");
  const after = await client.request("ping");
  assert.deepEqual(after.result, {}, "a parse error does not end the session");
  client.close();
  assert.equal(await client.exited, 0);
});

test("the bridge with a wrong token is refused before any tool runs", async () => {
  const { mcp, intelligence } = sampleToolServer();
  const bridge = await ToolBridgeServer.start(mcp);
  cleanup.add(() => bridge.dispose());
  const entry = bridge.stdioDeclaration("vscode", bridgeScriptPath());
  entry.env = entry.env.map((variable) =>
    variable.name === BRIDGE_TOKEN_ENV ? { ...variable, value: "guessed" } : variable,
  );
  const client = new StdioMcpClient(entry);
  cleanup.add(() => client.child.kill());
  let answered = false;
  void client.request("tools/call", { name: "diagnostics", arguments: {} }).then(() => {
    answered = true;
  });
  await client.exited;
  assert.equal(answered, false);
  assert.deepEqual(intelligence.calls, []);
});

test("the bridge's socket lives in a folder only this user can enter, and goes with dispose", async () => {
  if (process.platform === "win32") return;
  const { mcp } = sampleToolServer();
  const bridge = await ToolBridgeServer.start(mcp);
  const { statSync, existsSync } = await import("node:fs");
  const { dirname } = await import("node:path");
  assert.equal(statSync(dirname(bridge.address)).mode & 0o777, 0o700);
  await bridge.dispose();
  assert.equal(existsSync(bridge.address), false);
});
