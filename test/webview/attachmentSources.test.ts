/**
 * Issue 28: each attachment source (problems, Source Control diffs, the terminal, open editors, a
 * fetched URL) shows as a chip with its name and its source's icon, in the composer and in the sent
 * message; "@https://…" asks the host to fetch (the webview itself never requests the page) and the
 * chip appears only once the host attaches the page.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Attachment } from "../../src/shared/wire/protocol";
import { readyState } from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";

const SOURCES: Array<Attachment & { source: string; icon: string }> = [
  {
    uri: "acp-panel://problems/src/broken.ts",
    name: "Problems in src/broken.ts",
    text: "src/broken.ts:1:7 error ts(2322): …\n",
    source: "problems",
    icon: "warning",
  },
  {
    uri: "acp-panel://scm/staged.diff",
    name: "Staged changes",
    mimeType: "text/x-diff",
    text: "+a\n",
    source: "scm",
    icon: "git-compare",
  },
  {
    uri: "acp-panel://terminal/bash/last-command",
    name: "bash: echo hi",
    text: "$ echo hi\nhi\n",
    source: "terminal",
    icon: "terminal",
  },
  {
    uri: "http://127.0.0.1:9/docs",
    name: "http://127.0.0.1:9/docs",
    text: "Docs\n",
    source: "url",
    icon: "globe",
  },
  { uri: "file:///w/src/math.ts", name: "math.ts", source: "file", icon: "file" },
];

describe("webview attachment chips by source", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows each source's chip with its name and icon, and sends them with their text", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const chips = panel.page.getByRole("list", { name: "Attachments" }).getByRole("listitem");
      for (const { source: _source, icon: _icon, ...attachment } of SOURCES)
        await panel.send({ type: "composer/attach", attachment });
      await eventually(async () =>
        assert.deepEqual(
          await chips.allTextContents(),
          SOURCES.map((s) => s.name),
        ),
      );
      for (const [index, source] of SOURCES.entries()) {
        const chip = chips.nth(index);
        assert.equal(await chip.getAttribute("data-source"), source.source, source.name);
        assert.equal(await chip.locator(`.codicon-${source.icon}`).count(), 1, `${source.name}: ${source.icon} icon`);
        assert.equal(await chip.getAttribute("title"), source.uri);
      }
      const prompt = panel.prompt;
      await prompt.fill("look at these");
      await prompt.press("Enter");
      const [sent] = await panel.waitForSentOfType("prompt/send");
      assert.deepEqual(
        sent?.attachments,
        SOURCES.map(({ source: _source, icon: _icon, ...attachment }) => attachment),
      );
      await panel.assertHealthy();
    }));

  it("shows the sent message's attachments by name with their source's icon", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      await panel.actions(1, [
        {
          type: "turn/started",
          entryId: "u1",
          text: "look at these",
          at: 1_000,
          // What the host's prompt builder shows (BuiltPrompt.shown): one named link per attachment.
          attachments: SOURCES.map((s) => ({ type: "resource_link", uri: s.uri, name: s.name })),
        },
      ]);
      const sentChips = panel.page.locator(".user-attachments .chip");
      await eventually(async () =>
        assert.deepEqual(
          await sentChips.allTextContents(),
          SOURCES.map((s) => s.name),
        ),
      );
      for (const [index, source] of SOURCES.entries()) {
        assert.equal(await sentChips.nth(index).getAttribute("data-source"), source.source);
        assert.equal(await sentChips.nth(index).locator(`.codicon-${source.icon}`).count(), 1);
      }
      // An embedded resource (an older message) still shows by its URI's last segment.
      await panel.actions(2, [
        {
          type: "turn/started",
          entryId: "u2",
          text: "older",
          at: 2_000,
          attachments: [{ type: "resource", resource: { uri: "acp-panel://scm/working-tree.diff", text: "+b\n" } }],
        },
      ]);
      await eventually(async () => assert.equal(await sentChips.count(), SOURCES.length + 1));
      assert.equal(await sentChips.last().textContent(), "working-tree.diff");
      assert.equal(await sentChips.last().getAttribute("data-source"), "scm");
      await panel.assertHealthy();
    }));

  it("@https://… asks the host to fetch; the webview requests nothing and shows the chip once attached", () =>
    webview.withPanel(async (panel) => {
      const requested: string[] = [];
      panel.page.on("request", (request) => {
        if (request.url().startsWith("http://127.0.0.1:9/")) requested.push(request.url());
      });
      await panel.snapshot(0, readyState());
      const url = "http://127.0.0.1:9/docs";
      const prompt = panel.prompt;
      await prompt.click();
      await prompt.pressSequentially(`read @${url}`);
      await eventually(async () =>
        assert.equal((await panel.sentOfType("mention/search")).at(-1)?.query, url, "searched for the URL"),
      );
      await panel.send({
        type: "mention/results",
        query: url,
        items: [{ kind: "url", uri: url, name: url, detail: "Fetch this page (asks first)" }],
      });
      const menu = panel.page.getByRole("listbox", { name: "Mentions" });
      await eventually(async () =>
        assert.match((await menu.getByRole("option").first().textContent()) ?? "", /asks first/),
      );
      await prompt.press("Enter");
      assert.deepEqual(await panel.waitForSentOfType("mention/fetch"), [{ type: "mention/fetch", url }]);
      const chips = panel.page.getByRole("list", { name: "Attachments" }).getByRole("listitem");
      await settle(panel.page);
      assert.equal(await chips.count(), 0, "no chip before the host has fetched the page");

      await panel.send({
        type: "composer/attach",
        attachment: { uri: url, name: url, mimeType: "text/plain", text: "Docs\n" },
      });
      await eventually(async () => assert.deepEqual(await chips.allTextContents(), [url]));
      assert.equal(await chips.first().getAttribute("data-source"), "url");
      assert.deepEqual(requested, [], "the webview never requests the page");
      await panel.assertHealthy();
    }));
});
