/**
 * VS Code's intelligence as MCP tools (issue 18 §1): the tools, their bounds and path rules, the
 * minimal MCP server, the stdio bridge with its token, MCP-over-ACP routing, and the settings.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, truncateSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ToolBridgeServer, BRIDGE_TOKEN_ENV } from "../../src/acp/client/mcpTools/toolBridgeServer";
import { vscodeToolsEnabled } from "../../src/acp/client/mcpTools/vscodeToolServers";
import { LineReader } from "../../src/acp/client/mcpTools/lineReader";
import { MAX_ITEMS, problemLine } from "../../src/acp/client/mcpTools/toolOutput";
import { agentEntrySchema, toDefinition, type AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { grantedCapabilities } from "../../src/acp/agents/networkPolicy";
import { FakeIntelligence, TYPE_ERROR, writeSampleWorkspace } from "../support/fakeIntelligence";
import { type ScriptedAnswers } from "../support/diskFiles";
import { StdioMcpClient, bridgeScriptPath } from "../support/mcpBridge";
import { Cleanup } from "../support/hostHarness";
import { scratchDir } from "../support/scratchDir";
import { toolServer } from "../support/toolServer";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const tempDir = (prefix: string) => realpathSync(scratchDir(prefix));

function setup(answers: ScriptedAnswers = {}) {
  const root = tempDir("acp-tools-ws-");
  const files = writeSampleWorkspace(root);
  const intelligence = new FakeIntelligence(root);
  const { consent, grants, mcp, call } = toolServer(root, intelligence, answers);
  return { root, files, intelligence, consent, grants, mcp, call };
}

test("tools/list names every read-only tool with a JSON Schema", async () => {
  const { mcp } = setup();
  const outcome = await mcp.dispatch("tools/list", {});
  assert.ok("result" in outcome);
  const tools = (
    outcome.result as {
      tools: Array<{ name: string; inputSchema: { type: string }; annotations: { readOnlyHint: boolean } }>;
    }
  ).tools;
  assert.deepEqual(
    tools.map((tool) => tool.name),
    [
      "diagnostics",
      "document_symbols",
      "workspace_symbols",
      "definition",
      "references",
      "hover",
      "open_editors",
      "selection",
    ],
  );
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, "object");
    assert.equal(tool.annotations.readOnlyHint, true);
  }
});

test("each tool answers in 1-based lines and columns, with workspace-relative paths", async () => {
  const { call, intelligence, files } = setup();
  assert.equal(
    (await call("diagnostics")).text,
    `1 problem in the workspace:\nsrc/broken.ts:3:14-3:20 error [ts 2322] ${TYPE_ERROR}\n` +
      "(Analysed 1 file: src/broken.ts (open). Other files were not analysed; ask about a file by path to have it analysed.)",
  );
  assert.equal(
    (await call("diagnostics", { path: "src/broken.ts" })).text,
    `1 problem in src/broken.ts:\nsrc/broken.ts:3:14-3:20 error [ts 2322] ${TYPE_ERROR}\n` +
      "(from: reported by ts; src/broken.ts is open in an editor)",
  );
  assert.match((await call("document_symbols", { path: files.util })).text, /Function double 1:1-1:2/);
  assert.match((await call("workspace_symbols", { query: "doub" })).text, /Function double src\/util\.ts:1:17-1:23/);
  assert.match(
    (await call("definition", { path: "src/broken.ts", line: 4, column: 22 })).text,
    /^Definition of the symbol at src\/broken\.ts:4:22:\nsrc\/util\.ts:1:17-1:23\n\(from: VS Code's definition providers for typescript; src\/broken\.ts is open in an editor\)$/,
  );
  assert.equal(intelligence.calls.at(-1), `definition ${files.broken} 3:21`, "1-based in, 0-based to VS Code");
  assert.equal((await call("references", { path: "src/broken.ts", line: 4, column: 22 })).text.split("\n").length, 5);
  assert.match((await call("hover", { path: "src/util.ts", line: 1, column: 17 })).text, /function double/);
  assert.equal((await call("open_editors")).text, "Open editors:\nsrc/broken.ts (group 1, active)");
  assert.equal((await call("selection")).text, "Selected src/broken.ts:3:14-3:20:\nanswer");
});

test("a file no editor shows: its problems are asked for, and the answer says so; the workspace's name what was analysed (issue 28)", async () => {
  const { call, intelligence } = setup();
  intelligence.openFiles = [];
  assert.equal(
    (await call("diagnostics")).text,
    "No problems in the analysed files.\n" +
      "(Analysed: no file yet. Language servers report on files they have loaded; ask about a file by path to have it analysed.)",
  );
  assert.equal(
    (await call("diagnostics", { path: "src/broken.ts" })).text,
    `1 problem in src/broken.ts:\nsrc/broken.ts:3:14-3:20 error [ts 2322] ${TYPE_ERROR}\n` +
      "(from: TypeScript (tsserver, asked directly); src/broken.ts is not open in an editor; it was opened for this without a tab)",
  );
  assert.equal(
    (await call("diagnostics", { path: "src/util.ts" })).text,
    "No problems in src/util.ts.\n" +
      "(from: TypeScript (tsserver, asked directly); src/util.ts is not open in an editor; it was opened for this without a tab)",
    "clean, and said by whom",
  );
  assert.match(
    (await call("document_symbols", { path: "src/util.ts" })).text,
    /\n\(from: VS Code's symbol providers for typescript; src\/util\.ts is not open in an editor; it was opened for this without a tab\)$/,
  );
});

test('a file no language server analyses is "not analysed", never "No problems" (issue 28)', async () => {
  const { call, intelligence, root } = setup();
  const notes = join(root, "src/notes.py");
  writeFileSync(notes, "def f(:\n");
  intelligence.notAnalysed.add(notes);
  const out = await call("diagnostics", { path: "src/notes.py" });
  assert.equal(out.isError, false);
  assert.equal(
    out.text,
    "src/notes.py: not analysed (no language server answered for src/notes.py within 5 s; language python). " +
      "Its problems are unknown, which does not mean it has none.",
  );
});

test("bad arguments and unknown tools: a readable tool error, and -32602 for a tool that does not exist", async () => {
  const { call, mcp } = setup();
  const bad = await call("definition", { path: "src/broken.ts", line: 0, column: 1 });
  assert.equal(bad.isError, true);
  assert.match(bad.text, /Invalid arguments for definition: line/);
  const missing = await call("document_symbols", { path: "src/nope.ts" });
  assert.equal(missing.isError, true);
  assert.match(missing.text, /no such file/);
  assert.deepEqual(await mcp.dispatch("tools/call", { name: "write_file", arguments: {} }), {
    error: { code: -32602, message: "Unknown tool: write_file" },
  });
});

test("output is bounded, and the result says it was cut", async () => {
  const { call, intelligence, files } = setup();
  intelligence.extraDiagnostics = Array.from({ length: 5000 }, (_, index) => ({
    path: files.util,
    range: { start: { line: index, character: 0 }, end: { line: index, character: 1 } },
    severity: "warning" as const,
    message: `warning number ${index} ${"x".repeat(50)}`,
  }));
  const out = await call("diagnostics");
  assert.equal(out.truncated, true);
  assert.ok(out.text.length <= 21_000, `bounded: ${out.text.length} characters`);
  assert.ok(out.text.split("\n").length <= MAX_ITEMS + 3);
  assert.match(out.text, /\[truncated: showing \d+ of 5001;/);
});

test("a path outside the workspace asks the user like fs/read_text_file; a denial is a tool error and nothing is asked of VS Code", async () => {
  const { call, consent, intelligence } = setup({ read: "deny" });
  const outside = tempDir("acp-tools-out-");
  writeFileSync(join(outside, "secret.ts"), "export const key = 1;\n");
  const out = await call("document_symbols", { path: join(outside, "secret.ts") });
  assert.equal(out.isError, true);
  assert.match(out.text, /Permission denied: the user did not allow reading outside the workspace/);
  assert.deepEqual(consent.asked, [`read ${join(outside, "secret.ts")}`]);
  assert.ok(!intelligence.calls.some((line) => line.includes(outside)));
});

test("an allowed outside file is granted for the session (shared with fs/*), and asked only once", async () => {
  const { call, consent, grants } = setup({ read: "file" });
  const outside = tempDir("acp-tools-out-");
  writeFileSync(join(outside, "lib.ts"), "export const x = 1;\n");
  assert.equal((await call("document_symbols", { path: join(outside, "lib.ts") })).isError, false);
  await call("hover", { path: join(outside, "lib.ts"), line: 1, column: 1 });
  assert.equal(consent.asked.length, 1);
  assert.deepEqual(
    grants.list().map((grant) => [grant.sessionId, grant.kind, grant.path]),
    [["s", "file", join(outside, "lib.ts")]],
  );
});

test("a file fs/read_text_file would refuse (over the size cap, a folder, a FIFO) is refused before VS Code opens it", async () => {
  const { call, root, intelligence } = setup();
  const big = join(root, "huge.log");
  writeFileSync(big, "");
  truncateSync(big, 11 * 1024 * 1024); // sparse: 11 MiB on paper, nothing on disk
  const fifo = join(root, "pipe");
  const made = spawnSync("mkfifo", [fifo]).status === 0;
  for (const [path, reason] of [
    [big, /too large/],
    [join(root, "src"), /not a regular file/],
    ...(made ? [[fifo, /FIFO|not a regular file/] as const] : []),
  ] as const) {
    for (const tool of ["document_symbols", "hover", "definition"]) {
      const out = await call(tool, { path, line: 1, column: 1 });
      assert.equal(out.isError, true, `${tool} ${path}: ${out.text}`);
      assert.match(out.text, reason);
    }
  }
  assert.deepEqual(intelligence.calls, [], "VS Code was never asked to open them");
});

test("locations outside the workspace are left out of results, and the result says how many", async () => {
  const { call, intelligence, consent } = setup();
  const outside = tempDir("acp-tools-lib-");
  writeFileSync(join(outside, "index.d.ts"), "declare const x: number;\n");
  intelligence.extraLocations = [
    { path: join(outside, "index.d.ts"), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } },
  ];
  const out = await call("references", { path: "src/broken.ts", line: 4, column: 22 });
  assert.doesNotMatch(out.text, /index\.d\.ts/);
  assert.match(out.text, /\(1 result outside the workspace left out\)/);
  assert.deepEqual(consent.asked, [], "returned locations never prompt");
});

test("MCP initialize echoes a known protocol version; notifications get no answer; unknown methods -32601", async () => {
  const { mcp } = setup();
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
  const { mcp } = setup();
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
  const { mcp, intelligence } = setup();
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
  const { mcp } = setup();
  const bridge = await ToolBridgeServer.start(mcp);
  const { statSync, existsSync } = await import("node:fs");
  const { dirname } = await import("node:path");
  assert.equal(statSync(dirname(bridge.address)).mode & 0o777, 0o700);
  await bridge.dispose();
  assert.equal(existsSync(bridge.address), false);
});

test('settings: on by default; acpPanel.vscodeTools off, or "vscodeTools": false on the agent, turns the tools off', () => {
  const on = { enabled: () => true };
  const off = { enabled: () => false };
  const plain = toDefinition("A", agentEntrySchema.parse({ command: "a" }));
  const optedOut = toDefinition("B", agentEntrySchema.parse({ command: "b", vscodeTools: false }));
  const grants = (definition: AgentDefinition) => grantedCapabilities(definition);
  assert.equal(vscodeToolsEnabled(on, plain, grants(plain)), true);
  assert.equal(vscodeToolsEnabled(off, plain, grants(plain)), false);
  assert.equal(vscodeToolsEnabled(on, optedOut, grants(optedOut)), false);
  assert.equal(vscodeToolsEnabled(undefined, plain, grants(plain)), false, "no port (no VS Code): nothing offered");
});

test('settings: no VS Code tools for an agent not granted fs (its entry, or a network agent elsewhere), unless "vscodeTools": true', () => {
  const on = { enabled: () => true };
  const entry = (value: object) => toDefinition("X", agentEntrySchema.parse(value));
  const cases: Array<[object, boolean]> = [
    [{ command: "a", capabilities: { fs: false } }, false],
    [{ command: "a", capabilities: { fs: false }, vscodeTools: true }, true],
    [{ transport: "websocket", url: "wss://agents.example.com/acp" }, false],
    [{ transport: "websocket", url: "wss://agents.example.com/acp", vscodeTools: true }, true],
    [{ transport: "websocket", url: "wss://agents.example.com/acp", capabilities: { fs: true } }, true],
    [{ transport: "http", url: "http://127.0.0.1:8080/acp" }, true],
  ];
  const enabled = (port: { enabled(): boolean }, definition: AgentDefinition) =>
    vscodeToolsEnabled(port, definition, grantedCapabilities(definition));
  for (const [value, expected] of cases) assert.equal(enabled(on, entry(value)), expected, JSON.stringify(value));
  assert.equal(enabled({ enabled: () => false }, entry(cases[1]![0])), false, "the setting still wins");
});

test("one problem is one line, the same for the diagnostics tool and the Problems attachment", () => {
  const range = { start: { line: 2, character: 6 }, end: { line: 2, character: 11 } };
  assert.equal(
    problemLine(
      { path: "/w/a.ts", range, severity: "error", source: "ts", code: "2322", message: "Type 'x'\n  is not 'y'." },
      "a.ts",
    ),
    "a.ts:3:7-3:12 error [ts 2322] Type 'x' is not 'y'.",
  );
  assert.equal(
    problemLine(
      { path: "/w/a.ts", range: { start: range.start, end: range.start }, severity: "hint", message: "m" },
      "a.ts",
    ),
    "a.ts:3:7 hint m",
  );
});

test("a diagnostic's message is put on one line in linear time (40,000 spaces took 5.6 s)", async () => {
  const { call, intelligence, files } = setup();
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  intelligence.extraDiagnostics = [{ path: files.util, range, severity: "error", message: `a${" ".repeat(40_000)}b` }];
  const started = performance.now();
  assert.equal((await call("diagnostics")).isError, false);
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 1000, `took ${Math.round(elapsed)} ms`);
  intelligence.extraDiagnostics = [
    { path: files.util, range, severity: "warning", message: "first  \n \n  second\tthird" },
  ];
  assert.match((await call("diagnostics")).text, /first second\tthird/);
});
