/**
 * Plain paths in the agent's Markdown become links (issue 29, section 5): the webview asks the host
 * which candidates name workspace files (`paths/check`), and only those the host confirms
 * (`paths/exist`) turn into links; activating one posts `location/open` with the file and line.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { messageChunk, oneExchange } from "./fixtures";
import { eventually } from "./harness";
import type { Theme } from "./themeStylesheets";
import { webviewSuite } from "./webviewSuite";

const REPLY = [
  "The greeting is built in `src/greet.ts:2`, called from src/main.ts#L7; src/missing.ts is gone.",
  "",
  "See https://example.com/src/greet.ts too.",
  "",
  "```ts",
  "import './src/fenced.ts';",
  "```",
].join("\n");

describe("webview path links", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("links a path only once the host says the file exists, and opens it at the line", () =>
    webview.withPanel({ viewport: { width: 300, height: 700 }, state: oneExchange("where?", REPLY) }, async (panel) => {
      const asked = (await panel.waitForSentOfType("paths/check")).flatMap((message) => message.paths);
      assert.deepEqual(
        [...asked].sort(),
        ["src/greet.ts", "src/main.ts", "src/missing.ts"],
        "one batch of candidates: no URL, nothing from the fenced block",
      );
      const log = panel.page.getByRole("log");
      await log.getByText("src/missing.ts").waitFor();
      const url = "https://example.com/src/greet.ts";
      assert.deepEqual(await log.getByRole("link").allTextContents(), [url], "no path link before the host answers");

      await panel.send({
        type: "paths/exist",
        results: [
          { path: "src/greet.ts", file: "/w/src/greet.ts" },
          { path: "src/main.ts", file: "/w/src/main.ts" },
          { path: "src/missing.ts", file: null },
        ],
      });
      const greet = log.getByRole("link", { name: "src/greet.ts:2", exact: true });
      await greet.waitFor();
      await eventually(async () =>
        assert.deepEqual(await log.getByRole("link").allTextContents(), ["src/greet.ts:2", "src/main.ts#L7", url]),
      );
      assert.equal(await log.locator("code").first().textContent(), "src/greet.ts:2", "the inline code keeps its text");

      assert.deepEqual(await panel.axe(), [], "the links pass axe at 300 px");
      await greet.click();
      assert.deepEqual(await panel.waitForSentOfType("location/open"), [
        { type: "location/open", path: "/w/src/greet.ts", line: 2 },
      ]);
      await log.getByRole("link", { name: "src/main.ts#L7" }).focus();
      await panel.page.keyboard.press("Enter");
      assert.deepEqual((await panel.waitForSentOfType("location/open", 2)).at(-1), {
        type: "location/open",
        path: "/w/src/main.ts",
        line: 7,
      });
      assert.equal((await panel.sentOfType("paths/check")).length, 1, "answered paths are not asked again");
      await panel.assertHealthy();
    }));

  it("keeps a path as text when the host says it does not exist", () =>
    webview.withPanel({ state: oneExchange("where?", "Look at `src/greet.ts:2`.") }, async (panel) => {
      await panel.waitForSent("paths/check");
      await panel.send({ type: "paths/exist", results: [{ path: "src/greet.ts", file: null }] });
      const log = panel.page.getByRole("log");
      // A later answer that does exist proves the first was applied (and did not link).
      await panel.actions(1, [messageChunk("a1", "\n\nAnd README.md.")]);
      await eventually(async () =>
        assert.ok((await panel.sentOfType("paths/check")).some((message) => message.paths.includes("README.md"))),
      );
      await panel.send({ type: "paths/exist", results: [{ path: "README.md", file: "/w/README.md" }] });
      await log.getByRole("link", { name: "README.md" }).waitFor();
      assert.equal(await log.getByRole("link", { name: "src/greet.ts:2" }).count(), 0);
      await panel.assertHealthy();
    }));

  for (const theme of ["light", "high-contrast"] as const satisfies readonly Theme[]) {
    it(`path links pass axe in ${theme} at 300 px, in text and in inline code`, () =>
      webview.withPanel({ theme, viewport: { width: 300, height: 700 } }, async (panel) => {
        await panel.snapshot(0, oneExchange("where?", REPLY));
        await panel.waitForSent("paths/check");
        await panel.send({
          type: "paths/exist",
          results: [
            { path: "src/greet.ts", file: "/w/src/greet.ts" },
            { path: "src/main.ts", file: "/w/src/main.ts" },
          ],
        });
        await panel.page.getByRole("log").getByRole("link", { name: "src/main.ts#L7" }).waitFor();
        assert.deepEqual(await panel.axe(), []);
      }));
  }
});
