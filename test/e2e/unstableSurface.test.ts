/**
 * ACP's unstable surface in real VS Code (code-server + Chromium, the installed .vsix), against
 * the fake agent with FAKE_AGENT_UNSTABLE: the provider picker next to the model picker round-
 * trips `providers/set`; the agent's `systemPrompt` setting goes out on `session/new`; and an
 * id-addressed plan (`plan_update`) shows beside the stable plan.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { DEMO_AGENT, demoAgentSettings, readWireLog } from "../harness/agent";
import { launchBrowser, openWorkbench } from "../harness/browser";
import { eventually, expandPanel, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { vsixPath } from "../harness/paths";
import { withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

describe("unstable ACP surface in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let wireLog: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog });
  const received = (method: string) =>
    readWireLog(wireLog)
      .filter((e) => e.direction === "in" && e.message?.method === method)
      .map((e) => e.message!.params);

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-unstable-"));
    const workspace = join(scratch, "workspace");
    wireLog = join(scratch, "agent-wire.jsonl");
    mkdirSync(workspace);
    const settings = demoAgentSettings({ logFile: wireLog });
    const agent = (settings["acpPanel.agents"] as Record<string, Record<string, unknown>>)[DEMO_AGENT]!;
    (agent.env as Record<string, string>).FAKE_AGENT_UNSTABLE = "override";
    agent.systemPrompt = { mode: "override", text: "Answer in haiku." };
    server = await startCodeServer({ label: "unstable", workspace, extensionVsix: vsixPath(), settings });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("the provider picker lists the agent's providers and routes one through providers/set", async (t) => {
    await withDiagnostics(t, diag(), "e2e-unstable-providers", async () => {
      view = await openChat(page);
      const backup = view.frame.getByRole("group", { name: "Provider backup" });
      await backup.waitFor({ timeout: 30_000 });
      assert.equal(
        await view.frame.getByRole("group", { name: "Provider main" }).locator("summary").textContent(),
        "Provider main: anthropic",
      );
      assert.equal(await backup.locator("summary").textContent(), "Provider backup: off");
      await backup.locator("summary").click();
      await backup.getByRole("combobox", { name: "API type" }).selectOption("bedrock");
      await backup.getByRole("textbox", { name: "Base URL" }).fill("https://bedrock.test");
      await backup.getByRole("button", { name: "Apply" }).click();
      await eventually(() => received("providers/set").length === 1, "providers/set on the wire");
      assert.deepEqual(received("providers/set")[0], {
        providerId: "backup",
        apiType: "bedrock",
        baseUrl: "https://bedrock.test",
      });
      await eventually(
        async () => (await backup.locator("summary").textContent()) === "Provider backup: bedrock",
        "the list read again",
      );
    });
  });

  it("the systemPrompt setting went out on session/new; the agent answers with it", async (t) => {
    await withDiagnostics(t, diag(), "e2e-unstable-system-prompt", async () => {
      assert.deepEqual(received("session/new")[0]?.systemPrompt, {
        mode: "override",
        content: [{ type: "text", text: "Answer in haiku." }],
      });
      await sendPrompt(view, "unstable-system-prompt");
      await view.log.getByText("System prompt (override): Answer in haiku.").waitFor({ timeout: 30_000 });
    });
  });

  it("an id-addressed plan shows beside the stable plan, and a removed one goes", async (t) => {
    await withDiagnostics(t, diag(), "e2e-unstable-plans", async () => {
      await sendPrompt(view, "unstable-plans");
      const release = view.frame.getByRole("region", { name: "Plan release" });
      await release.waitFor({ timeout: 30_000 });
      assert.deepEqual(await release.getByRole("listitem").allTextContents(), [
        "Bump the version(Done)",
        "Write the notes(In progress)",
      ]);
      await expandPanel(view, "Plan");
      assert.equal(await view.frame.getByRole("list", { name: "Plan", exact: true }).count(), 1, "the stable plan too");
      assert.equal(
        await view.frame.getByRole("region", { name: "Plan notes" }).locator("strong").textContent(),
        "Draft",
      );
      assert.equal(await view.frame.getByRole("region", { name: "Plan old" }).count(), 0);
    });
  });
});
