/**
 * The VS Code tools tell the truth about files no editor shows (issue 28 item 1, done-when 1): the
 * test opens no editor. TypeScript reports problems by itself only for files shown in a tab, so
 * before the fix `diagnostics` of an unopened file with a type error said "No problems". Through
 * both routes (the stdio bridge and MCP-over-ACP) the tool now opens the file as a document (no
 * tab), asks the language server and reports the error with its origin; a file type no language
 * server analyses (Python has no built-in one) is "not analysed", never "No problems".
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { screenshot } from "../harness/browser";
import { fakeAgent } from "./fixture/agents";
import { askFakeAgent, chooseAgent, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const STDIO_AGENT = "Stdio Agent";
const ACP_AGENT = "ACP Agent";
const TYPE_ERROR = "Type 'string' is not assignable to type 'number'.";
const BOOLEAN_ERROR = "Type 'number' is not assignable to type 'boolean'.";

describe("VS Code tools for agents, files no editor has open", { timeout: 300_000 }, () => {
  // No editor is opened: the tools must not depend on one.
  const e2e = useE2e({
    label: "unopened",
    files: {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { strict: true, target: "ES2022", noEmit: true },
        include: ["src"],
      }),
      "src/util.ts": "export function double(value: number): number {\n  return value * 2;\n}\n",
      "src/broken.ts": 'export const answer: number = "forty-two";\n',
      "src/wrong.ts": "export const flag: boolean = 1;\n",
      "src/notes.py": "def f(:\n    return undefined_name\n",
    },
    agents: { [STDIO_AGENT]: fakeAgent(), [ACP_AGENT]: fakeAgent({ env: { FAKE_AGENT_MCP_ACP: "1" } }) },
  });

  /** One tool call, asked once: the tool itself waits for the language server, the test does not retry. */
  const tool = (agent: string, args: string) =>
    askFakeAgent(e2e.view, e2e.wireLog(agent), `vscode-tool ${args}`, "Tool ", 90_000);
  /** Asks `agent` (over `transport`) for the diagnostics of `file`, which has the one type error `error` at `range`. */
  const oneTypeError = async (agent: string, transport: string, file: string, range: string, error: string) => {
    const reply = await tool(agent, `diagnostics ${file}`);
    const expected = `Tool diagnostics over ${transport} (ok):\n1 problem in ${file}:\n${file}:${range} error [ts 2322] ${error}`;
    assert.ok(reply.startsWith(expected), reply);
    return reply;
  };

  e2e.it(
    "over the stdio bridge: the unopened file's type error, from TypeScript; Python is not analysed",
    "e2e-unopened-stdio",
    async ({ page, view }) => {
      await untilReady(view, STDIO_AGENT);
      const broken = await oneTypeError(STDIO_AGENT, "stdio", "src/broken.ts", "1:14-1:20", TYPE_ERROR);
      assert.match(broken, /from: TypeScript[^\n]*not open in an editor/, broken);
      const python = await tool(STDIO_AGENT, "diagnostics src/notes.py");
      assert.match(python, /not analysed \(no language server answered for src\/notes\.py/, python);
      assert.doesNotMatch(python, /No problems/, python);
      const workspaceWide = await tool(STDIO_AGENT, "diagnostics");
      assert.match(workspaceWide, /Analysed [^\n]*src\/broken\.ts/, workspaceWide);
      assert.ok(workspaceWide.includes(`src/broken.ts:1:14-1:20 error [ts 2322] ${TYPE_ERROR}`), workspaceWide);
      assert.equal(
        await tool(STDIO_AGENT, "open_editors"),
        "Tool open_editors over stdio (ok):\nNo files are open.",
        "the tool opened no editor tab",
      );
      await screenshot(page, "e2e-unopened-stdio.png");
    },
  );

  e2e.it("over MCP-over-ACP: another unopened file's type error the same way", "e2e-unopened-acp", async ({ view }) => {
    await chooseAgent(view, ACP_AGENT);
    await untilReady(view, ACP_AGENT);
    await oneTypeError(ACP_AGENT, "acp", "src/wrong.ts", "1:14-1:18", BOOLEAN_ERROR);
    const symbols = await tool(ACP_AGENT, "document_symbols src/util.ts");
    assert.match(symbols, /Symbols in src\/util\.ts:\n.*double/, symbols);
    assert.match(symbols, /from: [^\n]*not open in an editor/, symbols);
  });
});
