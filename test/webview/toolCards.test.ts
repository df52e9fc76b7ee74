/**
 * Tool call cards over the full fixture: kinds and statuses, inline diffs, terminals with ANSI
 * colours, locations, images, raw input/output; compaction and notices are not tool cards.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readyState, acpUpdate } from "./fixtures";
import { NEW_MATH, NEW_TEST_FILE, OLD_MATH, fullFixtureState } from "./fullFixture";
import { computedColour, eventually } from "./harness";
import { expandFullFixture } from "./scenes";
import { webviewSuite } from "./webviewSuite";

const TALL = { width: 440, height: 3_200 };

describe("webview tool call cards", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("shows each tool with its kind icon, title and status in words", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      await expandFullFixture(panel);
      const tool = (title: string) => panel.page.getByRole("log").getByRole("article", { name: `Tool: ${title}` });
      const expected: Array<[string, string, string]> = [
        ["Read src/math.ts", "codicon-file", "Done"],
        ["Edit src/math.ts", "codicon-edit", "Done"],
        ["Run npm test", "codicon-terminal", "Failed"],
        ["Fetch the logo", "codicon-globe", "Done"],
        ["Think about edge cases", "codicon-lightbulb", "Pending"],
        ["Write src/math.ts", "codicon-edit", "Waiting for you"],
      ];
      for (const [title, icon, status] of expected) {
        const card = tool(title);
        assert.equal(await card.count(), 1, title);
        assert.equal(await card.locator(`.tool-header .${icon}`).count(), 1, `${title} has ${icon}`);
        assert.equal((await card.locator(".tool-status").textContent())?.trim(), status, `${title} is ${status}`);
      }
      await panel.actions(1, [acpUpdate("x", "tool_call_update", { toolCallId: "think-1", status: "in_progress" })]);
      await eventually(async () =>
        assert.equal((await tool("Think about edge cases").locator(".tool-status").textContent())?.trim(), "Running"),
      );
      assert.equal(
        await tool("Think about edge cases").locator(".codicon-loading.codicon-modifier-spin").count(),
        1,
        "a spinner while running",
      );
      await panel.assertHealthy();
    }));

  it("renders an edit as an inline diff with added and removed lines, numbers and an Open diff button", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      await expandFullFixture(panel);
      const diff = panel.page.getByRole("group", { name: "Diff of /w/src/math.ts" });
      const added = diff.getByRole("insertion");
      const removed = diff.getByRole("deletion");
      assert.equal(await added.count(), 5);
      assert.equal(await removed.count(), 1);
      assert.deepEqual(await removed.allTextContents(), ["  return a - b;"]);
      assert.deepEqual(await added.allTextContents(), [
        "  return a + b;",
        "",
        "export function mul(a: number, b: number): number {",
        "  return a * b;",
        "}",
      ]);
      assert.equal(await removed.first().getAttribute("data-old"), "2");
      assert.equal(await added.first().getAttribute("data-new"), "2");
      assert.equal(await added.last().getAttribute("data-new"), "11");
      assert.equal(await diff.getByText("@@ -1,7 +1,11 @@").count(), 1);
      assert.equal(await diff.getByText("New file").count(), 0);
      assert.match((await diff.textContent()) ?? "", /\+5\s*−1/);

      const created = panel.page.getByRole("group", { name: "Diff of /w/src/math.test.ts" });
      assert.equal(await created.getByText("New file").count(), 1);
      assert.equal(await created.getByRole("insertion").count(), 3);
      assert.equal(await created.getByRole("deletion").count(), 0);

      await diff.getByRole("button", { name: "Open diff" }).click();
      await created.getByRole("button", { name: "Open diff" }).click();
      assert.deepEqual(await panel.waitForSentOfType("diff/open", 2), [
        { type: "diff/open", path: "/w/src/math.ts", oldText: OLD_MATH, newText: NEW_MATH },
        { type: "diff/open", path: "/w/src/math.test.ts", oldText: null, newText: NEW_TEST_FILE },
      ]);
      await panel.assertHealthy();
    }));

  it("shows a terminal's output with ANSI colours and styles, its exit code, and live output", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      await expandFullFixture(panel);
      const terminal = panel.page.getByRole("group", { name: "Terminal: npm test" });
      const style = (text: string) =>
        terminal.getByText(text, { exact: true }).evaluate((element) => {
          const computed = getComputedStyle(element);
          return {
            color: computed.color,
            weight: computed.fontWeight,
            italic: computed.fontStyle,
            line: computed.textDecorationLine,
          };
        });
      // Colours are the program's, mixed toward the terminal's text colour for contrast (terminal.css).
      const palette = (name: string) =>
        computedColour(
          panel.page,
          `color-mix(in srgb, var(--vscode-terminal-${name}) 60%, var(--vscode-terminal-foreground))`,
        );
      const program = (colour: string) =>
        computedColour(panel.page, `color-mix(in srgb, ${colour} 50%, var(--vscode-terminal-foreground))`);
      assert.equal((await style("red")).color, await palette("ansiRed"), "31 → --vscode-terminal-ansiRed");
      assert.equal(
        (await style("bright red")).color,
        await palette("ansiBrightRed"),
        "91 → --vscode-terminal-ansiBrightRed",
      );
      assert.equal((await style("orange-256")).color, await program("rgb(255, 135, 0)"), "38;5;208");
      assert.equal((await style("pink-rgb")).color, await program("rgb(255, 105, 180)"), "38;2;255;105;180");
      assert.deepEqual(await style("bold yellow"), {
        color: await palette("ansiYellow"),
        weight: "700",
        italic: "normal",
        line: "none",
      });
      assert.equal((await style("italic")).italic, "italic");
      assert.equal((await style("underline")).line, "underline");
      const output = (await terminal.locator("pre").textContent()) ?? "";
      assert.doesNotMatch(output, /\u001b/, "no escape codes left");
      assert.match(output, /^100% done$/m, "a carriage return rewrote the progress line");
      assert.doesNotMatch(output, /50%/);
      assert.equal(await terminal.getByText("Exited with code 1").count(), 1);

      await panel.actions(1, [
        { type: "terminal/output", terminalId: "term-1", chunk: "\u001b[36mlate line\u001b[0m\n" },
      ]);
      await eventually(async () => {
        const cyan = await palette("ansiCyan");
        assert.equal((await style("late line")).color, cyan);
      });

      const lost = panel.page.getByRole("article", { name: "Tool: Run lint" });
      assert.equal(await lost.getByText("Terminal output is not available").count(), 1);
      await panel.assertHealthy();
    }));

  it("opens locations, shows text content as Markdown, and images only from inline data", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      const requests: string[] = [];
      await expandFullFixture(panel);
      panel.page.on("request", (request) => requests.push(request.url()));
      const read = panel.page.getByRole("article", { name: "Tool: Read src/math.ts" });
      assert.equal(await read.locator("pre code").textContent(), "export function add(a, b) {\n  return a - b;\n}");
      await read.getByRole("link", { name: "/w/src/math.ts:2" }).click();
      await panel.page
        .getByRole("article", { name: "Tool: Write src/math.ts" })
        .getByRole("link", { name: "/w/src/math.ts", exact: true })
        .click();
      assert.deepEqual(await panel.waitForSentOfType("location/open", 2), [
        { type: "location/open", path: "/w/src/math.ts", line: 2 },
        { type: "location/open", path: "/w/src/math.ts" },
      ]);

      const fetch = panel.page.getByRole("article", { name: "Tool: Fetch the logo" });
      const image = fetch.getByRole("img", { name: "Image from the tool" });
      assert.equal(await image.count(), 1, "only the image with inline data is shown");
      assert.match((await image.getAttribute("src")) ?? "", /^data:image\/png;base64,iVBOR/);
      assert.equal(
        await image.evaluate((element) => (element as HTMLImageElement).naturalWidth),
        48,
        "the data decodes",
      );
      assert.equal(await fetch.getByText("[image]").count(), 1);
      assert.deepEqual(
        requests.filter((url) => url.includes("example.invalid")),
        [],
        "the remote image was never fetched",
      );
      await panel.assertHealthy();
    }));

  it("keeps raw input and output collapsed until asked, as JSON or the string itself", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      await expandFullFixture(panel);
      const read = panel.page.getByRole("article", { name: "Tool: Read src/math.ts" });
      const input = read.getByRole("group", { name: "Input" });
      const output = read.getByRole("group", { name: "Output" });
      assert.equal(await input.locator("pre").count(), 0, "nothing rendered while collapsed");
      await read.getByText("Input", { exact: true }).click();
      await read.getByText("Output", { exact: true }).click();
      await eventually(async () =>
        assert.equal(await input.locator("pre").textContent(), '{\n  "path": "/w/src/math.ts",\n  "limit": 40\n}'),
      );
      assert.equal(await output.locator("pre").textContent(), "export function add(a, b) {");
      await panel.assertHealthy();
    }));

  it("shows compaction as a notice, never as a tool card, and notices with their severity", () =>
    webview.withPanel({ viewport: TALL, state: fullFixtureState() }, async (panel) => {
      await expandFullFixture(panel);
      const log = panel.page.getByRole("log");
      const compactions = log.getByRole("article", { name: "Context compaction" });
      assert.equal(await compactions.count(), 2, "the ACP compaction and Bub's compaction tool call");
      assert.equal(await log.getByRole("article", { name: "Tool: Compacting context" }).count(), 0);
      assert.equal(await compactions.locator(".tool-status").count(), 0);
      assert.equal(await compactions.nth(0).getByText("Context compacted").count(), 1);
      assert.equal(await compactions.nth(1).getByText("Context compacting…").count(), 1);
      assert.equal(await compactions.nth(1).locator(".codicon-loading.codicon-modifier-spin").count(), 1);
      const summary = compactions.nth(0).getByText("Summarised 42 earlier messages", { exact: false });
      assert.equal(await summary.count(), 0, "the summary starts collapsed");
      await compactions.nth(0).getByText("Summary").click();
      await eventually(async () => assert.equal(await summary.isVisible(), true));

      await panel.actions(1, [
        acpUpdate("c9", "compaction_update", { compactionId: "cmp-9", status: "failed", error: "Out of memory" }),
      ]);
      await eventually(async () =>
        assert.equal(await log.getByText("Context compaction failed: Out of memory").count(), 1),
      );

      const warning = log.getByRole("article", { name: "Rate limited" });
      assert.equal(await warning.getByText("Retrying in 5 s").count(), 1);
      assert.equal(await warning.locator(".codicon-warning").count(), 1);
      assert.equal(
        await log.getByRole("article", { name: "Switched to the faster model" }).locator(".codicon-info").count(),
        1,
      );
      await panel.assertHealthy();
    }));

  it("shows a command that exited with code 3 as failed in the card's header, not a green Done", () =>
    webview.withPanel(async (panel) => {
      const state = readyState([
        {
          kind: "tool_call",
          id: "t-3",
          toolCallId: "exit-3",
          title: "Run the checks",
          toolKind: "execute",
          status: "completed",
          content: [{ type: "terminal", terminalId: "term-3" }],
          locations: [],
        },
      ]);
      await panel.snapshot(0, {
        ...state,
        thread: {
          ...state.thread,
          terminals: { "term-3": { command: "make check", output: "boom\n", exit: { exitCode: 3, signal: null } } },
        },
      });
      const card = panel.page.getByRole("article", { name: "Tool: Run the checks" });
      await card.waitFor();
      const status = card.locator(".tool-status");
      assert.equal((await status.textContent())?.trim(), "Failed");
      assert.equal(await status.locator(".codicon-error").count(), 1);
      assert.equal(await card.evaluate((element) => element.classList.contains("tool-failed")), true);
      await panel.assertHealthy();
    }));
});
