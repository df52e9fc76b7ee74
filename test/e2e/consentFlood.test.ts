/**
 * A flood of consent prompts in real VS Code (issue 26 item 1): the fake agent sends 60 reads
 * outside the project at once (consentScenarios.ts, `e2e-read-flood`). One modal dialog opens; the
 * other reads are refused at once with an error the agent can read. One dismissal (Escape) denies
 * the rest of the turn: no dialog follows, the transcript says what was refused, and Stop is
 * reachable. The next turn asks again.
 */
import * as assert from "node:assert/strict";
import { join } from "node:path";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { sendPrompt } from "../harness/chat";
import { modalDialog } from "../harness/panel";
import { agentRequests } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { answerDialog } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { writeFiles } from "./fixture/workspaceFiles";

const AGENT = DEMO_AGENT;
const FLOOD = 60;

describe("a flood of consent prompts in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "flood",
    files: { "README.md": "# Project\n" },
    prepare: ({ scratch }) =>
      writeFiles(
        join(scratch, "outside"),
        Object.fromEntries(Array.from({ length: FLOOD }, (_, i) => [`f${i + 1}.txt`, `secret ${i + 1}\n`])),
      ),
    agents: { [AGENT]: fakeAgent() },
  });

  e2e.it(
    "60 reads at once: one dialog, one dismissal, then Stop is reachable and the next turn asks again",
    "e2e-consent-flood",
    async ({ scratch, page, view, wireLog }) => {
      await sendPrompt(view, `e2e-read-flood ${join(scratch, "outside")} ${FLOOD}`);
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
      await sendPrompt(view, `e2e-read-guarded ${join(scratch, "outside/f1.txt")}`);
      await dialog.waitFor({ timeout: 15_000 });
      await answerDialog(page, "Deny");
      await view.log.getByText("Read refused (-32003)").waitFor({ timeout: 15_000 });
    },
  );
});
