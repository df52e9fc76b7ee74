/**
 * Parallel sessions in git worktrees, in real VS Code (issue 32, done-when 1). A repository whose
 * main folder holds an uncommitted edit of the user's. Two sessions, each started with "ACP: New
 * Session in Worktree…", edit the same file differently with the agent's own tool (as real agents
 * do). Each result is reviewed; one is applied to the workspace; applying the other meets the
 * first as an uncommitted change of the main folder, so it asks and merges three-way. The user's
 * uncommitted edit survives all of it. Closing a worktree tab asks; "Remove Worktree and Branch"
 * (after the warning naming its unapplied change) removes the folder and the branch.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { openChatView, openWorkbench, runCommand, screenshot } from "../harness/browser";
import { chat, eventually, expandPanel, sendPrompt } from "../harness/chat";
import { AGENT, changedRow, gitRepo, openUi, type Ui } from "../harness/checkpointUi";
import { modalDialog, reloadWindow } from "../harness/panel";
import { setSideBarWidth, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const SHARED = "line 1\nline 2\nline 3\n";
const USER_NOTES = "committed notes\nthe user's uncommitted line\n";

/** The notification (a toast, else in the notification center) that says `text`, to click its buttons. */
async function notification(page: Page, text: string, timeoutMs = 30_000) {
  const toast = page.locator(".notifications-toasts .notification-toast", { hasText: text }).first();
  try {
    await toast.waitFor({ timeout: Math.min(5_000, timeoutMs) });
    return toast;
  } catch {
    // not a toast (the smoke-test driver hides them), or gone already: the center keeps it
  }
  const center = page.locator(".notifications-center .notification-list-item", { hasText: text }).first();
  if (!(await page.locator(".notifications-center.visible").count()))
    await runCommand(page, "Notifications: Show Notifications");
  await center.waitFor({ timeout: timeoutMs });
  return center;
}

/** Answers the quick input: waits for its title to contain `title`, types `value`, and accepts. */
async function answerInput(page: Page, title: string, value: string): Promise<void> {
  const widget = page.locator(".quick-input-widget");
  await widget.locator(".quick-input-title", { hasText: title }).waitFor({ timeout: 30_000 });
  const input = widget.locator(".quick-input-box input");
  await input.fill(value);
  await input.press("Enter");
}

async function pickQuickItem(page: Page, title: string, label: string): Promise<void> {
  const widget = page.locator(".quick-input-widget");
  await widget.locator(".quick-input-title", { hasText: title }).waitFor({ timeout: 30_000 });
  await widget.locator(".monaco-list-row", { hasText: label }).first().click();
}

describe("sessions in git worktrees", { timeout: 600_000 }, () => {
  let scratch: string;
  let workspace: string;
  let ui: Ui;
  const diagnostics = () => ({ page: () => ui.page, errors: () => ui.errors, serverLog: () => ui.server?.logFile });
  const read = (folder: string, name: string) => readFileSync(join(folder, name), "utf8");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: workspace, encoding: "utf8" });
  /** The worktrees git knows besides the main one: branch → folder. */
  const worktrees = () => {
    const found = new Map<string, string>();
    let path = "";
    for (const line of git("worktree", "list", "--porcelain").split("\n")) {
      if (line.startsWith("worktree ")) path = line.slice("worktree ".length);
      if (line.startsWith("branch refs/heads/") && path !== workspace) found.set(line.slice(18), path);
    }
    return found;
  };

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-worktrees-"));
    workspace = join(scratch, "repo");
    gitRepo(workspace, { "shared.md": SHARED, "notes.md": "committed notes\n" });
    writeFileSync(join(workspace, "notes.md"), USER_NOTES);
    ui = await openUi("worktrees", scratch, workspace);
  });

  after(async () => {
    await tearDownUi(ui?.browser, ui?.server, scratch);
  });

  /** Starts a session in a new worktree with `prompt` as its first message; waits for `reply` and the turn's end, if given. */
  async function newWorktreeSession(branch: string, prompt: string, reply?: string): Promise<string> {
    await runCommand(ui.page, "ACP: New Session in Worktree…");
    await answerInput(ui.page, "(1/2)", prompt);
    await answerInput(ui.page, "(2/2)", branch);
    // The main folder has the user's uncommitted edit: leave it there.
    await pickQuickItem(ui.page, "uncommitted changes", "without them");
    const tab = ui.view.frame.getByRole("tab", { name: new RegExp(`^${branch} .*, in a worktree`) });
    await tab.waitFor({ timeout: 60_000 });
    if (reply !== undefined) {
      await ui.view.log.getByText(reply).first().waitFor({ timeout: 60_000 });
      await ui.view.status.filter({ hasText: `${AGENT} is ready` }).waitFor({ timeout: 30_000 });
    }
    const folder = worktrees().get(branch);
    assert.ok(folder, `git knows the worktree of ${branch}`);
    return folder;
  }

  let folderA = "";
  let folderB = "";

  it("two agents in two worktrees edit the same file differently; the main folder is untouched", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-worktrees-two", async () => {
      folderA = await newWorktreeSession("task-a", "own-append shared.md line from A", "Edited shared.md.");
      folderB = await newWorktreeSession("task-b", "own-append shared.md line from B", "Edited shared.md.");
      assert.ok(!folderA.startsWith(workspace) && !folderB.startsWith(workspace), "worktrees outside the repository");
      assert.equal(read(folderA, "shared.md"), `${SHARED}line from A\n`);
      assert.equal(read(folderB, "shared.md"), `${SHARED}line from B\n`);
      assert.equal(read(workspace, "shared.md"), SHARED);
      assert.equal(read(workspace, "notes.md"), USER_NOTES);
      // The active tab's "Files changed" lists its worktree's file, from the worktree's own checkpoint.
      await expandPanel(ui.view, "Files changed");
      await changedRow(ui.view, "shared.md").getByText("+1").waitFor({ timeout: 30_000 });
      await setSideBarWidth(ui.page, 640); // the branches readable in the tabs (the README's picture)
      await screenshot(ui.page, "e2e-worktrees-two-tabs.png");
    });
  });

  it("Review Worktree Changes opens the branch's diff; Apply to Workspace brings it in as uncommitted changes", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-worktrees-apply", async () => {
      await runCommand(ui.page, "ACP: Review Worktree Changes");
      await ui.page
        .locator(".tabs-container .tab", { hasText: "task-b: changes against its base" })
        .first()
        .waitFor({ timeout: 30_000 });
      await screenshot(ui.page, "e2e-worktrees-review.png");
      await runCommand(ui.page, "ACP: Apply to Workspace");
      await notification(ui.page, "Applied 1 file of task-b to the workspace.");
      assert.equal(read(workspace, "shared.md"), `${SHARED}line from B\n`);
      assert.equal(read(workspace, "notes.md"), USER_NOTES, "the user's uncommitted edit survives");
      assert.match(git("status", "--porcelain"), / M shared\.md/, "an uncommitted change of the main folder");
    });
  });

  it("applying the other worktree meets that change: it asks, and merges three-way", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-worktrees-merge", async () => {
      await ui.view.frame.getByRole("tab", { name: /^task-a .*, in a worktree/ }).click();
      await ui.view.frame
        .getByRole("tab", { name: /^task-a .*, in a worktree/, selected: true })
        .waitFor({ timeout: 15_000 });
      // This result is reviewed too: task-a's whole branch against its base.
      await runCommand(ui.page, "ACP: Review Worktree Changes");
      await ui.page
        .locator(".tabs-container .tab", { hasText: "task-a: changes against its base" })
        .first()
        .waitFor({ timeout: 30_000 });
      await runCommand(ui.page, "ACP: Apply to Workspace");
      const dialog = modalDialog(ui.page);
      await dialog.waitFor({ timeout: 30_000 });
      assert.match(await dialog.innerText(), /shared\.md/);
      assert.equal(read(workspace, "shared.md"), `${SHARED}line from B\n`, "nothing applied before the answer");
      await screenshot(ui.page, "e2e-worktrees-conflict.png");
      await dialog.getByRole("button", { name: "Merge Three-Way" }).click();
      await notification(ui.page, "Conflicts to resolve: shared.md.");
      const merged = read(workspace, "shared.md");
      assert.match(merged, /line from A/);
      assert.match(merged, /line from B/);
      assert.match(merged, /^<<<<<<< workspace$/m);
      assert.equal(read(workspace, "notes.md"), USER_NOTES);
    });
  });

  it("after a window reload the worktree tabs come back in their worktrees, and their agents work there again", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-worktrees-reload", async () => {
      await reloadWindow(ui.page);
      await openChatView(ui.page);
      ui.view = chat(ui.page);
      const tabB = ui.view.frame.getByRole("tab", { name: /^task-b .*, in a worktree/ });
      await ui.view.frame.getByRole("tab", { name: /^task-a .*, in a worktree/ }).waitFor({ timeout: 60_000 });
      await tabB.waitFor({ timeout: 60_000 });
      await tabB.click();
      await ui.view.frame.getByRole("tab", { name: /^task-b /, selected: true }).waitFor();
      await ui.view.status.filter({ hasText: `${AGENT} is ready` }).waitFor({ timeout: 60_000 });
      await sendPrompt(ui.view, "own-append after-reload.md written after the reload");
      await ui.view.log.getByText("Edited after-reload.md.").first().waitFor({ timeout: 30_000 });
      assert.equal(read(folderB, "after-reload.md"), "written after the reload\n");
      assert.ok(!existsSync(join(workspace, "after-reload.md")), "not in the main folder");
    });
  });

  it("three agents in three worktrees stream together; the tab strip and the status bar show it", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-worktrees-three", async () => {
      await newWorktreeSession("task-c", "long");
      for (const branch of ["task-a", "task-b"]) {
        const tab = ui.view.frame.getByRole("tab", { name: new RegExp(`^${branch} .*, in a worktree`) });
        await tab.click();
        await ui.view.frame.getByRole("tab", { name: new RegExp(`^${branch} `), selected: true }).waitFor();
        await sendPrompt(ui.view, "long");
      }
      const running = ui.view.frame.getByRole("tab", { name: /, in a worktree, running$/ });
      await eventually(async () => (await running.count()) === 3, "three worktree tabs running at once", 30_000);
      const statusItem = ui.page.locator('[aria-label="3 sessions in worktrees, 3 working, 0 waiting for you"]');
      await statusItem.first().waitFor({ timeout: 30_000 });
      await screenshot(ui.page, "e2e-worktrees-three.png");
      // Every tab streamed into its own transcript: stop each.
      for (const branch of ["task-a", "task-b", "task-c"]) {
        await ui.view.frame.getByRole("tab", { name: new RegExp(`^${branch} .*, in a worktree`) }).click();
        await ui.view.frame.getByRole("tab", { name: new RegExp(`^${branch} `), selected: true }).waitFor();
        await ui.view.log
          .getByText(/Working, step \d+\./)
          .first()
          .waitFor({ timeout: 30_000 });
        await ui.view.frame.getByRole("button", { name: "Stop" }).click();
        await ui.view.status.filter({ hasText: /is ready|cancelled|stopped/i }).waitFor({ timeout: 30_000 });
      }
      await eventually(async () => (await running.count()) === 0, "no worktree tab running", 30_000);
    });
  });

  it("closing a worktree tab asks; Remove Worktree and Branch warns of its unapplied change, then removes both", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-worktrees-cleanup", async () => {
      await ui.view.frame.getByRole("tab", { name: /^task-a .*, in a worktree/ }).click();
      await ui.view.frame.getByRole("tab", { name: /^task-a /, selected: true }).waitFor();
      await ui.view.frame.locator(".tab-close-selected").click();
      const asked = await notification(ui.page, "The session in worktree task-a is closed");
      await asked.getByRole("button", { name: "Remove Worktree and Branch" }).click();
      const warning = modalDialog(ui.page);
      await warning.waitFor({ timeout: 30_000 });
      assert.match(await warning.innerText(), /shared\.md/, "the warning names the unapplied change");
      await warning.getByRole("button", { name: "Remove", exact: true }).click();
      await notification(ui.page, "Removed the worktree and branch task-a.");
      await eventually(() => !existsSync(folderA), "the worktree folder removed");
      assert.equal(git("branch", "--list", "task-a").trim(), "", "the branch deleted");
      assert.ok(!worktrees().has("task-a"));
      assert.ok(worktrees().has("task-b"), "the other worktree stays");
      assert.ok(readdirSync(folderB).includes("shared.md"));
      assert.equal(read(workspace, "notes.md"), USER_NOTES);
    });
  });

  it("in Restricted Mode no worktree command runs git: it says to trust the workspace", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-worktrees-restricted", async () => {
      const untrustedRepo = join(scratch, "untrusted-repo");
      gitRepo(untrustedRepo, { "a.txt": "a\n" });
      const { page } = await openWorkbench(ui.browser!, ui.server!.folderUrl(untrustedRepo));
      try {
        await page.locator(".statusbar").getByText("Restricted Mode", { exact: true }).waitFor({ timeout: 60_000 });
        await runCommand(page, "ACP: New Session in Worktree…", 60_000);
        await notification(page, "trust the workspace first");
        const listed = execFileSync("git", ["worktree", "list", "--porcelain"], {
          cwd: untrustedRepo,
          encoding: "utf8",
        });
        assert.equal(listed.match(/^worktree /gm)?.length, 1, "no worktree made");
      } finally {
        await page.close();
      }
    });
  });
});
