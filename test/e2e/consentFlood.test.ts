/**
 * A flood of consent prompts in real VS Code (issue 26 item 1): the fake agent sends 60 reads
 * outside the project at once (consentScenarios.ts, `e2e-read-flood`). One modal dialog opens; the
 * other reads are refused at once with an error the agent can read. One dismissal (Escape) denies
 * the rest of the turn: no dialog follows, the transcript says what was refused, and Stop is
 * reachable. The next turn asks again.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { screenshot } from "../harness/browser";
import { sendPrompt, type Chat } from "../harness/chat";
import { closeFakeAgentUi, openFakeAgentUi, type FakeAgentUi } from "../harness/fakeAgentUi";
import { modalDialog } from "../harness/panel";
import { agentRequests, withDiagnostics } from "../harness/workbench";

const AGENT = "Demo Agent";
const FLOOD = 60;

describe("a flood of consent prompts in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  let workspace: string;
  let outside: string;
  let ui: FakeAgentUi | undefined;
  let page: Page;
  let view: Chat;
  let wireLog: string;
  const diagnostics = () => ui!.diagnostics();

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-flood-"));
    workspace = join(scratch, "workspace");
    outside = join(scratch, "outside");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# Project\n");
    mkdirSync(outside);
    for (let index = 1; index <= FLOOD; index++) writeFileSync(join(outside, `f${index}.txt`), `secret ${index}\n`);
    ui = await openFakeAgentUi({ label: "flood", scratch, workspace });
    ({ page, view, wireLog } = ui);
  });

  after(async () => {
    await closeFakeAgentUi(ui, scratch);
  });

  it("60 reads at once: one dialog, one dismissal, then Stop is reachable and the next turn asks again", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-consent-flood", async () => {
      await sendPrompt(view, `e2e-read-flood ${outside} ${FLOOD}`);
      const dialog = modalDialog(page);
      await dialog.waitFor({ timeout: 15_000 });
      const text = await dialog.innerText();
      assert.match(text, /wants to read a file outside the workspace/);
      await screenshot(page, "e2e-consent-flood-dialog.png");
      await page.keyboard.press("Escape"); // the one dismissal

      // Every read is answered without another dialog (today's modal queue would show the next one).
      await view.log.getByText(`Flood answered: 0 read, ${FLOOD} refused`).waitFor({ timeout: 15_000 });
      assert.equal(await modalDialog(page).count(), 0, "no dialog after one dismissal");
      const answers = agentRequests(wireLog, "fs/read_text_file").map(
        ({ answer }) => answer?.message?.error as { code?: number; data?: { reason?: string } } | undefined,
      );
      assert.equal(answers.length, FLOOD);
      assert.ok(
        answers.every((error) => error?.code === -32003),
        "every read is a permission error",
      );
      assert.equal(
        answers.filter((error) => error?.data?.reason === "consent-busy").length,
        FLOOD - 1,
        "all but the read asked about were refused at once, without a dialog",
      );
      await view.log.getByText(`Refused ${FLOOD - 1} more requests from ${AGENT}`).waitFor({ timeout: 10_000 });
      await view.log.getByText(`Every request from ${AGENT} is refused until your next message`).waitFor();

      // Stop is reachable: the click lands (a modal would intercept it) and ends the turn.
      await view.stop.click({ timeout: 5_000 });
      await view.status.filter({ hasText: "Turn cancelled" }).waitFor({ timeout: 15_000 });
      await screenshot(page, "e2e-consent-flood-stopped.png");

      // "For this turn" ends with the turn: the next one asks again.
      await sendPrompt(view, `e2e-read-guarded ${join(outside, "f1.txt")}`);
      await dialog.waitFor({ timeout: 15_000 });
      await dialog.getByRole("button", { name: "Deny", exact: true }).click();
      await dialog.waitFor({ state: "hidden", timeout: 10_000 });
      await view.log.getByText("Read refused (-32003)").waitFor({ timeout: 15_000 });
    });
  });
});
