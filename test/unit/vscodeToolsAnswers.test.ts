/**
 * VS Code's intelligence as MCP tools (issue 18 §1), what they answer: every read-only tool with its
 * schema, 1-based positions and workspace-relative paths, files no editor shows or no language
 * server analyses, bad arguments, bounded output, and problems put on one line.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_ITEMS, problemLine } from "../../src/acp/client/mcpTools/toolOutput";
import { TYPE_ERROR } from "../support/fakeIntelligence";
import { sampleToolServer } from "../support/toolServer";
import { cpuMillisSince } from "../support/cpuMillis";

test("tools/list names every read-only tool with a JSON Schema", async () => {
  const { mcp } = sampleToolServer();
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
  const { call, intelligence, files } = sampleToolServer();
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
  const { call, intelligence } = sampleToolServer();
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
  const { call, intelligence, root } = sampleToolServer();
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
  const { call, mcp } = sampleToolServer();
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
  const { call, intelligence, files } = sampleToolServer();
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
  const { call, intelligence, files } = sampleToolServer();
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  intelligence.extraDiagnostics = [{ path: files.util, range, severity: "error", message: `a${" ".repeat(40_000)}b` }];
  const before = process.cpuUsage();
  assert.equal((await call("diagnostics")).isError, false);
  const elapsed = cpuMillisSince(before);
  assert.ok(elapsed < 1000, `took ${Math.round(elapsed)} ms`);
  intelligence.extraDiagnostics = [
    { path: files.util, range, severity: "warning", message: "first  \n \n  second\tthird" },
  ];
  assert.match((await call("diagnostics")).text, /first second\tthird/);
});
