/**
 * The chat panel in real VS Code (code-server + Chromium): the installed .vsix, the Demo Agent
 * (scripted fake agent) configured in user settings, one server and one browser for the file.
 * Run by `npm run test:e2e`, which packages the extension first.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { fakeAgent } from "./fixture/agents";
import { turnEnded } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { answeredWith, cancelSent, promptsContaining } from "./fixture/wire";

const clock = Date.now();
const timing = (label: string): void => console.log(`# ${label}: ${((Date.now() - clock) / 1000).toFixed(1)} s`);

describe("chat panel in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "chat",
    files: { "hello.ts": "export const hello = (name: string): string => `Hello, ${name}!`;\n" },
    agents: { [DEMO_AGENT]: fakeAgent() },
  });

  e2e.it("streams a Markdown reply from the Demo Agent", "e2e-chat-reply", async ({ t, page, view }) => {
    timing("agent ready");
    await sendPrompt(view, "hello");
    await view.log.locator("strong", { hasText: "ACP Panel demo agent" }).first().waitFor({ timeout: 30_000 });
    await view.log
      .locator("pre", { hasText: "export function greet(name: string): string" })
      .first()
      .waitFor({ timeout: 30_000 });
    // The reply is complete when the turn ends (the last sentence arrived and the status left "working").
    await view.log.getByText("to see a turn you can", { exact: false }).first().waitFor({ timeout: 30_000 });
    await turnEnded(view);
    timing("reply rendered");
    t.diagnostic(`screenshot ${await screenshot(page, "e2e-chat-reply.png")}`);
  });

  e2e.it("stops a long turn with session/cancel", "e2e-chat-cancel", async ({ t, page, view, wireLog }) => {
    await sendPrompt(view, "long turn please");
    await view.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 30_000 });
    await view.status.filter({ hasText: /working/i }).waitFor({ timeout: 10_000 });
    assert.equal(await view.stop.isEnabled(), true, "Stop is enabled while the turn runs");
    const clicked = Date.now();
    await view.stop.click();

    const prompt = promptsContaining(wireLog, "long turn please")[0];
    assert.ok(prompt?.message, "the agent received the long prompt");
    const sessionId = prompt.message.params?.sessionId;
    assert.equal(typeof sessionId, "string");
    await eventually(
      () => cancelSent(wireLog, sessionId),
      `session/cancel for ${String(sessionId)} in the agent's wire log`,
    );
    await eventually(
      () => answeredWith(wireLog, prompt.message?.id, "cancelled"),
      "the agent to answer the prompt with stopReason cancelled",
    );
    await view.status.filter({ hasText: "Turn cancelled" }).waitFor({ timeout: 15_000 });
    t.diagnostic(`Stop → "Turn cancelled" in ${Date.now() - clicked} ms`);
    await eventually(() => view.send.isEnabled(), "Send to be enabled again");
    const status = (await view.status.textContent()) ?? "";
    assert.doesNotMatch(status, /working|cancelling/i, "the status no longer shows a running turn");
    await view.log.getByRole("article", { name: "You stopped this turn." }).waitFor({ timeout: 15_000 });
    await screenshot(page, "e2e-chat-cancelled.png");
    timing("cancel verified");
  });

  e2e.itLeavesNoAgentProcessBehind();
});
