/**
 * Terminal sign-in in real VS Code (issue 26 item 2). The agent is started through a program
 * named `npx` (a package runner: its code comes from a registry) and offers one terminal auth
 * method; the workspace is a cloned repository with its own `.npmrc`. Before anything runs, VS Code
 * shows a confirmation with the exact command line (the args the agent adds included); after "Run",
 * the sign-in program reports the folder the terminal started it in: the launch folder of the
 * extension, never the workspace, with PWD saying the same.
 */
import * as assert from "node:assert/strict";
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe } from "node:test";
import { openChatView, screenshot } from "../harness/browser";
import { eventually } from "../harness/chat";
import { modalDialog } from "../harness/panel";
import { fakeAgentScript } from "../harness/paths";
import { ensureTools } from "../harness/tools";
import type { LoginReport } from "../fakeAgent/terminalLogin";
import { fakeAgent } from "./fixture/agents";
import { useE2e } from "./fixture/useE2e";
import { writeFiles } from "./fixture/workspaceFiles";

const AGENT = "Vendor Agent";

describe("terminal sign-in in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "signin",
    workspace: "cloned-repo",
    files: { ".npmrc": "registry=http://127.0.0.1:9/evil/\n", "README.md": "# A cloned project\n" },
    prepare: ({ scratch }) => {
      const npx = join(scratch, "bin/npx");
      writeFiles(scratch, {
        "bin/npx": `#!/bin/sh\nexec ${JSON.stringify(ensureTools().nodePath)} ${JSON.stringify(fakeAgentScript)} "$@"\n`,
      });
      chmodSync(npx, 0o755);
    },
    // Started through a program named `npx`, with one terminal auth method.
    agents: ({ scratch }) => ({
      [AGENT]: fakeAgent({
        env: { FAKE_AGENT_AUTH: "terminal", FAKE_AGENT_LOGIN_REPORT: join(scratch, "login.json") },
        entry: { command: join(scratch, "bin/npx"), args: ["-y", "@vendor/agent"] },
      }),
    }),
    chat: false,
  });

  e2e.it(
    "asks with the exact command line before anything runs, then runs it outside the workspace",
    "e2e-signin",
    async ({ scratch, workspace, page }) => {
      const npx = join(scratch, "bin/npx");
      const report = join(scratch, "login.json");
      await openChatView(page);
      const dialog = modalDialog(page);
      // Whichever comes first: the question, or (the old behaviour) the sign-in having run already.
      await eventually(async () => existsSync(report) || (await dialog.isVisible()), "a sign-in prompt", 90_000);
      assert.equal(
        existsSync(report),
        false,
        `nothing may run before the user answers; it ran in ${existsSync(report) ? readFileSync(report, "utf8") : ""}`,
      );
      const text = await dialog.innerText();
      assert.match(text, new RegExp(`${AGENT} asks to sign in by running a command in a terminal`));
      assert.ok(
        text.includes(`Command: ${npx} -y @vendor/agent --login --verbose`),
        `the exact command line, with the args the agent adds: ${text}`,
      );
      assert.ok(text.includes("With environment: FAKE_LOGIN_MODE=device"), "the env the agent adds");
      const shownFolder = /Runs in: (.+)/.exec(text)?.[1]?.trim() ?? "";
      assert.ok(shownFolder && !shownFolder.startsWith(workspace), `it runs outside the workspace (${shownFolder})`);
      await screenshot(page, "e2e-signin-confirm.png");
      assert.equal(existsSync(report), false, "still nothing ran while the question is open");

      await dialog.getByRole("button", { name: "Run", exact: true }).click();
      await eventually(() => existsSync(report), "the sign-in program to run", 30_000);
      const ran = JSON.parse(readFileSync(report, "utf8")) as LoginReport;
      assert.notEqual(ran.cwd, workspace, "the terminal did not start in the workspace");
      assert.ok(!ran.cwd.startsWith(`${workspace}/`), "nor below it");
      assert.equal(ran.cwd, shownFolder, "it ran where the question said");
      assert.equal(basename(ran.cwd), "launch", "the extension's private launch folder");
      assert.ok(existsSync(join(ran.cwd, "package.json")), "with its stopper for npm's search");
      assert.equal(ran.pwd, ran.cwd, "PWD says the same folder");
      assert.deepEqual(ran.argv, ["-y", "@vendor/agent", "--login", "--verbose"]);
      assert.equal(ran.loginMode, "device", "with the env the method asked for");
    },
  );
});
