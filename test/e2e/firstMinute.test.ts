/**
 * The first minute in real VS Code (issue 29), from an empty storage and with no agent in the
 * settings: the Claude preset offers Install; Install fetches its pinned package from an npm
 * registry stand-in on 127.0.0.1 (the fake ACP agent, packed as
 * `@zed-industries/claude-agent-acp@0.23.1`) into the extension's global storage, starts it,
 * and the first prompt gets an answer. No setting is written, by hand or by the panel.
 */
import * as assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openChatView, openWorkbench, screenshot } from "../harness/browser";
import { chat, eventually, sendPrompt } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { extensionId, fakeAgentScript, vsixPath } from "../harness/paths";
import { withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";
import { startRegistryStandIn, type RegistryStandIn } from "../support/npmRegistryStandIn";

const PACKAGE = "@zed-industries/claude-agent-acp";

describe("the first minute in VS Code: Install, then the first answer", { timeout: 300_000 }, () => {
  let scratch: string;
  let registry: RegistryStandIn;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile });
  const p = (): Page => page!;
  const settingsFiles = () => ["User/settings.json", "Machine/settings.json"].map((f) => join(server!.userDataDir, f));

  before(async () => {
    if (!existsSync(fakeAgentScript)) throw new Error(`${fakeAgentScript} is missing: run \`node esbuild.mjs\` first`);
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-first-minute-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# first minute e2e\n");
    // A repository's .npmrc that would send the package's scope elsewhere: the install must not read it.
    writeFileSync(join(workspace, ".npmrc"), "@zed-industries:registry=http://127.0.0.1:9/\n");
    registry = await startRegistryStandIn([
      {
        name: PACKAGE,
        version: "0.23.1",
        bin: { "claude-agent-acp": "dist/index.js" },
        files: {
          "dist/index.js": '#!/usr/bin/env node\nrequire("./agent.cjs");\n',
          "dist/agent.cjs": readFileSync(fakeAgentScript, "utf8"),
        },
      },
    ]);
    server = await startCodeServer({
      label: "first-minute",
      workspace,
      extensionVsix: vsixPath(),
      settings: {},
      env: { npm_config_registry: registry.url, npm_config_cache: join(scratch, "npm-cache") },
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
    await registry?.stop();
  });

  it("Install on the Claude preset installs its pinned package into the storage, starts it, and it answers", async (t) => {
    await withDiagnostics(t, diag(), "e2e-first-minute", async () => {
      const storage = join(server!.userDataDir, "User/globalStorage", extensionId());
      assert.ok(!existsSync(join(storage, "presets")), "an empty storage: nothing installed yet");
      await openChatView(p());
      const view = chat(p());
      const install = view.frame.getByRole("button", { name: "Install Claude" });
      await install.waitFor({ timeout: 60_000 });
      await screenshot(p(), "e2e-first-minute-welcome.png");
      await install.click();

      await view.status.filter({ hasText: /Claude is ready/ }).waitFor({ timeout: 120_000 });
      assert.ok(registry.requests.includes(`/${PACKAGE}`), "the package came from the registry stand-in");
      const installed = join(
        storage,
        "presets/zed-industries+claude-agent-acp/0.23.1/node_modules/.bin/claude-agent-acp",
      );
      assert.ok(existsSync(installed), `installed at ${installed}`);
      assert.deepEqual(readdirSync(join(storage, "presets/zed-industries+claude-agent-acp")), ["0.23.1"]);
      const picker = view.frame.getByRole("combobox", { name: "Agent" });
      assert.equal((await picker.textContent())?.trim(), "Claude");

      await sendPrompt(view, "hello");
      await view.log.locator("strong", { hasText: "ACP Panel demo agent" }).first().waitFor({ timeout: 30_000 });
      await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end");
      await screenshot(p(), "e2e-first-minute-answer.png");
      // VS Code migrates some of its own settings meanwhile; none of ours is written.
      for (const file of settingsFiles())
        assert.deepEqual(
          Object.keys(JSON.parse(readFileSync(file, "utf8")) as object).filter((key) => key.startsWith("acpPanel.")),
          [],
          `no ACP Panel setting in ${file}`,
        );
    });
  });
});
