/**
 * VS Code's intelligence as agent tools, in real VS Code (issue 18 §1, done-when 1): a workspace
 * with a TypeScript file holding a deliberate type error; the built-in TypeScript extension of
 * code-server provides the diagnostics, definitions and references. The scripted fake agent calls
 * every tool (vscodeToolScenarios.ts), once over the stdio bridge (an agent without
 * `mcpCapabilities.acp`) and once over MCP-over-ACP, and its reply, read from its wire log and
 * seen in the panel, carries the tools' answers.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { readWireLog } from "../harness/agent";
import { launchBrowser, openFile, openWorkbench, screenshot } from "../harness/browser";
import { modalDialog } from "../harness/panel";
import { eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { tearDownUi } from "../harness/teardown";
import { agentSettings, clientMessages, fakeAgentEntry, withDiagnostics } from "../harness/workbench";

const STDIO_AGENT = "Stdio Agent";
const ACP_AGENT = "ACP Agent";
const TYPE_ERROR = "Type 'string' is not assignable to type 'number'.";

describe("VS Code tools for agents", { timeout: 300_000 }, () => {
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
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-vstools-"));
    workspace = join(scratch, "workspace");
    stdioLog = join(scratch, "stdio-wire.jsonl");
    acpLog = join(scratch, "acp-wire.jsonl");
    mkdirSync(join(workspace, "src"), { recursive: true });
    writeFileSync(
      join(workspace, "tsconfig.json"),
      JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            target: "ES2022",
            module: "ESNext",
            moduleResolution: "bundler",
            noEmit: true,
          },
          include: ["src"],
        },
        null,
        2,
      ),
    );
    writeFileSync(
      join(workspace, "src/util.ts"),
      "export function double(value: number): number {\n  return value * 2;\n}\n",
    );
    writeFileSync(
      join(workspace, "src/broken.ts"),
      'import { double } from "./util";\n\nexport const answer: number = "forty-two";\nexport const twice = double(21);\n',
    );
    server = await startCodeServer({
      label: "vstools",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings({
        [STDIO_AGENT]: fakeAgentEntry({ FAKE_AGENT_LOG: stdioLog }),
        [ACP_AGENT]: fakeAgentEntry({ FAKE_AGENT_LOG: acpLog, FAKE_AGENT_MCP_ACP: "1" }),
      }),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    // TypeScript reports problems for the files it has open: open the broken one.
    await openFile(page, "broken.ts");
    view = await openChat(page);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  /** The fake agent's replies to `vscode-tools` prompts, from its wire log. */
  function replies(wireLog: string): string[] {
    return readWireLog(wireLog)
      .filter((line) => line.direction === "out" && line.message?.method === "session/update")
      .map(
        (line) =>
          (line.message?.params as { update?: { sessionUpdate?: string; content?: { text?: string } } } | undefined)
            ?.update,
      )
      .filter(
        (update) => update?.sessionUpdate === "agent_message_chunk" && update.content?.text?.startsWith("Tools over"),
      )
      .map((update) => update?.content?.text ?? "");
  }

  /**
   * Asks until TypeScript has reported the error and found the references (its server starts after
   * the file opens), at most for two minutes; returns the last reply.
   */
  async function runTools(wireLog: string, transport: string): Promise<string> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const before = replies(wireLog).length;
      await eventually(
        async () => (await view.send.getAttribute("aria-disabled")) === "false",
        "Send to be enabled",
        30_000,
      );
      await sendPrompt(view, "vscode-tools src/broken.ts 4 22 double");
      await eventually(() => replies(wireLog).length > before, `the ${transport} tools reply`, 60_000);
      const text = replies(wireLog).at(-1) ?? "";
      if ((text.includes(TYPE_ERROR) && /### references\n.*\n.*\n.*\n.*\n/.test(text)) || Date.now() > deadline) {
        await view.log.getByText(`Tools over ${transport}`, { exact: false }).first().waitFor({ timeout: 15_000 });
        return text;
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // TypeScript is still starting: ask again
    }
  }

  function assertEveryTool(text: string, transport: string): void {
    assert.match(
      text,
      new RegExp(
        `^Tools over ${transport}: diagnostics, document_symbols, workspace_symbols, definition, references, hover, open_editors, selection`,
      ),
    );
    assert.ok(
      text.includes(
        `### diagnostics\n1 problem in the workspace:\nsrc/broken.ts:3:14-3:20 error [ts 2322] ${TYPE_ERROR}`,
      ),
      text,
    );
    assert.ok(
      text.includes(
        `### diagnostics\n1 problem in src/broken.ts:\nsrc/broken.ts:3:14-3:20 error [ts 2322] ${TYPE_ERROR}`,
      ),
      text,
    );
    assert.match(text, /### document_symbols\nSymbols in src\/broken\.ts:\n.*answer/);
    assert.match(text, /### workspace_symbols\nSymbols matching "double":\n.*double\S* src\/util\.ts:1:/);
    assert.match(text, /### definition\nDefinition of the symbol at src\/broken\.ts:4:22:\nsrc\/util\.ts:1:17-1:23/);
    const references = /### references\n[^\n]*\n((?:src\/[^\n]*\n?)+)/.exec(text)?.[1]?.trim().split("\n") ?? [];
    assert.deepEqual(
      [...references].sort(),
      ["src/broken.ts:1:10-1:16", "src/broken.ts:4:22-4:28", "src/util.ts:1:17-1:23"],
      text,
    );
    assert.match(text, /### hover\n[\s\S]*double\(value: number\): number/);
    assert.match(text, /### open_editors\nOpen editors:\nsrc\/broken\.ts \(group 1, active\)/);
    assert.match(text, /### selection\n(Cursor at|Selected) src\/broken\.ts:/);
  }

  it("over the stdio bridge, every tool answers from VS Code: the type error, its definition and references", async (t) => {
    await withDiagnostics(t, diagnostics(stdioLog), "e2e-vstools-stdio", async () => {
      await view.status.filter({ hasText: `${STDIO_AGENT} is ready` }).waitFor({ timeout: 30_000 });
      const entry = (
        clientMessages(stdioLog, "session/new")[0]?.message?.params as
          { mcpServers?: Array<{ name?: string; args?: string[]; type?: string }> } | undefined
      )?.mcpServers?.[0];
      assert.equal(entry?.name, "vscode");
      assert.equal(entry?.type, undefined, "a stdio entry");
      assert.match(entry?.args?.[0] ?? "", /dist[\\/]mcpBridge\.js$/, "the bridge shipped in the .vsix");
      assertEveryTool(await runTools(stdioLog, "stdio"), "stdio");
      await screenshot(page, "e2e-vstools-stdio.png");
    });
  });

  it("over MCP-over-ACP, every tool answers from VS Code the same way", async (t) => {
    await withDiagnostics(t, diagnostics(acpLog), "e2e-vstools-acp", async () => {
      await view.frame.getByRole("combobox", { name: "Agent" }).click();
      await view.frame.getByRole("option", { name: ACP_AGENT }).click();
      await view.status.filter({ hasText: `${ACP_AGENT} is ready` }).waitFor({ timeout: 30_000 });
      const entry = (
        clientMessages(acpLog, "session/new")[0]?.message?.params as
          { mcpServers?: Array<{ name?: string; type?: string }> } | undefined
      )?.mcpServers?.[0];
      assert.equal(entry?.type, "acp");
      assertEveryTool(await runTools(acpLog, "acp"), "acp");
      await screenshot(page, "e2e-vstools-acp.png");
    });
  });

  /** The fake agent's `vscode-hover` replies, from its wire log. */
  function hoverReplies(wireLog: string): string[] {
    return readWireLog(wireLog)
      .filter((line) => line.direction === "out" && line.message?.method === "session/update")
      .map(
        (line) =>
          (line.message?.params as { update?: { sessionUpdate?: string; content?: { text?: string } } } | undefined)
            ?.update?.content?.text ?? "",
      )
      .filter((text) => text.startsWith("Hover over"));
  }

  /** Sends a hover prompt and waits for its reply; `answer` clicks that button of the consent dialog first. */
  async function hover(wireLog: string, answer?: string): Promise<string> {
    const before = hoverReplies(wireLog).length;
    await eventually(
      async () => (await view.send.getAttribute("aria-disabled")) === "false",
      "Send to be enabled",
      30_000,
    );
    await sendPrompt(view, "vscode-hover src/leak.ts 2 14");
    if (answer) {
      const dialog = modalDialog(page);
      await dialog.waitFor({ timeout: 30_000 });
      const text = await dialog.innerText();
      assert.ok(text.includes(join("outside", "secret.ts")), `the dialog names the outside file: ${text}`);
      await screenshot(page, "e2e-vstools-hover-consent.png");
      await dialog.getByRole("button", { name: answer, exact: true }).click();
      await dialog.waitFor({ state: "hidden", timeout: 10_000 });
    }
    await eventually(() => hoverReplies(wireLog).length > before, "the hover reply", 60_000);
    return hoverReplies(wireLog).at(-1) ?? "";
  }

  it("hover over a symbol defined inside from an outside import: no outside text without consent (issue 26 item 4)", async (t) => {
    await withDiagnostics(t, diagnostics(acpLog), "e2e-vstools-hover", async () => {
      if ((await view.status.filter({ hasText: `${ACP_AGENT} is ready` }).count()) === 0) {
        await view.frame.getByRole("combobox", { name: "Agent" }).click();
        await view.frame.getByRole("option", { name: ACP_AGENT }).click();
        await view.status.filter({ hasText: `${ACP_AGENT} is ready` }).waitFor({ timeout: 30_000 });
      }
      // What an agent writes: a file inside that re-exports a constant of a module outside.
      mkdirSync(join(scratch, "outside"), { recursive: true });
      writeFileSync(
        join(scratch, "outside", "secret.ts"),
        '/** SECRET-DOC-7 */\nexport const OUTSIDE_VALUE = "outside-literal-42";\n',
      );
      writeFileSync(
        join(workspace, "src/leak.ts"),
        'import { OUTSIDE_VALUE } from "../../outside/secret";\nexport const seen = OUTSIDE_VALUE;\n',
      );
      const denied = await hover(acpLog, "Deny");
      assert.match(denied, /^Hover over acp \(failed\):\nPermission denied/, denied);
      assert.doesNotMatch(denied, /outside-literal-42|SECRET-DOC-7/);
      // Allowed, the same hover carries the outside literal once TypeScript has loaded the file: the
      // refusal above was not an empty hover. The grant holds, so later asks show no dialog.
      let allowed = await hover(acpLog, "Allow this file");
      const deadline = Date.now() + 120_000;
      while (!allowed.includes("outside-literal-42") && Date.now() < deadline) {
        assert.equal(await modalDialog(page).count(), 0, "no dialog once the file is allowed");
        allowed = await hover(acpLog);
      }
      assert.match(allowed, /^Hover over acp \(ok\):[\s\S]*const seen: "outside-literal-42"/, allowed);
    });
  });
});
