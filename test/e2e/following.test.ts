/**
 * Following the conversation in real VS Code (code-server + Chromium), with the Demo Agent: the
 * reader has scrolled up a long transcript; Send brings their message into view, and a permission
 * request that arrives while they are scrolled up is brought into view too, with a status line
 * that says the agent waits for them (issue 15, done-when 3).
 */
import * as assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { Locator } from "playwright-core";
import { DEMO_AGENT } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { fakeAgent } from "./fixture/agents";
import { permissionRequest, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

/** Whether `locator`'s element lies within the transcript's visible box. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = element.closest("[role=log]")?.getBoundingClientRect();
    return view !== undefined && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  });
}

/** Scrolls the transcript to its top and waits until the first paragraph shows. */
async function scrollToTop(log: Locator): Promise<void> {
  await eventually(async () => {
    await log.evaluate((element) => element.scrollTo(0, 0));
    const first = log.getByText("Paragraph 1 of the long reply", { exact: false });
    return (await first.count()) === 1 && (await inView(first));
  }, "the transcript's top in view");
}

describe("following the conversation in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({ label: "follow", agents: { [DEMO_AGENT]: fakeAgent() } });

  e2e.it(
    "scrolled up, Send brings the message into view, and a permission request is brought into view with a waiting status",
    "e2e-follow",
    async ({ workspace, page, view }) => {
      await sendPrompt(view, "follow-long 80");
      await view.log.getByText("Paragraph 80 of the long reply", { exact: false }).waitFor({ timeout: 30_000 });
      await untilReady(view);

      await scrollToTop(view.log);
      const prompt = "follow-ask .follow-go and bring this message into view";
      await sendPrompt(view, prompt);
      const sent = view.log.getByText(prompt, { exact: true });
      await eventually(async () => (await sent.count()) === 1 && (await inView(sent)), "the sent message in view");
      await view.log.getByText("once the go signal is there", { exact: false }).waitFor({ timeout: 30_000 });
      await screenshot(page, "e2e-follow-sent.png");

      // Scrolled up again while the agent works; then it asks.
      await scrollToTop(view.log);
      await view.frame.getByRole("button", { name: /^Jump to latest/ }).waitFor({ timeout: 10_000 });
      writeFileSync(join(workspace, ".follow-go"), "go\n");
      const request = permissionRequest(view);
      await eventually(
        async () => (await request.count()) === 1 && (await inView(request)),
        "the permission request in view",
        30_000,
      );
      await view.status.filter({ hasText: "Waiting for your approval" }).waitFor({ timeout: 10_000 });
      const card = view.log.getByRole("article", { name: "Tool: Publish the follow-up notes" });
      assert.equal((await card.locator(".tool-status").textContent())?.trim(), "Waiting for you");
      const allow = request.getByRole("button", { name: "Publish them", exact: true });
      assert.equal(await allow.getAttribute("aria-keyshortcuts"), "Alt+A");
      await screenshot(page, "e2e-follow-permission.png");

      await allow.click();
      await view.log.getByText("Follow permission: publish.", { exact: false }).waitFor({ timeout: 15_000 });
      await untilReady(view);
    },
  );
});
