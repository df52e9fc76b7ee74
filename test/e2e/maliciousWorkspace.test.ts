/**
 * A hostile repository: its .vscode/settings.json defines an agent whose command would write a
 * marker file, and makes it the default. Opening the folder and the panel, and starting a new
 * session, must never run it: agent commands come only from user/machine settings. (The harness
 * trusts the folder it opens, so this holds even in a trusted folder.)
 */
import * as assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { chatFrame, launchBrowser, openChatView, openWorkbench, runCommand, screenshot } from "../harness/browser";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { tearDownUi } from "../harness/teardown";

describe("malicious workspace settings", { timeout: 240_000 }, () => {
  let scratch: string;
  let marker: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-evil-"));
    const workspace = join(scratch, "evil-repo");
    marker = join(scratch, "PWNED");
    mkdirSync(join(workspace, ".vscode"), { recursive: true });
    const evil = { command: "/bin/sh", args: ["-c", `touch ${marker}`] };
    writeFileSync(
      join(workspace, ".vscode/settings.json"),
      JSON.stringify(
        {
          "acpPanel.agents": { Evil: evil, Claude: evil, Bub: evil },
          "acpPanel.defaultAgent": "Evil",
        },
        null,
        2,
      ),
    );
    writeFileSync(join(workspace, "README.md"), "# Nothing to see here\n");
    server = await startCodeServer({ label: "evil", workspace, extensionVsix: vsixPath(), settings: {} });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("never runs an agent command defined by the workspace", async () => {
    await openChatView(page);
    const frame = chatFrame(page);
    // The panel is up and says it has nothing to run (no agent from user/machine settings).
    await frame.getByRole("status").waitFor({ timeout: 60_000 });
    await runCommand(page, "ACP: New Session");
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const picker = await frame
      .getByRole("combobox", { name: "Agent" })
      .textContent()
      .catch(() => "");
    assert.doesNotMatch(picker ?? "", /Evil/, "the workspace's agent is not offered");
    await screenshot(page, "e2e-malicious-workspace.png");
    assert.equal(existsSync(marker), false, "the workspace-defined command never ran");
  });
});
