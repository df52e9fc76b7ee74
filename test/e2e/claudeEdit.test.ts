/**
 * A real third-party agent in real VS Code: claude-code-acp (pinned devDependency) configured as
 * the agent in user settings, run by the extension host's Node 24, talking to the scripted fake
 * Anthropic server that runs in this test process on 127.0.0.1. The agent edits an open file
 * through fs/read_text_file + fs/write_text_file after the user clicks the agent's own "Allow"
 * button in the panel; the edit lands in the editor buffer, can be undone there, and the
 * transcript shows the tool call with its diff.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it, type TestContext } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openFile, openWorkbench, screenshot } from "../harness/browser";
import { chat, eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { tail } from "../harness/processes";
import { vsixPath } from "../harness/paths";
import { ensureTools } from "../harness/tools";
import { FakeAnthropic, rules, text, toolUse } from "../realAgents/fakeAnthropic";
import { adapterEntry, adapterEnv } from "../realAgents/realAgent";
import { tearDownUi } from "../harness/teardown";

const AGENT = "Claude Code (fake model)";
const FILE = "greet.ts";
const BEFORE = 'export const greeting = "hello world";\n';
const AFTER = 'export const greeting = "hello there";\n';

/** The visible text of the first editor (Monaco renders spaces as U+00A0). */
async function editorText(page: Page): Promise<string> {
  const lines = page.locator(".editor-instance .monaco-editor .view-lines").first();
  return ((await lines.innerText()) ?? "").replace(/\u00a0/g, " ");
}

describe("a real agent (claude-code-acp) edits an open file in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let workspace: string;
  let fake: FakeAnthropic;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-claude-"));
    workspace = join(scratch, "workspace");
    const agentHome = join(scratch, "agent-home");
    mkdirSync(workspace);
    mkdirSync(join(agentHome, ".claude"), { recursive: true });
    const path = join(workspace, FILE);
    writeFileSync(path, BEFORE);
    fake = await FakeAnthropic.start({ logFile: join(scratch, "fake-anthropic.ndjson") });
    fake.script = rules({
      prompt: "say hello there",
      steps: [
        [
          text("I will edit the greeting."),
          toolUse("Edit", { file_path: path, old_string: "hello world", new_string: "hello there" }),
        ],
        (c) => (c.lastToolResult?.isError ? `The edit failed: ${c.lastToolResult.text}` : "I changed the greeting."),
      ],
    });
    const agent = {
      command: ensureTools().nodePath,
      args: [adapterEntry("claude-code-acp")],
      env: adapterEnv(fake.baseUrl, agentHome),
    };
    server = await startCodeServer({
      label: "claude-edit",
      workspace,
      extensionVsix: vsixPath(),
      settings: { "acpPanel.agents": { [AGENT]: agent }, "acpPanel.defaultAgent": AGENT },
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
    await fake?.close();
  });

  it("asks permission with the agent's own option names, edits the buffer after Allow, and Undo reverts it", async (t) => {
    await withDiagnostics(t, "e2e-claude-edit", async () => {
      const path = join(workspace, FILE);
      await openFile(page, FILE);
      await eventually(async () => (await editorText(page)).includes("hello world"), "the file in the editor");
      view = await openChat(page, /is ready/, 120_000);
      await sendPrompt(view, "say hello there");

      const request = view.log.getByRole("group", { name: "Permission request" });
      await request.waitFor({ timeout: 60_000 });
      const names = (await request.getByRole("button").allTextContents()).map((name) => name.trim());
      assert.deepEqual(
        names,
        ["Always Allow", "Allow", "Reject"],
        "one button per option, named as claude-code-acp names it",
      );
      assert.equal(readFileSync(path, "utf8"), BEFORE, "nothing written before the answer");
      await request.getByRole("button", { name: "Allow", exact: true }).click();

      await view.log.getByText("I changed the greeting.").first().waitFor({ timeout: 60_000 });
      await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end");
      await eventually(async () => (await editorText(page)).includes("hello there"), "the edit in the editor buffer");
      assert.equal(readFileSync(path, "utf8"), AFTER, "written through the editor and saved");
      const modelTurns = fake.modelTurns();
      assert.equal(modelTurns.at(-1)?.toolResults?.[0]?.isError, false, "the edit succeeded");
      assert.match(
        modelTurns.at(-1)?.toolResults?.[0]?.text ?? "",
        /greet\.ts/,
        "the agent reported the edit to the model",
      );

      const diff = view.log.getByRole("group", { name: `Diff of ${path}` });
      await diff.first().waitFor({ timeout: 15_000 });
      assert.match((await diff.first().locator("ins").allTextContents()).join("\n"), /hello there/);
      assert.match((await diff.first().locator("del").allTextContents()).join("\n"), /hello world/);
      await screenshot(page, "e2e-claude-edit.png");

      await page.locator(".editor-instance .monaco-editor .view-lines").first().click();
      await page.keyboard.press("Control+z");
      await eventually(async () => (await editorText(page)).includes("hello world"), "Undo to restore the text");
      assert.doesNotMatch(await editorText(page), /hello there/);
    });
  });

  it("leaves no agent process behind when VS Code stops", async (t) => {
    await browser?.close();
    browser = undefined;
    assert.ok(server);
    const report = await server.stop();
    t.diagnostic(`code-server stopped in ${report.ms} ms`);
    assert.deepEqual(report.strays, [], "no process of this run outlived code-server's process group");
  });

  async function withDiagnostics(t: TestContext, name: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      try {
        const shot = await screenshot(page, `${name}-failure.png`);
        t.diagnostic(`failure screenshot ${shot}`);
        const current = chat(page);
        t.diagnostic(
          `status: ${JSON.stringify(
            await current.status
              .first()
              .textContent({ timeout: 2_000 })
              .catch(() => null),
          )}`,
        );
        t.diagnostic(
          `log: ${JSON.stringify(
            (
              (await current.log
                .first()
                .textContent({ timeout: 2_000 })
                .catch(() => null)) ?? ""
            ).slice(-800),
          )}`,
        );
      } catch {
        // the page itself may be gone
      }
      for (const line of errors.slice(-15)) t.diagnostic(`browser ${line.slice(0, 300)}`);
      if (server) t.diagnostic(`code-server log tail:\n${tail(server.logFile, 20)}`);
      t.diagnostic(
        `fake Anthropic requests: ${JSON.stringify(fake.requests.map((r) => `${r.method} ${r.path} ${r.kind} ${r.replied ?? ""}`)).slice(0, 1500)}`,
      );
      throw error;
    }
  }
});
