/**
 * Bub's Lody extensions in real VS Code (code-server + Chromium): the fake agent in the `bub`
 * profile, configured with a Lody clientInfo so it advertises steering, subagent events and
 * session titles. A steer sent mid-turn (pending, then applied), a subagent run with nested
 * output, a generated title in the header, a compaction notice and the context meter moving.
 * Screenshots: test-results/e2e-bub-*.png.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { screenshot } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { panel, seenValues, watchAttribute } from "../harness/panel";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { steerMidTurn, turnEnded } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const AGENT = "Bub (fake)";

describe("Bub and Lody extensions in VS Code", { timeout: 240_000 }, () => {
  const e2e = useE2e({
    label: "bub",
    files: { "README.md": "# bub e2e\n" },
    agents: { [AGENT]: fakeAgent({ profile: "bub", state: true, lody: true, env: { FAKE_AGENT_STEP_MS: "600" } }) },
  });

  e2e.it(
    "shows a steer sent mid-turn as pending, then applied, and titles the session",
    "e2e-bub-steer",
    async ({ page, view, wireLog }) => {
      // The agent advertised Lody steering because the panel identified as a Lody client.
      const init = clientMessages(wireLog, "initialize")[0];
      assert.equal((init?.message?.params?.clientInfo as { name?: string } | undefined)?.name, "lody-acp-panel");
      // The steer goes to the agent as a request of its own while the first prompt is running.
      await steerMidTurn(view, wireLog, "steer-inject please refactor the parser", "also cover the tokenizer", () =>
        screenshot(page, "e2e-bub-steer-sent.png"),
      );
      await screenshot(page, "e2e-bub-steer-applied.png");

      await view.log.getByText("Done.", { exact: false }).first().waitFor({ timeout: 20_000 });
      await turnEnded(view, 20_000);
      // §7: Bub titles a Lody client's session after its first turn (capitalised, with a full stop).
      const parts = panel(page);
      await parts.title.filter({ hasText: "Steer-inject please refactor the parser." }).waitFor({ timeout: 15_000 });
      await parts.tabs
        .filter({ hasText: "Steer-inject please refactor the parser." })
        .first()
        .waitFor({ timeout: 10_000 });
      await screenshot(page, "e2e-bub-title.png");
    },
  );

  e2e.it(
    "streams a subagent run as a nested group with the child's output",
    "e2e-bub-subagent",
    async ({ t, page, view }) => {
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
      await screenshot(page, "e2e-bub-subagent.png");
    },
  );

  e2e.it("shows a compaction notice, not a tool card", "e2e-bub-compaction", async ({ page, view }) => {
    await sendPrompt(view, "compaction please");
    const row = view.log.getByRole("article", { name: "Context compaction" }).last();
    await row.getByText("Context compacted").waitFor({ timeout: 20_000 });
    await view.log.getByText("Carrying on.", { exact: false }).first().waitFor({ timeout: 20_000 });
    assert.equal(
      await view.log.getByText("Context compacting", { exact: false }).count(),
      0,
      "the in-progress label was replaced",
    );
    await screenshot(page, "e2e-bub-compaction.png");
  });

  e2e.it("moves the context meter between two usage updates", "e2e-bub-meter", async ({ t, page, view }) => {
    const parts = panel(page);
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
    await turnEnded(view, 20_000);
    await screenshot(page, "e2e-bub-meter-1.png");

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
    await screenshot(page, "e2e-bub-meter-2.png");
  });
});
