/**
 * Bub's Lody extensions in real VS Code (code-server + Chromium): the fake agent in the `bub`
 * profile, configured with a Lody clientInfo so it advertises steering, subagent events and
 * session titles. A steer sent mid-turn (pending, then applied), a subagent run with nested
 * output, a generated title in the header, a compaction notice and the context meter moving.
 * Screenshots: test-results/e2e-bub-*.png.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openWorkbench, screenshot } from "../harness/browser";
import { eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { panel, sawText, seenValues, watchAttribute, watchForText, fakeProfileAgent } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, clientMessages, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const AGENT = "Bub (fake)";

describe("Bub and Lody extensions in VS Code", { timeout: 240_000 }, () => {
  let scratch: string;
  let wireLog: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile, wireLog });

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-bub-"));
    const workspace = join(scratch, "workspace");
    wireLog = join(scratch, "bub-wire.jsonl");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# bub e2e\n");
    server = await startCodeServer({
      label: "bub",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings({
        [AGENT]: fakeProfileAgent({
          profile: "bub",
          state: join(scratch, "bub-state.json"),
          log: wireLog,
          lody: true,
          env: { FAKE_AGENT_STEP_MS: "600" },
        }),
      }),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("shows a steer sent mid-turn as pending, then applied, and titles the session", async (t) => {
    await withDiagnostics(t, diag(), "e2e-bub-steer", async () => {
      const p = page!;
      const parts = panel(p);
      // The agent advertised Lody steering because the panel identified as a Lody client.
      const init = clientMessages(wireLog, "initialize")[0];
      assert.equal((init?.message?.params?.clientInfo as { name?: string } | undefined)?.name, "lody-acp-panel");

      await sendPrompt(view, "steer-inject please refactor the parser");
      await view.log.getByText("Working", { exact: false }).first().waitFor({ timeout: 20_000 });
      await view.status.filter({ hasText: /working/i }).waitFor({ timeout: 10_000 });
      await watchForText(view.log, "sawPendingSteer", "Sending to the running turn");
      await view.prompt.click();
      await view.prompt.fill("also cover the tokenizer");
      await view.send.click();
      await screenshot(p, "e2e-bub-steer-sent.png");

      const steer = view.log.locator("article.entry-steer", { hasText: "also cover the tokenizer" });
      await steer.getByText("Applied to the running turn").waitFor({ timeout: 15_000 });
      await view.log
        .getByText("[steered: also cover the tokenizer]", { exact: false })
        .first()
        .waitFor({ timeout: 15_000 });
      assert.ok(
        await sawText(view.log, "sawPendingSteer"),
        'the steer showed "Sending to the running turn…" before it was applied',
      );
      // The steer went to the agent as a request of its own while the first prompt was running.
      assert.equal(
        clientMessages(wireLog, "session/prompt").length,
        1,
        "the steer did not start a second session/prompt",
      );
      await screenshot(p, "e2e-bub-steer-applied.png");

      await view.log.getByText("Done.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await eventually(
        async () => !/working/i.test((await view.status.textContent()) ?? ""),
        "the turn to end",
        20_000,
      );
      // §7: Bub titles a Lody client's session after its first turn (capitalised, with a full stop).
      await parts.title.filter({ hasText: "Steer-inject please refactor the parser." }).waitFor({ timeout: 15_000 });
      await parts.tabs
        .filter({ hasText: "Steer-inject please refactor the parser." })
        .first()
        .waitFor({ timeout: 10_000 });
      await screenshot(p, "e2e-bub-title.png");
    });
  });

  it("streams a subagent run as a nested group with the child's output", async (t) => {
    await withDiagnostics(t, diag(), "e2e-bub-subagent", async () => {
      const p = page!;
      await sendPrompt(view, "subagent-run now");
      const group = view.log.getByRole("group", { name: "Subagent: delegate this" });
      await group.waitFor({ timeout: 20_000 });
      await view.log.getByText("The subagent finished.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await group.getByText("Done", { exact: true }).waitFor({ timeout: 10_000 });
      // Collapsed once done: open it to see the child's thread.
      const header = group.locator("button.run-header");
      if ((await header.getAttribute("aria-expanded")) !== "true") await header.click();
      await group.locator(".run-thread").getByText("work", { exact: false }).first().waitFor({ timeout: 10_000 });
      await group.locator(".run-thread").getByText("ls", { exact: false }).first().waitFor({ timeout: 10_000 });
      const childText = (await group.locator(".run-thread").innerText()).replace(/\s+/g, " ");
      t.diagnostic(`child thread: ${childText.slice(0, 300)}`);
      assert.match(childText, /work/);
      assert.match(childText, /done/);
      // The child's output is nested inside the group, not in the parent transcript.
      assert.equal((await view.log.locator(":scope > * .run-thread").count()) >= 1, true);
      await screenshot(p, "e2e-bub-subagent.png");
    });
  });

  it("shows a compaction notice, not a tool card", async (t) => {
    await withDiagnostics(t, diag(), "e2e-bub-compaction", async () => {
      await sendPrompt(view, "compaction please");
      const row = view.log.getByRole("article", { name: "Context compaction" }).last();
      await row.getByText("Context compacted").waitFor({ timeout: 20_000 });
      await view.log.getByText("Carrying on.", { exact: false }).first().waitFor({ timeout: 20_000 });
      assert.equal(
        await view.log.getByText("Context compacting", { exact: false }).count(),
        0,
        "the in-progress label was replaced",
      );
      await screenshot(page!, "e2e-bub-compaction.png");
    });
  });

  it("moves the context meter between two usage updates", async (t) => {
    await withDiagnostics(t, diag(), "e2e-bub-meter", async () => {
      const parts = panel(page!);
      await watchAttribute(view.log, '[role="meter"][aria-label="Context window"]', "aria-valuenow", "meterValues");
      await sendPrompt(view, "basic-stream one");
      await parts.meter.waitFor({ timeout: 20_000 });
      await eventually(
        async () => (await parts.meter.getAttribute("aria-valuenow")) === "12",
        "the meter at 12 of 100",
        20_000,
      );
      assert.equal(await parts.meter.getAttribute("aria-valuemax"), "100");
      assert.match((await parts.meter.getAttribute("aria-valuetext")) ?? "", /^12%/);
      await eventually(
        async () => !/working/i.test((await view.status.textContent()) ?? ""),
        "the turn to end",
        20_000,
      );
      await screenshot(page!, "e2e-bub-meter-1.png");

      await sendPrompt(view, "steered-turn two");
      await eventually(
        async () => (await parts.meter.getAttribute("aria-valuenow")) === "34",
        "the meter at 34 tokens",
        20_000,
      );
      assert.equal(await parts.meter.getAttribute("aria-valuemax"), "128000");
      const seen = await seenValues(view.log, "meterValues");
      t.diagnostic(`aria-valuenow seen: ${seen.join(", ")}`);
      assert.ok(seen.includes("12") && seen.includes("34"), `the meter moved from 12 to 34 (saw ${seen.join(", ")})`);
      await screenshot(page!, "e2e-bub-meter-2.png");
    });
  });
});
