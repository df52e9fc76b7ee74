/**
 * Files an agent writes with its own tools (not `fs/write_text_file`) in real VS Code: the fake
 * agent's `own-write` scenario writes a file itself, reports it with a `tool_call` (kind edit)
 * and a `diff`, and answers `end_turn` at once, as Copilot's apply_patch does. Over three turns,
 * each file is listed once in "Files changed" (issue 16, point 1).
 */
import * as assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { screenshot } from "../harness/browser";
import { expandPanel, sendPrompt, type Chat } from "../harness/chat";
import { closeFakeAgentUi, openFakeAgentUi, type FakeAgentUi } from "../harness/fakeAgentUi";
import { withDiagnostics } from "../harness/workbench";

const AGENT = "Demo Agent";
const FILES = ["own-1.txt", "own-2.txt", "own-3.txt"];

describe("files an agent writes with its own tools", { timeout: 300_000 }, () => {
  let scratch: string;
  let workspace: string;
  let ui: FakeAgentUi | undefined;
  let page: Page;
  let view: Chat;
  const diagnostics = () => ui!.diagnostics();

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-own-"));
    workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    ui = await openFakeAgentUi({ label: "own-edits", scratch, workspace });
    ({ page, view } = ui);
  });

  after(async () => {
    await closeFakeAgentUi(ui, scratch);
  });

  it("lists every file written by the agent's own tool with end_turn at once, each once", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-own-edits", async () => {
      for (const file of FILES) {
        await sendPrompt(view, `own-write ${file}`);
        await view.log.getByText(`Created ${file}.`).first().waitFor({ timeout: 30_000 });
        await view.status.filter({ hasText: `${AGENT} is ready` }).waitFor({ timeout: 15_000 });
        assert.ok(existsSync(join(workspace, file)), `${file} is on disk`);
      }
      const review = view.frame.getByRole("region", { name: "Files changed" });
      await review.waitFor({ timeout: 15_000 });
      await expandPanel(view, "Files changed");
      const rows = review.getByRole("list", { name: "Changed files" }).getByRole("listitem");
      for (const file of FILES) await rows.filter({ hasText: file }).first().waitFor({ timeout: 15_000 });
      await review.getByText("3 files").waitFor({ timeout: 15_000 });
      assert.equal(await rows.count(), 3, "each file is listed once");
      for (const file of FILES) assert.equal(await rows.filter({ hasText: file }).count(), 1, `${file} once`);
      await screenshot(page, "e2e-own-edits.png");
    });
  });
});
