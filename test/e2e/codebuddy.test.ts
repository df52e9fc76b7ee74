/**
 * The real CodeBuddy CLI (2.117.0, offline against a fake OpenAI server on 127.0.0.1) in real VS
 * Code: a turn with a Bash tool call that asks permission, approved by clicking the agent's own
 * button in the panel; the command runs through the panel's terminal and the reply follows.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openWorkbench, screenshot } from "../harness/browser";
import { openChat, sendPrompt } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { ensureTools } from "../harness/tools";
import { CODEBUDDY_BIN, codebuddyDefinition, codebuddyMissing } from "../codebuddy/codebuddyLaunch";
import { FakeOpenAi, reply } from "../codebuddy/fakeOpenAi";
import { tearDownUi } from "../harness/teardown";

const skip = codebuddyMissing();

describe("the real CodeBuddy CLI in VS Code", { timeout: 240_000, skip }, () => {
  let scratch: string;
  let model: FakeOpenAi;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-codebuddy-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# CodeBuddy in VS Code\n");
    model = new FakeOpenAi();
    const url = await model.start();
    model.queue(
      reply.tool("Bash", { command: "echo hi-from-vscode", description: "Say hi" }, "call_bash_vscode"),
      reply.text("The command printed hi-from-vscode."),
    );
    const { env } = codebuddyDefinition({ apiBaseUrl: url });
    server = await startCodeServer({
      label: "codebuddy",
      workspace,
      extensionVsix: vsixPath(),
      settings: {
        "acpPanel.agents": { CodeBuddy: { command: ensureTools().nodePath, args: [CODEBUDDY_BIN, "--acp"], env } },
        "acpPanel.defaultAgent": "CodeBuddy",
      },
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
    await model?.stop();
  });

  it("asks permission for Bash in the panel, runs it after the click, and replies", async () => {
    const view = await openChat(page, /CodeBuddy is ready/, 120_000);
    await sendPrompt(view, "say hi from the shell");
    // One button per option, named as CodeBuddy names it; allow once is the first "Allow…" that is not "always".
    const allow = view.log.getByRole("button", { name: /^allow(?!.*always)/i }).first();
    await allow.waitFor({ timeout: 90_000 });
    const names = await view.log.getByRole("button").allTextContents();
    await screenshot(page, "e2e-codebuddy-permission.png");
    await allow.click();
    await view.log.getByText("hi-from-vscode", { exact: false }).first().waitFor({ timeout: 90_000 });
    await view.log
      .getByText("The command printed hi-from-vscode.", { exact: false })
      .first()
      .waitFor({ timeout: 90_000 });
    await screenshot(page, "e2e-codebuddy-done.png");
    assert.ok(
      names.some((name) => /allow/i.test(name)),
      `permission buttons: ${names.join(" | ")}`,
    );
    assert.ok(
      model.requests.some((request) => JSON.stringify(request.body.messages ?? []).includes("hi-from-vscode")),
      "the command's output went back to the model",
    );
  });
});
