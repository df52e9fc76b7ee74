/**
 * ACP's unstable surface in real VS Code (code-server + Chromium, the installed .vsix), against
 * the fake agent with FAKE_AGENT_UNSTABLE: the provider picker next to the model picker round-
 * trips `providers/set`; the agent's `systemPrompt` setting goes out on `session/new`; and an
 * id-addressed plan (`plan_update`) shows beside the stable plan.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { eventually, expandPanel, sendPrompt } from "../harness/chat";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { useE2e } from "./fixture/useE2e";

describe("unstable ACP surface in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "unstable",
    agents: {
      [DEMO_AGENT]: fakeAgent({
        env: { FAKE_AGENT_UNSTABLE: "override" },
        entry: { systemPrompt: { mode: "override", text: "Answer in haiku." } },
      }),
    },
  });
  const received = (method: string) => clientMessages(e2e.wireLog(), method).map((line) => line.message!.params);

  e2e.it(
    "the provider picker lists the agent's providers and routes one through providers/set",
    "e2e-unstable-providers",
    async ({ view }) => {
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
    },
  );

  e2e.it(
    "the systemPrompt setting went out on session/new; the agent answers with it",
    "e2e-unstable-system-prompt",
    async ({ view }) => {
      assert.deepEqual(received("session/new")[0]?.systemPrompt, {
        mode: "override",
        content: [{ type: "text", text: "Answer in haiku." }],
      });
      await sendPrompt(view, "unstable-system-prompt");
      await view.log.getByText("System prompt (override): Answer in haiku.").waitFor({ timeout: 30_000 });
    },
  );

  e2e.it(
    "an id-addressed plan shows beside the stable plan, and a removed one goes",
    "e2e-unstable-plans",
    async ({ view }) => {
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
    },
  );
});
