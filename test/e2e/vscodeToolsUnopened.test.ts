/**
 * The VS Code tools tell the truth about files no editor shows (issue 28 item 1, done-when 1): the
 * test opens no editor. TypeScript reports problems by itself only for files shown in a tab, so
 * before the fix `diagnostics` of an unopened file with a type error said "No problems". Through
 * both routes (the stdio bridge and MCP-over-ACP) the tool now opens the file as a document (no
 * tab), asks the language server and reports the error with its origin; a file type no language
 * server analyses (Python has no built-in one) is "not analysed", never "No problems".
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { readWireLog } from "../harness/agent";
import { launchBrowser, openWorkbench, screenshot } from "../harness/browser";
import { eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { tearDownUi } from "../harness/teardown";
import { agentSettings, fakeAgentEntry, withDiagnostics } from "../harness/workbench";

const STDIO_AGENT = "Stdio Agent";
const ACP_AGENT = "ACP Agent";
const TYPE_ERROR = "Type 'string' is not assignable to type 'number'.";
const BOOLEAN_ERROR = "Type 'number' is not assignable to type 'boolean'.";

describe("VS Code tools for agents, files no editor has open", { timeout: 300_000 }, () => {
  let scratch: string;
  let workspace: string;
  let stdioLog: string;
  let acpLog: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;
  const diagnostics = (wireLog: string) => ({
    page: () => page,
    errors: () => errors,
    serverLog: () => server?.logFile,
    wireLog,
  });

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-unopened-"));
    workspace = join(scratch, "workspace");
    stdioLog = join(scratch, "stdio-wire.jsonl");
    acpLog = join(scratch, "acp-wire.jsonl");
    mkdirSync(join(workspace, "src"), { recursive: true });
    writeFileSync(
      join(workspace, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", noEmit: true }, include: ["src"] }),
    );
    writeFileSync(
      join(workspace, "src/util.ts"),
      "export function double(value: number): number {\n  return value * 2;\n}\n",
    );
    writeFileSync(join(workspace, "src/broken.ts"), 'export const answer: number = "forty-two";\n');
    writeFileSync(join(workspace, "src/wrong.ts"), "export const flag: boolean = 1;\n");
    writeFileSync(join(workspace, "src/notes.py"), "def f(:\n    return undefined_name\n");
    server = await startCodeServer({
      label: "unopened",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings({
        [STDIO_AGENT]: fakeAgentEntry({ FAKE_AGENT_LOG: stdioLog }),
        [ACP_AGENT]: fakeAgentEntry({ FAKE_AGENT_LOG: acpLog, FAKE_AGENT_MCP_ACP: "1" }),
      }),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page); // no editor is opened: the tools must not depend on one
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  function replies(wireLog: string): string[] {
    return readWireLog(wireLog)
      .filter((line) => line.direction === "out" && line.message?.method === "session/update")
      .map(
        (line) =>
          (line.message?.params as { update?: { content?: { text?: string } } } | undefined)?.update?.content?.text ??
          "",
      )
      .filter((text) => text.startsWith("Tool "));
  }

  /** One tool call, asked once: the tool itself waits for the language server, the test does not retry. */
  async function tool(wireLog: string, args: string): Promise<string> {
    const before = replies(wireLog).length;
    await eventually(
      async () => (await view.send.getAttribute("aria-disabled")) === "false",
      "Send to be enabled",
      30_000,
    );
    await sendPrompt(view, `vscode-tool ${args}`);
    await eventually(() => replies(wireLog).length > before, `the reply to ${args}`, 90_000);
    return replies(wireLog).at(-1) ?? "";
  }

  it("over the stdio bridge: the unopened file's type error, from TypeScript; Python is not analysed", async (t) => {
    await withDiagnostics(t, diagnostics(stdioLog), "e2e-unopened-stdio", async () => {
      await view.status.filter({ hasText: `${STDIO_AGENT} is ready` }).waitFor({ timeout: 30_000 });
      const broken = await tool(stdioLog, "diagnostics src/broken.ts");
      assert.ok(
        broken.startsWith(
          `Tool diagnostics over stdio (ok):\n1 problem in src/broken.ts:\nsrc/broken.ts:1:14-1:20 error [ts 2322] ${TYPE_ERROR}`,
        ),
        broken,
      );
      assert.match(broken, /from: TypeScript[^\n]*not open in an editor/, broken);
      const python = await tool(stdioLog, "diagnostics src/notes.py");
      assert.match(python, /not analysed \(no language server answered for src\/notes\.py/, python);
      assert.doesNotMatch(python, /No problems/, python);
      const workspaceWide = await tool(stdioLog, "diagnostics");
      assert.match(workspaceWide, /Analysed [^\n]*src\/broken\.ts/, workspaceWide);
      assert.ok(workspaceWide.includes(`src/broken.ts:1:14-1:20 error [ts 2322] ${TYPE_ERROR}`), workspaceWide);
      assert.equal(
        await tool(stdioLog, "open_editors"),
        "Tool open_editors over stdio (ok):\nNo files are open.",
        "the tool opened no editor tab",
      );
      await screenshot(page, "e2e-unopened-stdio.png");
    });
  });

  it("over MCP-over-ACP: another unopened file's type error the same way", async (t) => {
    await withDiagnostics(t, diagnostics(acpLog), "e2e-unopened-acp", async () => {
      await view.frame.getByRole("combobox", { name: "Agent" }).click();
      await view.frame.getByRole("option", { name: ACP_AGENT }).click();
      await view.status.filter({ hasText: `${ACP_AGENT} is ready` }).waitFor({ timeout: 30_000 });
      const wrong = await tool(acpLog, "diagnostics src/wrong.ts");
      assert.ok(
        wrong.startsWith(
          `Tool diagnostics over acp (ok):\n1 problem in src/wrong.ts:\nsrc/wrong.ts:1:14-1:18 error [ts 2322] ${BOOLEAN_ERROR}`,
        ),
        wrong,
      );
      const symbols = await tool(acpLog, "document_symbols src/util.ts");
      assert.match(symbols, /Symbols in src\/util\.ts:\n.*double/, symbols);
      assert.match(symbols, /from: [^\n]*not open in an editor/, symbols);
    });
  });
});
