/**
 * A real third-party agent in real VS Code: claude-code-acp (pinned devDependency) configured as
 * the agent in user settings, run by the extension host's Node 24, talking to the scripted fake
 * Anthropic server that runs in this test process on 127.0.0.1. The agent edits an open file
 * through fs/read_text_file + fs/write_text_file after the user clicks the agent's own "Allow"
 * button in the panel; the edit lands in the editor buffer, can be undone there, and the
 * transcript shows the tool call with its diff.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { Page } from "playwright-core";
import { openFile, screenshot } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { ensureTools } from "../harness/tools";
import { FakeAnthropic, rules, text, toolUse } from "../realAgents/fakeAnthropic";
import { adapterEntry, adapterEnv } from "../realAgents/realAgent";
import { permissionRequest, turnEnded } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const AGENT = "Claude Code (fake model)";
const FILE = "greet.ts";
const BEFORE = 'export const greeting = "hello world";\n';
const AFTER = 'export const greeting = "hello there";\n';

/** The visible text of the first editor (Monaco renders spaces as U+00A0). */
async function editorText(page: Page): Promise<string> {
  const lines = page.locator(".editor-instance .monaco-editor .view-lines").first();
  return ((await lines.innerText()) ?? "").replace(/\u00a0/g, " ");
}

describe("a real agent (claude-code-acp) edits an open file in VS Code", { timeout: 300_000 }, () => {
  let fake: FakeAnthropic | undefined;
  const e2e = useE2e({
    label: "claude-edit",
    files: { [FILE]: BEFORE },
    prepare: async ({ scratch, workspace }) => {
      mkdirSync(join(scratch, "agent-home/.claude"), { recursive: true });
      fake = await FakeAnthropic.start({ logFile: join(scratch, "fake-anthropic.ndjson") });
      fake.script = rules({
        prompt: "say hello there",
        steps: [
          [
            text("I will edit the greeting."),
            toolUse("Edit", { file_path: join(workspace, FILE), old_string: "hello world", new_string: "hello there" }),
          ],
          (c) => (c.lastToolResult?.isError ? `The edit failed: ${c.lastToolResult.text}` : "I changed the greeting."),
        ],
      });
    },
    agents: ({ scratch }) => ({
      [AGENT]: {
        command: ensureTools().nodePath,
        args: [adapterEntry("claude-code-acp")],
        env: adapterEnv(fake!.baseUrl, join(scratch, "agent-home")),
      },
    }),
    chat: false,
    stop: () => fake?.close(),
    explainFailure: () =>
      `fake Anthropic requests: ${JSON.stringify(fake?.requests.map((r) => `${r.method} ${r.path} ${r.kind} ${r.replied ?? ""}`)).slice(0, 1500)}`,
  });

  e2e.it(
    "asks permission with the agent's own option names, edits the buffer after Allow, and Undo reverts it",
    "e2e-claude-edit",
    async ({ workspace, page }) => {
      const path = join(workspace, FILE);
      await openFile(page, FILE);
      await eventually(async () => (await editorText(page)).includes("hello world"), "the file in the editor");
      const view = await e2e.openChat(/is ready/, 120_000);
      await sendPrompt(view, "say hello there");

      const request = permissionRequest(view);
      await request.waitFor({ timeout: 60_000 });
      const names = (await request.getByRole("button").allTextContents()).map((name) => name.trim());
      assert.deepEqual(
        names,
        ["Always Allow", "Allow", "Reject"],
        "one button per option, named as claude-code-acp names it",
      );
      assert.equal(readFileSync(path, "utf8"), BEFORE, "nothing written before the answer");
      await request.getByRole("button", { name: "Allow", exact: true }).click();

      await view.log.getByText("I changed the greeting.").first().waitFor({ timeout: 60_000 });
      await turnEnded(view);
      await eventually(async () => (await editorText(page)).includes("hello there"), "the edit in the editor buffer");
      assert.equal(readFileSync(path, "utf8"), AFTER, "written through the editor and saved");
      const modelTurns = fake!.modelTurns();
      assert.equal(modelTurns.at(-1)?.toolResults?.[0]?.isError, false, "the edit succeeded");
      assert.match(
        modelTurns.at(-1)?.toolResults?.[0]?.text ?? "",
        /greet\.ts/,
        "the agent reported the edit to the model",
      );

      const diff = view.log.getByRole("group", { name: `Diff of ${path}` });
      await diff.first().waitFor({ timeout: 15_000 });
      assert.match((await diff.first().locator("ins").allTextContents()).join("\n"), /hello there/);
      assert.match((await diff.first().locator("del").allTextContents()).join("\n"), /hello world/);
      await screenshot(page, "e2e-claude-edit.png");

      await page.locator(".editor-instance .monaco-editor .view-lines").first().click();
      await page.keyboard.press("Control+z");
      await eventually(async () => (await editorText(page)).includes("hello world"), "Undo to restore the text");
      assert.doesNotMatch(await editorText(page), /hello there/);
    },
  );

  e2e.itLeavesNoAgentProcessBehind();
});
