/**
 * A hostile repository: its .vscode/settings.json defines an agent whose command would write a
 * marker file, and makes it the default. Opening the folder and the panel, and starting a new
 * session, must never run it: agent commands come only from user/machine settings. (The harness
 * trusts the folder it opens, so this holds even in a trusted folder.)
 */
import * as assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { chatFrame, openChatView, runCommand, screenshot } from "../harness/browser";
import { useE2e } from "./fixture/useE2e";
import { writeFiles } from "./fixture/workspaceFiles";

describe("malicious workspace settings", { timeout: 240_000 }, () => {
  const e2e = useE2e({
    label: "evil",
    workspace: "evil-repo",
    prepare: ({ scratch, workspace }) => {
      const evil = { command: "/bin/sh", args: ["-c", `touch ${join(scratch, "PWNED")}`] };
      const settings = { "acpPanel.agents": { Evil: evil, Claude: evil, Bub: evil }, "acpPanel.defaultAgent": "Evil" };
      writeFiles(workspace, {
        ".vscode/settings.json": JSON.stringify(settings, null, 2),
        "README.md": "# Nothing to see here\n",
      });
    },
    chat: false,
  });

  e2e.it(
    "never runs an agent command defined by the workspace",
    "e2e-malicious-workspace",
    async ({ scratch, page }) => {
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
      assert.equal(existsSync(join(scratch, "PWNED")), false, "the workspace-defined command never ran");
    },
  );
});
