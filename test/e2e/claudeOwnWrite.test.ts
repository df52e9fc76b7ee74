/**
 * claude-agent-acp (pinned devDependency) in real VS Code with the fake Anthropic model: its
 * Write tool runs inside Claude Code, which writes the file itself (no `fs/write_text_file`),
 * after the user clicks the agent's own "Allow". Each file it writes is listed in "Files changed"
 * (issue 16, done-when 2; claude-code-acp writes through `fs/write_text_file`, see claudeEdit).
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openWorkbench, screenshot } from "../harness/browser";
import { expandPanel, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { ensureTools } from "../harness/tools";
import { withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";
import { FakeAnthropic, rules, toolUse } from "../realAgents/fakeAnthropic";
import { adapterEntry, adapterEnv } from "../realAgents/realAgent";

const AGENT = "Claude Agent (fake model)";
const FILES = ["first.txt", "second.txt"];

describe("a real agent (claude-agent-acp) writes files with its own tools in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let workspace: string;
  let fake: FakeAnthropic;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;
  const diagnostics = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile });

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-claude-own-"));
    workspace = join(scratch, "workspace");
    const agentHome = join(scratch, "agent-home");
    mkdirSync(workspace);
    mkdirSync(join(agentHome, ".claude"), { recursive: true });
    fake = await FakeAnthropic.start({ logFile: join(scratch, "fake-anthropic.ndjson") });
    fake.script = rules(
      ...FILES.map((file) => ({
        prompt: `create ${file}`,
        steps: [
          [toolUse("Write", { file_path: join(workspace, file), content: `${file} by claude\n` })],
          `Wrote ${file}.`,
        ],
      })),
    );
    const agent = {
      command: ensureTools().nodePath,
      args: [adapterEntry("claude-agent-acp")],
      env: adapterEnv(fake.baseUrl, agentHome),
    };
    server = await startCodeServer({
      label: "claude-own-write",
      workspace,
      extensionVsix: vsixPath(),
      settings: { "acpPanel.agents": { [AGENT]: agent }, "acpPanel.defaultAgent": AGENT },
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page, /is ready/, 120_000);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
    await fake?.close();
  });

  it("lists each file Claude Code wrote after Allow in Files changed", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-claude-own-write", async () => {
      for (const file of FILES) {
        await sendPrompt(view, `create ${file}`);
        const request = view.log.getByRole("group", { name: "Permission request" });
        await request.waitFor({ timeout: 60_000 });
        await request.getByRole("button", { name: "Allow", exact: true }).click();
        await view.log.getByText(`Wrote ${file}.`).first().waitFor({ timeout: 60_000 });
        await view.status.filter({ hasText: `${AGENT} is ready` }).waitFor({ timeout: 30_000 });
        assert.equal(readFileSync(join(workspace, file), "utf8"), `${file} by claude\n`, "Claude Code wrote the file");
      }
      const review = view.frame.getByRole("region", { name: "Files changed" });
      await review.waitFor({ timeout: 15_000 });
      await expandPanel(view, "Files changed");
      const rows = review.getByRole("list", { name: "Changed files" }).getByRole("listitem");
      for (const file of FILES) await rows.filter({ hasText: file }).first().waitFor({ timeout: 15_000 });
      await review.getByText("2 files").waitFor({ timeout: 15_000 });
      assert.equal(await rows.count(), 2, "each file listed once");
      await screenshot(page, "e2e-claude-own-write.png");
    });
  });
});
