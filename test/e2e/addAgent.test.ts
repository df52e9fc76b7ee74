/**
 * Finding agents in real VS Code (code-server + Chromium), issue 15 done-when 6: the agent picker
 * offers a preset found on the login shell's PATH (not on VS Code's own PATH) and "Add agent…";
 * "Add agent…" leads to the registry command, which works with no `acpPanel.registry` setting:
 * its default index is moved to a local registry.json (ACP_PANEL_DEFAULT_REGISTRY), so the run
 * stays offline. And "@" on its own in the composer offers the editor's selection and open
 * editors (the host's mention sources).
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openFile, openWorkbench, screenshot } from "../harness/browser";
import { eventually, openChat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, pickQuickItem, quickPickRows, quickPickTitle } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";
import { DEFAULT_REGISTRY_ENV } from "../../src/acp/agents/registrySource";

const AGENT = "Bub (fake)";

describe("finding agents in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile });
  const p = (): Page => page!;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-add-agent-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace, { recursive: true });
    writeFileSync(join(workspace, "README.md"), "# add agent e2e\n");
    // The Codex preset's program, on the login shell's PATH only (as ~/.local/bin often is when
    // VS Code starts from a desktop icon): the fake shell adds its folder, VS Code's PATH lacks it.
    const loginBin = join(scratch, "login-bin");
    mkdirSync(loginBin);
    writeFileSync(join(loginBin, "codex-acp"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const shell = join(scratch, "login-shell");
    writeFileSync(
      shell,
      `#!/bin/sh\n# called as: login-shell -ilc COMMAND (the command is the last argument)\nPATH="${loginBin}:$PATH"; export PATH\nfor last; do :; done\nexec /bin/sh -c "$last"\n`,
      { mode: 0o755 },
    );
    const index = join(scratch, "registry.json");
    writeFileSync(
      index,
      JSON.stringify({
        agents: [
          {
            id: "offline",
            name: "Offline Agent",
            version: "2.0.0",
            description: "from the local index",
            distribution: { npx: { package: "offline-acp" } },
          },
        ],
      }),
    );
    server = await startCodeServer({
      label: "add-agent",
      workspace,
      extensionVsix: vsixPath(),
      // No "acpPanel.registry": the command's default index is what is tested.
      settings: agentSettings({ [AGENT]: fakeProfileAgent({ profile: "bub" }) }),
      env: { SHELL: shell, [DEFAULT_REGISTRY_ENV]: index },
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("the agent picker offers the installed preset and 'Add agent…', which reaches the registry with no setting", async (t) => {
    await withDiagnostics(t, diag(), "e2e-add-agent", async () => {
      const view = await openChat(p());
      const picker = view.frame.getByRole("combobox", { name: "Agent" });
      const options = async () => (await view.frame.getByRole("option").allTextContents()).map((text) => text.trim());
      await eventually(
        async () => {
          await picker.click();
          const names = await options();
          await p().keyboard.press("Escape");
          return names.includes("Codex");
        },
        "the Codex preset (found on the login shell's PATH) in the agent picker",
        30_000,
      );
      await picker.click();
      assert.deepEqual(await options(), [AGENT, "Codex", "Add agent…"]);
      await screenshot(p(), "e2e-agent-picker.png");
      await view.frame.getByRole("option", { name: "Add agent…" }).click();

      assert.equal(await quickPickTitle(p()), "Add Agent");
      await pickQuickItem(p(), "Add from the ACP Registry…");
      const row = quickPickRows(p()).filter({ hasText: "Offline Agent" }).first();
      await row.waitFor({ timeout: 30_000 });
      assert.match((await row.innerText()) ?? "", /2\.0\.0 · npx/);
      await screenshot(p(), "e2e-registry-default.png");
      await p().keyboard.press("Escape");
      assert.equal((await picker.textContent())?.trim(), AGENT, "the picker still shows the running agent");
    });
  });

  it("'@' on its own offers the selection, the open editor and workspace files; the pick stays inline and is sent", async (t) => {
    await withDiagnostics(t, diag(), "e2e-mention-menu", async () => {
      await openFile(p(), "README.md");
      const editor = p().locator(".editor-group-container.active .monaco-editor").first();
      await editor.locator(".view-lines").click();
      await p().keyboard.press("Control+A");
      const view = await openChat(p());
      await view.prompt.click();
      await view.prompt.pressSequentially("summarise @");
      const menu = view.frame.getByRole("listbox", { name: "Mentions" });
      await menu.getByRole("option").first().waitFor({ timeout: 30_000 });
      const hints = async () => (await menu.locator(".suggestion-hint").allTextContents()).map((text) => text.trim());
      await eventually(
        async () => {
          const seen = await hints();
          return seen.includes("Selection") && seen.includes("Open editor");
        },
        "the selection and the open editor in the @ menu",
        15_000,
      );
      t.diagnostic(`@ menu: ${JSON.stringify(await menu.getByRole("option").allTextContents())}`);
      assert.equal((await hints())[0], "Selection", "the selection comes first");
      await screenshot(p(), "e2e-mention-menu.png");
      await view.prompt.press("Enter");
      await eventually(
        async () => /^summarise @README\.md:1-\d+ $/.test(await view.prompt.inputValue()),
        "the mention token inline in the prompt",
        10_000,
      );
      assert.equal(await view.frame.getByRole("list", { name: "Attachments" }).getByRole("listitem").count(), 1);
      await view.prompt.press("Escape");
      await view.prompt.fill("");
    });
  });
});
