/**
 * VS Code's intelligence as agent tools, in real VS Code (issue 18 §1, done-when 1): a workspace
 * with a TypeScript file holding a deliberate type error; the built-in TypeScript extension of
 * code-server provides the diagnostics, definitions and references. The scripted fake agent calls
 * every tool (vscodeToolScenarios.ts), once over the stdio bridge (an agent without
 * `mcpCapabilities.acp`) and once over MCP-over-ACP, and its reply, read from its wire log and
 * seen in the panel, carries the tools' answers.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { openFile, screenshot } from "../harness/browser";
import { modalDialog } from "../harness/panel";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { answerDialog, askFakeAgent, chooseAgent, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const STDIO_AGENT = "Stdio Agent";
const ACP_AGENT = "ACP Agent";
const TYPE_ERROR = "Type 'string' is not assignable to type 'number'.";

describe("VS Code tools for agents", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "vstools",
    files: {
      "tsconfig.json": JSON.stringify(
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
      "src/util.ts": "export function double(value: number): number {\n  return value * 2;\n}\n",
      "src/broken.ts":
        'import { double } from "./util";\n\nexport const answer: number = "forty-two";\nexport const twice = double(21);\n',
    },
    agents: { [STDIO_AGENT]: fakeAgent(), [ACP_AGENT]: fakeAgent({ env: { FAKE_AGENT_MCP_ACP: "1" } }) },
    chat: false,
    whenOpen: async (e2e) => {
      // TypeScript reports problems for the files it has open: open the broken one.
      await openFile(e2e.page, "broken.ts");
      await e2e.openChat();
    },
  });

  /**
   * Asks until TypeScript has reported the error and found the references (its server starts after
   * the file opens), at most for two minutes; returns the last reply.
   */
  async function runTools(wireLog: string, transport: string): Promise<string> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const text = await askFakeAgent(e2e.view, wireLog, "vscode-tools src/broken.ts 4 22 double", "Tools over");
      if ((text.includes(TYPE_ERROR) && /### references\n.*\n.*\n.*\n.*\n/.test(text)) || Date.now() > deadline) {
        await e2e.view.log.getByText(`Tools over ${transport}`, { exact: false }).first().waitFor({ timeout: 15_000 });
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

  e2e.it(
    "over the stdio bridge, every tool answers from VS Code: the type error, its definition and references",
    "e2e-vstools-stdio",
    async ({ page, view }) => {
      await untilReady(view, STDIO_AGENT);
      const entry = (
        clientMessages(e2e.wireLog(STDIO_AGENT), "session/new")[0]?.message?.params as
          { mcpServers?: Array<{ name?: string; args?: string[]; type?: string }> } | undefined
      )?.mcpServers?.[0];
      assert.equal(entry?.name, "vscode");
      assert.equal(entry?.type, undefined, "a stdio entry");
      assert.match(entry?.args?.[0] ?? "", /dist[\\/]mcpBridge\.js$/, "the bridge shipped in the .vsix");
      assertEveryTool(await runTools(e2e.wireLog(STDIO_AGENT), "stdio"), "stdio");
      await screenshot(page, "e2e-vstools-stdio.png");
    },
  );

  e2e.it(
    "over MCP-over-ACP, every tool answers from VS Code the same way",
    "e2e-vstools-acp",
    async ({ page, view }) => {
      await chooseAgent(view, ACP_AGENT);
      await untilReady(view, ACP_AGENT);
      const entry = (
        clientMessages(e2e.wireLog(ACP_AGENT), "session/new")[0]?.message?.params as
          { mcpServers?: Array<{ name?: string; type?: string }> } | undefined
      )?.mcpServers?.[0];
      assert.equal(entry?.type, "acp");
      assertEveryTool(await runTools(e2e.wireLog(ACP_AGENT), "acp"), "acp");
      await screenshot(page, "e2e-vstools-acp.png");
    },
  );

  /** Sends a hover prompt and waits for its reply; `answer` clicks that button of the consent dialog first. */
  async function hover(answer?: string): Promise<string> {
    const { page, view } = e2e;
    return askFakeAgent(
      view,
      e2e.wireLog(ACP_AGENT),
      "vscode-hover src/leak.ts 2 14",
      "Hover over",
      60_000,
      async () => {
        if (!answer) return;
        const dialog = modalDialog(page);
        await dialog.waitFor({ timeout: 30_000 });
        const text = await dialog.innerText();
        assert.ok(text.includes(join("outside", "secret.ts")), `the dialog names the outside file: ${text}`);
        await screenshot(page, "e2e-vstools-hover-consent.png");
        await answerDialog(page, answer);
      },
    );
  }

  e2e.it(
    "hover over a symbol defined inside from an outside import: no outside text without consent (issue 26 item 4)",
    "e2e-vstools-hover",
    async ({ scratch, workspace, page, view }) => {
      if ((await view.status.filter({ hasText: `${ACP_AGENT} is ready` }).count()) === 0) {
        await chooseAgent(view, ACP_AGENT);
        await untilReady(view, ACP_AGENT);
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
      const denied = await hover("Deny");
      assert.match(denied, /^Hover over acp \(failed\):\nPermission denied/, denied);
      assert.doesNotMatch(denied, /outside-literal-42|SECRET-DOC-7/);
      // Allowed, the same hover carries the outside literal once TypeScript has loaded the file: the
      // refusal above was not an empty hover. The grant holds, so later asks show no dialog.
      let allowed = await hover("Allow this file");
      const deadline = Date.now() + 120_000;
      while (!allowed.includes("outside-literal-42") && Date.now() < deadline) {
        assert.equal(await modalDialog(page).count(), 0, "no dialog once the file is allowed");
        allowed = await hover();
      }
      assert.match(allowed, /^Hover over acp \(ok\):[\s\S]*const seen: "outside-literal-42"/, allowed);
    },
  );
});
