/**
 * Smaller things from issue 15 §6: the session title shown once in view (the tab), location links
 * relative to the workspace, and Copy / Retry / Edit on messages.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { tabsState } from "./featureFixture";
import { agentEntry, readyState, userEntry, acpUpdate, oneExchange } from "./fixtures";
import { eventually } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { focusedLabel } from "./focus";

const toolCall = (locations: Array<{ path: string; line?: number }>): PanelAction =>
  acpUpdate("t1", "tool_call", {
    toolCallId: "read-1",
    title: "Read files",
    kind: "read",
    status: "completed",
    locations,
  });

describe("webview message actions and smaller things", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows the session title once (the tab), not again in the header above the first message", () =>
    webview.withPanel({ state: oneExchange("Refactor the parser", "Done.") }, async (panel) => {
      await panel.send(tabsState("tab-1", [{ key: "tab-1", title: "Refactor the parser", status: "idle" }]));
      const log = panel.transcript;
      await eventually(async () => assert.equal(await log.getByRole("article", { name: "You" }).count(), 1));
      const shown = await panel.page.evaluate(() => {
        const all = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) =>
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim() === "Refactor the parser",
          ),
        );
        return all.filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== "hidden";
        }).length;
      });
      assert.equal(shown, 2, "the tab and the message; the header does not repeat it");
      assert.equal(
        await panel.page.getByRole("banner").getByRole("heading", { name: "Refactor the parser" }).count(),
        1,
        "still the page's heading for screen readers",
      );
      await panel.assertHealthy();
    }));

  it("shows location links relative to the workspace folder, and opens the absolute path", () =>
    webview.withPanel(async (panel) => {
      await panel.send({ type: "workspace/roots", roots: ["/home/ada/project"] });
      await panel.snapshot(0, readyState());
      await panel.actions(1, [
        toolCall([
          { path: "/home/ada/project/src/math.ts", line: 2 },
          { path: "/etc/hosts" },
          { path: "/home/ada/project-other/a.ts" },
        ]),
      ]);
      // The card arrives completed, so it shows only its header until opened.
      await panel.page.getByRole("article", { name: /^Tool: / }).waitFor();
      await panel.expandToolCards();
      const links = panel.page.getByRole("list", { name: "Locations" }).getByRole("link");
      await eventually(async () => assert.equal(await links.count(), 3));
      assert.deepEqual(await links.allTextContents(), ["src/math.ts:2", "/etc/hosts", "/home/ada/project-other/a.ts"]);
      assert.equal(
        await links.first().getAttribute("title"),
        "/home/ada/project/src/math.ts:2",
        "the full path in the tooltip",
      );
      await links.first().click();
      assert.deepEqual(await panel.waitForSentOfType("location/open"), [
        { type: "location/open", path: "/home/ada/project/src/math.ts", line: 2 },
      ]);
      await panel.assertHealthy();
    }));

  it("copies a message, retries a prompt as a new turn, and edits a sent message back into the composer", () =>
    webview.withPanel(async (panel) => {
      await panel.snapshot(
        0,
        readyState([
          userEntry("u1", "What is 2+2?"),
          agentEntry("a1", { kind: "thought", text: "easy" }, { kind: "message", text: "It is **4**." }),
        ]),
      );
      const log = panel.transcript;
      const you = log.getByRole("article", { name: "You" });
      const agent = log.getByRole("article", { name: "Agent" });
      await eventually(async () => assert.equal(await agent.count(), 1));

      await agent.getByRole("button", { name: "Copy" }).click();
      await panel.waitForSent("clipboard/copy");
      await you.getByRole("button", { name: "Copy" }).click();
      assert.deepEqual(await panel.waitForSentOfType("clipboard/copy", 2), [
        { type: "clipboard/copy", text: "It is **4**." },
        { type: "clipboard/copy", text: "What is 2+2?" },
      ]);

      await agent.getByRole("button", { name: "Retry" }).click();
      await panel.waitForSent("prompt/send");
      await you.getByRole("button", { name: "Retry" }).click();
      await panel.waitForSent("prompt/send", 2);
      assert.deepEqual(
        (await panel.sentOfType("prompt/send")).map((m) => m.text),
        ["What is 2+2?", "What is 2+2?"],
      );

      await you.getByRole("button", { name: "Edit" }).click();
      const prompt = panel.prompt;
      await eventually(async () => assert.equal(await prompt.inputValue(), "What is 2+2?"));
      assert.equal(await focusedLabel(panel.page), "Prompt");
      await prompt.fill("What is 3+3?");
      await panel.page.getByRole("button", { name: "Send" }).click();
      assert.equal(
        (await panel.waitForSentOfType("prompt/send", 3))[2]?.text,
        "What is 3+3?",
        "the edit goes out as a new turn",
      );

      // Retry waits for the running turn.
      await panel.actions(1, [{ type: "turn/started", entryId: "u2", text: "What is 3+3?", at: 2 }]);
      await eventually(async () =>
        assert.equal(await you.first().getByRole("button", { name: "Retry" }).isDisabled(), true),
      );
      await panel.assertHealthy();
    }));
});
