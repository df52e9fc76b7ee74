/**
 * Plain paths in the agent's reply are links in real VS Code (code-server + Chromium), issue 29 §5:
 * `src/greet.ts:2` names a workspace file and opens it at line 2; `src/missing.ts` names none and
 * stays text. The Demo Agent's `follow-say` replies with the prompt's words.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { demoAgentSettings } from "../harness/agent";
import { launchBrowser, openWorkbench, screenshot } from "../harness/browser";
import { eventually, openChat, sendPrompt } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { activeTabTitle, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

describe("path links in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile });

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-pathlinks-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(join(workspace, "src"), { recursive: true });
    writeFileSync(join(workspace, "src", "greet.ts"), "// greetings\nexport const greet = () => 'hi';\n");
    server = await startCodeServer({
      label: "pathlinks",
      workspace,
      extensionVsix: vsixPath(),
      settings: demoAgentSettings(),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("links a path that names a workspace file, and opens it at its line", async (t) => {
    await withDiagnostics(t, diag(), "e2e-pathlinks", async () => {
      const view = await openChat(page);
      await sendPrompt(view, "follow-say It is in `src/greet.ts:2`; src/missing.ts is gone.");
      await view.log.getByText("is gone.", { exact: false }).waitFor({ timeout: 30_000 });
      // The last: the user's own message may show the path too.
      const link = view.log.getByRole("link", { name: "src/greet.ts:2", exact: true }).last();
      await link.waitFor({ timeout: 15_000 });
      assert.equal(
        await view.log.getByRole("link", { name: "src/missing.ts" }).count(),
        0,
        "no link to a missing file",
      );
      await screenshot(page, "e2e-pathlinks.png");
      await link.click();
      await eventually(async () => (await activeTabTitle(page)) === "greet.ts", "greet.ts to be the active editor");
      await page
        .locator(".statusbar-item", { hasText: /Ln 2, Col 1/ })
        .first()
        .waitFor({ timeout: 10_000 });
    });
  });
});
