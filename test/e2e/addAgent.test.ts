/**
 * Finding agents in real VS Code (code-server + Chromium), issue 15 done-when 6: the agent picker
 * offers a preset found on the login shell's PATH (not on VS Code's own PATH) and "Add agent…";
 * "Add agent…" leads to the registry command, which works with no `acpPanel.registry` setting:
 * its default index is moved to a local registry.json (ACP_PANEL_DEFAULT_REGISTRY), so the run
 * stays offline. And "@" on its own in the composer offers the editor's selection and open
 * editors (the host's mention sources).
 */
import * as assert from "node:assert/strict";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { openFile, screenshot } from "../harness/browser";
import { eventually } from "../harness/chat";
import { pickQuickItem, quickPickRows, quickPickTitle } from "../harness/panel";
import { DEFAULT_REGISTRY_ENV } from "../../src/acp/agents/registrySource";
import { fakeAgent } from "./fixture/agents";
import { useE2e } from "./fixture/useE2e";
import { writeFiles } from "./fixture/workspaceFiles";

const AGENT = "Bub (fake)";

describe("finding agents in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "add-agent",
    files: { "README.md": "# add agent e2e\n" },
    prepare: ({ scratch }) => {
      // The Codex preset's program, on the login shell's PATH only (as ~/.local/bin often is when
      // VS Code starts from a desktop icon): the fake shell adds its folder, VS Code's PATH lacks it.
      writeFiles(scratch, {
        "login-bin/codex-acp": "#!/bin/sh\nexit 0\n",
        "login-shell": `#!/bin/sh\n# called as: login-shell -ilc COMMAND (the command is the last argument)\nPATH="${join(scratch, "login-bin")}:$PATH"; export PATH\nfor last; do :; done\nexec /bin/sh -c "$last"\n`,
        "registry.json": JSON.stringify({
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
      });
      for (const program of ["login-bin/codex-acp", "login-shell"]) chmodSync(join(scratch, program), 0o755);
    },
    // No "acpPanel.registry": the command's default index is what is tested.
    agents: { [AGENT]: fakeAgent({ profile: "bub" }) },
    env: ({ scratch }) => ({
      SHELL: join(scratch, "login-shell"),
      [DEFAULT_REGISTRY_ENV]: join(scratch, "registry.json"),
    }),
    chat: false,
  });

  e2e.it(
    "the agent picker offers the installed preset and 'Add agent…', which reaches the registry with no setting",
    "e2e-add-agent",
    async ({ page }) => {
      const view = await e2e.openChat();
      const picker = view.frame.getByRole("combobox", { name: "Agent" });
      const options = async () => (await view.frame.getByRole("option").allTextContents()).map((text) => text.trim());
      await eventually(
        async () => {
          await picker.click();
          const names = await options();
          await page.keyboard.press("Escape");
          return names.includes("Codex");
        },
        "the Codex preset (found on the login shell's PATH) in the agent picker",
        30_000,
      );
      await picker.click();
      assert.deepEqual(await options(), [AGENT, "Codex", "Add agent…"]);
      await screenshot(page, "e2e-agent-picker.png");
      await view.frame.getByRole("option", { name: "Add agent…" }).click();

      assert.equal(await quickPickTitle(page), "Add Agent");
      await pickQuickItem(page, "Add from the ACP Registry…");
      const row = quickPickRows(page).filter({ hasText: "Offline Agent" }).first();
      await row.waitFor({ timeout: 30_000 });
      assert.match((await row.innerText()) ?? "", /2\.0\.0 · npx/);
      await screenshot(page, "e2e-registry-default.png");
      await page.keyboard.press("Escape");
      assert.equal((await picker.textContent())?.trim(), AGENT, "the picker still shows the running agent");
    },
  );

  e2e.it(
    "'@' on its own offers the selection, the open editor and workspace files; the pick stays inline and is sent",
    "e2e-mention-menu",
    async ({ t, page }) => {
      await openFile(page, "README.md");
      const editor = page.locator(".editor-group-container.active .monaco-editor").first();
      await editor.locator(".view-lines").click();
      await page.keyboard.press("Control+A");
      const view = await e2e.openChat();
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
      await screenshot(page, "e2e-mention-menu.png");
      await view.prompt.press("Enter");
      await eventually(
        async () => /^summarise @README\.md:1-\d+ $/.test(await view.prompt.inputValue()),
        "the mention token inline in the prompt",
        10_000,
      );
      assert.equal(await view.frame.getByRole("list", { name: "Attachments" }).getByRole("listitem").count(), 1);
      await view.prompt.press("Escape");
      await view.prompt.fill("");
    },
  );
});
