/**
 * The chat panel in real VS Code, one scripted turn through everything it renders (the fake
 * agent's `showcase`): text, a thought, a plan, a diff of a real workspace file with a location,
 * a real terminal with ANSI colours, a compaction notice, the session title, usage and slash
 * commands. Then what the panel does in VS Code: the location opens the file, "Open diff" opens
 * the diff editor; screenshots in the light and dark themes; and the transcript and the typed
 * draft survive hiding the view and "Developer: Reload Webviews". One code-server for the file.
 * With UPDATE_SCREENSHOTS=1 the theme screenshots also replace the README's
 * docs/images/panel-light.png and panel-dark.png (committed).
 */
import * as assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { Locator } from "playwright-core";
import { runCommand, screenshot } from "../harness/browser";
import { chat, eventually, expandPanel, sendPrompt } from "../harness/chat";
import { repoRoot } from "../harness/paths";
import { activeTabTitle, setColorTheme, setSideBarWidth } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { untilEditorAt, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const AGENT = "Demo Agent";
const GREET = "export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n";
const DRAFT = "a draft I have not sent yet";

describe("the chat panel shows a whole turn in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "showcase",
    files: { "greet.ts": GREET },
    agents: { [AGENT]: fakeAgent() },
    // A wider side bar for the screenshots (cosmetic: the tests do not depend on it).
    whenOpen: (e2e) =>
      setSideBarWidth(e2e.page, 620).catch((error: unknown) =>
        console.log(`# could not widen the side bar: ${String(error)}`),
      ),
    noTerminalLeftAfterEach: true,
  });

  e2e.it(
    "renders text, thought, plan, diff, location, terminal, compaction, title, usage and commands",
    "e2e-showcase-render",
    async ({ t, workspace, page, view }) => {
      const file = join(workspace, "greet.ts");
      await sendPrompt(view, "showcase");
      await view.log.getByText("now says hello there", { exact: false }).first().waitFor({ timeout: 30_000 });
      await untilReady(view, AGENT);
      const { frame, log } = view;

      // Text (Markdown) and the thought, collapsed under "Thought".
      await log
        .getByRole("article", { name: "Agent" })
        .locator("strong", { hasText: "the showcase" })
        .first()
        .waitFor();
      const thought = log.locator("details.thought").first();
      await thought.locator("summary", { hasText: "Thought" }).click();
      await thought.getByText("plan first, then edit, then run the tests", { exact: false }).waitFor();

      // The plan: the last one sent replaces the first, all three done.
      await expandPanel(view, "Plan");
      const plan = frame.getByRole("list", { name: "Plan" });
      assert.deepEqual(
        (await plan.getByRole("listitem").allTextContents()).map((s) => s.trim()),
        ["Read greet.ts(Done)", "Make the greeting friendlier(Done)", "Run the tests(Done)"],
      );
      await frame.getByText("3 of 3 done").waitFor();

      // The edit: a diff of the real file with its hunk, and a location link.
      const edit = log.getByRole("article", { name: "Tool: Edit greet.ts" });
      // It arrives completed, so it shows only its header until opened.
      await openToolCard(edit);
      const diff = edit.getByRole("group", { name: `Diff of ${file}` });
      await diff.locator("ins", { hasText: "/** Greets someone by name. */" }).waitFor();
      await diff.locator("ins", { hasText: "Hello there, ${name}!" }).waitFor();
      await diff.locator("del", { hasText: "Hello, ${name}!" }).waitFor();
      // Shown relative to the workspace (the tooltip keeps the whole path).
      const location = edit.getByRole("link", { name: "greet.ts:2", exact: true });
      await location.waitFor();
      assert.equal(await location.getAttribute("title"), `${file}:2`);

      // The terminal: real output of a real process, ANSI colours as theme classes, its exit.
      const tests = log.getByRole("article", { name: "Tool: Run the tests" });
      await openToolCard(tests);
      const terminal = tests.getByRole("group", { name: /^Terminal: printf / });
      await terminal.getByText("Exited with code 0").waitFor({ timeout: 10_000 });
      await terminal.locator("span.ansi-fg-2.ansi-bold", { hasText: "✔ 3 passed" }).waitFor();
      await terminal.locator("span.ansi-fg-3", { hasText: "1 skipped" }).waitFor();
      await terminal.locator("span.ansi-fg-1", { hasText: "✘ 0 failed" }).waitFor();
      assert.doesNotMatch((await terminal.locator("pre").textContent()) ?? "", /\x1b|\\033/, "no raw escape codes");

      // Compaction: a notice, not a tool card, with its summary.
      const compaction = log.getByRole("article", { name: "Context compaction" });
      await compaction.getByText("Context compacted").waitFor();
      await compaction.locator("summary", { hasText: "Summary" }).click();
      await compaction.getByText("edited greet.ts and ran the tests", { exact: false }).waitFor();

      // The title from session_info_update, the context meter from usage_update, the turn's usage.
      await frame.getByRole("heading", { name: "Showcase: a friendlier greeting" }).waitFor();
      const meter = frame.getByRole("meter", { name: "Context window" });
      assert.equal(await meter.getAttribute("aria-valuenow"), "42000");
      assert.match((await meter.getAttribute("aria-valuetext")) ?? "", /^33% /);
      await frame.getByText("1.2k in · 340 out").waitFor();

      // Slash commands from available_commands_update.
      await view.prompt.click();
      await view.prompt.fill("/");
      const menu = frame.getByRole("listbox", { name: "Commands" });
      await menu.waitFor();
      const commands = (await menu.getByRole("option").allTextContents()).map((s) => s.trim());
      t.diagnostic(`command menu: ${JSON.stringify(commands)}`);
      for (const name of ["/review", "/explain", "/compact"])
        assert.ok(
          commands.some((c) => c.startsWith(name)),
          `${name} is offered`,
        );
      await view.prompt.fill("/ex");
      await eventually(
        async () => (await menu.getByRole("option").count()) === 1,
        "typing to filter the menu to one command",
        5_000,
      );
      assert.match((await menu.getByRole("option").textContent()) ?? "", /^\/explain/, "…the one that matches");
      await view.prompt.press("Escape");
      await view.prompt.fill("");

      // The location link opens the file in the editor, at its line.
      await location.click();
      await untilEditorAt(page, "greet.ts", 2);

      // "Open diff" opens VS Code's diff editor.
      await diff.getByRole("button", { name: "Open diff" }).click();
      await page
        .locator(".editor-group-container.active .monaco-diff-editor")
        .first()
        .waitFor({ state: "visible", timeout: 15_000 });
      await eventually(
        async () => (await activeTabTitle(page)).includes("greet.ts (agent's change)"),
        "the diff editor's tab",
      );
      await screenshot(page, "e2e-showcase-editors.png");
    },
  );

  e2e.it("looks right in the dark and the light theme", "e2e-showcase-themes", async ({ t, page, view }) => {
    // A taller window, so the whole turn fits in the panel; no hover tooltips.
    await page.setViewportSize({ width: 1400, height: 1500 });
    await page.mouse.move(1000, 1400);
    for (const [theme, name, dark] of [
      ["Dark Modern", "dark", true],
      ["Light Modern", "light", false],
    ] as const) {
      await setColorTheme(page, theme);
      await eventually(
        async () =>
          (await page.locator(".monaco-workbench").getAttribute("class"))?.includes(dark ? "vs-dark" : "vs ") ?? false,
        `the ${name} theme`,
      );
      // The webview follows through its body class (vscode-dark / vscode-light).
      await eventually(
        async () =>
          ((await view.frame.locator("body").getAttribute("class")) ?? "").includes(
            dark ? "vscode-dark" : "vscode-light",
          ),
        `the webview in the ${name} theme`,
      );
      await page.waitForTimeout(300);
      t.diagnostic(`screenshot ${await screenshot(page, `e2e-showcase-${name}.png`)}`);
      // The README's screenshots: refreshed only on request, then committed.
      if (process.env.UPDATE_SCREENSHOTS === "1") {
        mkdirSync(join(repoRoot, "docs/images"), { recursive: true });
        await page.screenshot({ path: join(repoRoot, `docs/images/panel-${name}.png`) });
        t.diagnostic(`README screenshot docs/images/panel-${name}.png`);
      }
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  e2e.it(
    "keeps the transcript and the draft when the view is hidden and when webviews reload",
    "e2e-showcase-persistence",
    async ({ page, view }) => {
      await view.prompt.click();
      await view.prompt.fill(DRAFT);
      // The draft is saved as UI state on every edit; give the webview a moment to store it.
      await page.waitForTimeout(300);

      const expectRestored = async (after: string) => {
        const current = chat(page);
        await current.status.filter({ hasText: `${AGENT} is ready` }).waitFor({ timeout: 30_000 });
        await current.log.getByText("now says hello there", { exact: false }).first().waitFor({ timeout: 15_000 });
        await current.log
          .getByRole("article", { name: "Tool: Run the tests" })
          .getByText("✔ 3 passed", { exact: true })
          .waitFor({ timeout: 15_000 });
        await current.frame
          .getByRole("heading", { name: "Showcase: a friendlier greeting" })
          .waitFor({ timeout: 15_000 });
        assert.equal(await current.prompt.inputValue(), DRAFT, `the draft after ${after}`);
        e2e.view = current;
      };

      // Hide the view (another view container takes the side bar), then show it again.
      await runCommand(page, "View: Show Explorer");
      await page
        .locator(".part.sidebar .explorer-folders-view, .part.sidebar .pane-header", { hasText: /workspace/i })
        .first()
        .waitFor({ timeout: 15_000 });
      await e2e.showChat();
      await expectRestored("hiding and showing the view");

      await runCommand(page, "Developer: Reload Webviews");
      await expectRestored("Developer: Reload Webviews");
      await screenshot(page, "e2e-showcase-reloaded.png");
    },
  );
});

/** Opens a tool card that arrived completed (those show only their header); the choice is remembered. */
async function openToolCard(card: Locator): Promise<void> {
  await card.waitFor({ timeout: 15_000 });
  const details = card.getByRole("button", { name: "Details" });
  if ((await details.count()) > 0 && (await details.getAttribute("aria-expanded")) === "false") await details.click();
}
