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
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import type { Page } from "playwright-core";
import { DEMO_AGENT } from "../harness/agent";
import { runCommand, screenshot } from "../harness/browser";
import { eventually, expandPanel, sendPrompt } from "../harness/chat";
import { modalDialog } from "../harness/panel";
import { setSideBarWidth } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { filesChanged, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { gitRepo } from "./fixture/workspaceFiles";

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

/** ACP: Review Worktree Changes, and the diff of `branch` against its base in an editor tab. */
async function reviewWorktreeChanges(page: Page, branch: string): Promise<void> {
  await runCommand(page, "ACP: Review Worktree Changes");
  await page
    .locator(".tabs-container .tab", { hasText: `${branch}: changes against its base` })
    .first()
    .waitFor({ timeout: 30_000 });
}

async function pickQuickItem(page: Page, title: string, label: string): Promise<void> {
  const widget = page.locator(".quick-input-widget");
  await widget.locator(".quick-input-title", { hasText: title }).waitFor({ timeout: 30_000 });
  await widget.locator(".monaco-list-row", { hasText: label }).first().click();
}

describe("sessions in git worktrees", { timeout: 600_000 }, () => {
  const e2e = useE2e({
    label: "worktrees",
    workspace: "repo",
    prepare: ({ workspace }) => {
      gitRepo(workspace, { "shared.md": SHARED, "notes.md": "committed notes\n" });
      writeFileSync(join(workspace, "notes.md"), USER_NOTES);
    },
    agents: { [DEMO_AGENT]: fakeAgent() },
  });
  const read = (folder: string, name: string) => readFileSync(join(folder, name), "utf8");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: e2e.workspace, encoding: "utf8" });
  /** The worktrees git knows besides the main one: branch → folder. */
  const worktrees = () => {
    const found = new Map<string, string>();
    let path = "";
    for (const line of git("worktree", "list", "--porcelain").split("\n")) {
      if (line.startsWith("worktree ")) path = line.slice("worktree ".length);
      if (line.startsWith("branch refs/heads/") && path !== e2e.workspace) found.set(line.slice(18), path);
    }
    return found;
  };

  /** Starts a session in a new worktree with `prompt` as its first message; waits for `reply` and the turn's end, if given. */
  async function newWorktreeSession(branch: string, prompt: string, reply?: string): Promise<string> {
    await runCommand(e2e.page, "ACP: New Session in Worktree…");
    await answerInput(e2e.page, "(1/2)", prompt);
    await answerInput(e2e.page, "(2/2)", branch);
    // The main folder has the user's uncommitted edit: leave it there.
    await pickQuickItem(e2e.page, "uncommitted changes", "without them");
    const tab = e2e.view.frame.getByRole("tab", { name: new RegExp(`^${branch} .*, in a worktree`) });
    await tab.waitFor({ timeout: 60_000 });
    if (reply !== undefined) {
      await e2e.view.log.getByText(reply).first().waitFor({ timeout: 60_000 });
      await untilReady(e2e.view, DEMO_AGENT);
    }
    const folder = worktrees().get(branch);
    assert.ok(folder, `git knows the worktree of ${branch}`);
    return folder;
  }

  let folderA = "";
  let folderB = "";

  e2e.it(
    "two agents in two worktrees edit the same file differently; the main folder is untouched",
    "e2e-worktrees-two",
    async ({ workspace, page, view }) => {
      folderA = await newWorktreeSession("task-a", "own-append shared.md line from A", "Edited shared.md.");
      folderB = await newWorktreeSession("task-b", "own-append shared.md line from B", "Edited shared.md.");
      assert.ok(!folderA.startsWith(workspace) && !folderB.startsWith(workspace), "worktrees outside the repository");
      assert.equal(read(folderA, "shared.md"), `${SHARED}line from A\n`);
      assert.equal(read(folderB, "shared.md"), `${SHARED}line from B\n`);
      assert.equal(read(workspace, "shared.md"), SHARED);
      assert.equal(read(workspace, "notes.md"), USER_NOTES);
      // The active tab's "Files changed" lists its worktree's file, from the worktree's own checkpoint.
      await expandPanel(view, "Files changed");
      await filesChanged(view).row("shared.md").getByText("+1").waitFor({ timeout: 30_000 });
      await setSideBarWidth(page, 640); // the branches readable in the tabs (the README's picture)
      await screenshot(page, "e2e-worktrees-two-tabs.png");
    },
  );

  e2e.it(
    "Review Worktree Changes opens the branch's diff; Apply to Workspace brings it in as uncommitted changes",
    "e2e-worktrees-apply",
    async ({ workspace, page }) => {
      await reviewWorktreeChanges(page, "task-b");
      await screenshot(page, "e2e-worktrees-review.png");
      await runCommand(page, "ACP: Apply to Workspace");
      await notification(page, "Applied 1 file of task-b to the workspace.");
      assert.equal(read(workspace, "shared.md"), `${SHARED}line from B\n`);
      assert.equal(read(workspace, "notes.md"), USER_NOTES, "the user's uncommitted edit survives");
      assert.match(git("status", "--porcelain"), / M shared\.md/, "an uncommitted change of the main folder");
    },
  );

  e2e.it(
    "applying the other worktree meets that change: it asks, and merges three-way",
    "e2e-worktrees-merge",
    async ({ workspace, page, view }) => {
      await view.frame.getByRole("tab", { name: /^task-a .*, in a worktree/ }).click();
      await view.frame
        .getByRole("tab", { name: /^task-a .*, in a worktree/, selected: true })
        .waitFor({ timeout: 15_000 });
      // This result is reviewed too: task-a's whole branch against its base.
      await reviewWorktreeChanges(page, "task-a");
      await runCommand(page, "ACP: Apply to Workspace");
      const dialog = modalDialog(page);
      await dialog.waitFor({ timeout: 30_000 });
      assert.match(await dialog.innerText(), /shared\.md/);
      assert.equal(read(workspace, "shared.md"), `${SHARED}line from B\n`, "nothing applied before the answer");
      await screenshot(page, "e2e-worktrees-conflict.png");
      await dialog.getByRole("button", { name: "Merge Three-Way" }).click();
      await notification(page, "Conflicts to resolve: shared.md.");
      const merged = read(workspace, "shared.md");
      assert.match(merged, /line from A/);
      assert.match(merged, /line from B/);
      assert.match(merged, /^<<<<<<< workspace$/m);
      assert.equal(read(workspace, "notes.md"), USER_NOTES);
    },
  );

  e2e.it(
    "after a window reload the worktree tabs come back in their worktrees, and their agents work there again",
    "e2e-worktrees-reload",
    async ({ workspace, view }) => {
      await e2e.reload();
      const tabB = view.frame.getByRole("tab", { name: /^task-b .*, in a worktree/ });
      await view.frame.getByRole("tab", { name: /^task-a .*, in a worktree/ }).waitFor({ timeout: 60_000 });
      await tabB.waitFor({ timeout: 60_000 });
      await tabB.click();
      await view.frame.getByRole("tab", { name: /^task-b /, selected: true }).waitFor();
      await untilReady(view, DEMO_AGENT, 60_000);
      await sendPrompt(view, "own-append after-reload.md written after the reload");
      await view.log.getByText("Edited after-reload.md.").first().waitFor({ timeout: 30_000 });
      assert.equal(read(folderB, "after-reload.md"), "written after the reload\n");
      assert.ok(!existsSync(join(workspace, "after-reload.md")), "not in the main folder");
    },
  );

  e2e.it(
    "three agents in three worktrees stream together; the tab strip and the status bar show it",
    "e2e-worktrees-three",
    async ({ page, view }) => {
      await newWorktreeSession("task-c", "long");
      for (const branch of ["task-a", "task-b"]) {
        const tab = view.frame.getByRole("tab", { name: new RegExp(`^${branch} .*, in a worktree`) });
        await tab.click();
        await view.frame.getByRole("tab", { name: new RegExp(`^${branch} `), selected: true }).waitFor();
        await sendPrompt(view, "long");
      }
      const running = view.frame.getByRole("tab", { name: /, in a worktree, running$/ });
      await eventually(async () => (await running.count()) === 3, "three worktree tabs running at once", 30_000);
      const statusItem = page.locator('[aria-label="3 sessions in worktrees, 3 working, 0 waiting for you"]');
      await statusItem.first().waitFor({ timeout: 30_000 });
      await screenshot(page, "e2e-worktrees-three.png");
      // Every tab streamed into its own transcript: stop each.
      for (const branch of ["task-a", "task-b", "task-c"]) {
        await view.frame.getByRole("tab", { name: new RegExp(`^${branch} .*, in a worktree`) }).click();
        await view.frame.getByRole("tab", { name: new RegExp(`^${branch} `), selected: true }).waitFor();
        await view.log
          .getByText(/Working, step \d+\./)
          .first()
          .waitFor({ timeout: 30_000 });
        await view.frame.getByRole("button", { name: "Stop" }).click();
        await view.status.filter({ hasText: /is ready|cancelled|stopped/i }).waitFor({ timeout: 30_000 });
      }
      await eventually(async () => (await running.count()) === 0, "no worktree tab running", 30_000);
    },
  );

  e2e.it(
    "closing a worktree tab asks; Remove Worktree and Branch warns of its unapplied change, then removes both",
    "e2e-worktrees-cleanup",
    async ({ workspace, page, view }) => {
      await view.frame.getByRole("tab", { name: /^task-a .*, in a worktree/ }).click();
      await view.frame.getByRole("tab", { name: /^task-a /, selected: true }).waitFor();
      await view.frame.locator(".tab-close-selected").click();
      const asked = await notification(page, "The session in worktree task-a is closed");
      await asked.getByRole("button", { name: "Remove Worktree and Branch" }).click();
      const warning = modalDialog(page);
      await warning.waitFor({ timeout: 30_000 });
      assert.match(await warning.innerText(), /shared\.md/, "the warning names the unapplied change");
      await warning.getByRole("button", { name: "Remove", exact: true }).click();
      await notification(page, "Removed the worktree and branch task-a.");
      await eventually(() => !existsSync(folderA), "the worktree folder removed");
      assert.equal(git("branch", "--list", "task-a").trim(), "", "the branch deleted");
      assert.ok(!worktrees().has("task-a"));
      assert.ok(worktrees().has("task-b"), "the other worktree stays");
      assert.ok(readdirSync(folderB).includes("shared.md"));
      assert.equal(read(workspace, "notes.md"), USER_NOTES);
    },
  );

  e2e.it(
    "in Restricted Mode no worktree command runs git: it says to trust the workspace",
    "e2e-worktrees-restricted",
    async ({ scratch, server }) => {
      const untrustedRepo = join(scratch, "untrusted-repo");
      gitRepo(untrustedRepo, { "a.txt": "a\n" });
      const { page } = await e2e.openWorkbench(server.folderUrl(untrustedRepo));
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
    },
  );
});
