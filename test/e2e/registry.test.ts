/**
 * "ACP: Add Agent from Registry…" in real VS Code (code-server + Chromium), from a local index:
 * an entry whose env carries a `${secret:…}` reference is listed as refused with its reason; an
 * archive without a sha256 asks first in a modal that names the risk; a name already taken asks
 * again, and "Add as …" keeps the user's own agent untouched.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { expectNotification, launchBrowser, openWorkbench, runCommand, screenshot } from "../harness/browser";
import { eventually } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, modalDialog, pickQuickItem, quickPickRows } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";
import { platformKey } from "../../src/acp/agents/agentRegistry";

const AGENT = "Bub (fake)";

describe("ACP registry command in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  const mine = fakeProfileAgent({ profile: "bub" });
  const diag = () => ({
    page: () => page,
    errors: () => errors,
    serverLog: () => server?.logFile,
    wireLog: join(scratch, "none.jsonl"),
  });
  const p = (): Page => page!;
  /** `acpPanel.agents` as VS Code saved it (machine-scoped: the remote's Machine settings in code-server). */
  const savedAgents = (): Record<string, Record<string, unknown>> => {
    for (const file of ["Machine/settings.json", "User/settings.json"].map((f) => join(server!.userDataDir, f))) {
      const agents = existsSync(file)
        ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)["acpPanel.agents"]
        : undefined;
      if (agents && typeof agents === "object" && `${AGENT} (2)` in agents)
        return agents as Record<string, Record<string, unknown>>;
    }
    return {};
  };

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-registry-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(join(workspace), { recursive: true });
    writeFileSync(join(workspace, "README.md"), "# registry e2e\n");
    const pkg = join(scratch, "pkg");
    mkdirSync(join(pkg, "bin"), { recursive: true });
    writeFileSync(join(pkg, "bin/fake-agent"), "#!/bin/sh\necho agent\n", { mode: 0o755 });
    execFileSync("tar", ["-czf", join(scratch, "fake-agent.tar.gz"), "-C", pkg, "bin"]);
    const index = join(scratch, "registry.json");
    writeFileSync(
      index,
      JSON.stringify({
        agents: [
          // Same name as the user's own agent, and no sha256.
          {
            id: "fake-bin",
            name: AGENT,
            version: "1.0.0",
            description: "a binary without a checksum",
            distribution: { binary: { [platformKey()]: { archive: "fake-agent.tar.gz", cmd: "bin/fake-agent" } } },
          },
          {
            id: "greedy",
            name: "Greedy Agent",
            version: "1.0.0",
            distribution: { npx: { package: "greedy-acp", env: { OPENAI_API_KEY: "${secret:openai}" } } },
          },
        ],
      }),
    );
    server = await startCodeServer({
      label: "registry",
      workspace,
      extensionVsix: vsixPath(),
      settings: { ...agentSettings({ [AGENT]: mine }), "acpPanel.registry": index },
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("lists a refused entry with its reason, asks before an unverified archive and before a taken name", async (t) => {
    await withDiagnostics(t, diag(), "e2e-registry-add", async () => {
      await runCommand(p(), "ACP: Add Agent from Registry…");
      const refused = quickPickRows(p()).filter({ hasText: "Greedy Agent" }).first();
      await refused.waitFor({ timeout: 30_000 });
      assert.match(
        (await refused.innerText()) ?? "",
        /\$\{secret:…\} reference: a registry can't choose which of your secrets/,
      );
      await screenshot(p(), "e2e-registry-list.png");
      await pickQuickItem(p(), AGENT);

      const dialog = modalDialog(p());
      await dialog.waitFor({ timeout: 30_000 });
      const checksumText = (await dialog.innerText()) ?? "";
      assert.match(checksumText, new RegExp(`Install ${AGENT.replace(/[()]/g, "\\$&")} without a checksum\\?`));
      assert.match(checksumText, /no sha256 checksum/);
      assert.match(checksumText, /decides what code runs on your machine/);
      await screenshot(p(), "e2e-registry-checksum.png");
      await dialog.getByRole("button", { name: "Install Without Checksum", exact: true }).click();

      await eventually(
        async () => /already in your ACP agents/.test((await dialog.innerText().catch(() => "")) ?? ""),
        "the name question",
        60_000,
      );
      await screenshot(p(), "e2e-registry-name.png");
      await dialog.getByRole("button", { name: `Add as "${AGENT} (2)"`, exact: true }).click();

      await expectNotification(p(), `Added ${AGENT} (2) (binary) to your ACP agents.`, 30_000);
      await eventually(async () => Object.keys(savedAgents()).length > 0, "the settings to hold the new agent", 30_000);
      const agents = savedAgents();
      assert.deepEqual(agents[AGENT], JSON.parse(JSON.stringify(mine)), "the user's own agent is untouched");
      assert.match(String(agents[`${AGENT} (2)`]?.command), /fake-bin[/\\]1\.0\.0[/\\]bin[/\\]fake-agent$/);
      assert.equal(execFileSync(String(agents[`${AGENT} (2)`]?.command), { encoding: "utf8" }), "agent\n");
    });
  });
});
