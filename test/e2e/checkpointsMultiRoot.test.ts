/**
 * Checkpoints in a multi-root window (issue 25, done-when 2): a `.code-workspace` with a git
 * repository holding an uncommitted edit of the user's and a folder outside git. The fake agent
 * rewrites files in both with its own tool (never `fs/write_text_file`) and removes one; Undo all
 * and "Restore checkpoint" bring back the exact bytes in both folders (CRLF, no final newline) and
 * keep the user's edit. The window opens trusted only when the workspace file and every folder
 * are trusted (test/harness/workspaceTrust.ts).
 */
import * as assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { screenshot } from "../harness/browser";
import { eventually, expandPanel } from "../harness/chat";
import { changedRow, gitRepo, openUi, turn, type Ui } from "../harness/checkpointUi";
import { withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

describe(
  "checkpoints in a multi-root workspace: a git repository with uncommitted work and a folder outside git",
  {
    timeout: 400_000,
  },
  () => {
    let scratch: string;
    let repo: string;
    let plain: string;
    let ui: Ui;
    const diagnostics = () => ({ page: () => ui.page, errors: () => ui.errors, serverLog: () => ui.server?.logFile });
    // Exact bytes: the user's uncommitted line, CRLF and no newline at the end must all come back.
    const original = {
      notes: "committed line\nthe user's uncommitted line\n",
      data: "plain data\r\nsecond line without newline",
      keep: "precious bytes\r\n",
    };
    const files = () => ({
      notes: readFileSync(join(repo, "notes.md"), "utf8"),
      data: existsSync(join(plain, "data.txt")) ? readFileSync(join(plain, "data.txt"), "utf8") : undefined,
      keep: existsSync(join(plain, "keep.txt")) ? readFileSync(join(plain, "keep.txt"), "utf8") : undefined,
      made: existsSync(join(plain, "made.txt")),
    });
    const asBefore = () => {
      const now = files();
      return now.notes === original.notes && now.data === original.data && now.keep === original.keep && !now.made;
    };

    before(async () => {
      scratch = mkdtempSync(join(tmpdir(), "acp-panel-checkpoints-multi-"));
      repo = join(scratch, "repo");
      plain = join(scratch, "plain");
      gitRepo(repo, { "notes.md": "committed line\n" });
      writeFileSync(join(repo, "notes.md"), original.notes);
      mkdirSync(plain);
      writeFileSync(join(plain, "data.txt"), original.data);
      writeFileSync(join(plain, "keep.txt"), original.keep);
      const workspaceFile = join(scratch, "two.code-workspace");
      writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: "repo" }, { path: "plain" }] }));
      // The harness trusts the workspace file and both folders (test/harness/workspaceTrust.ts).
      ui = await openUi("checkpoints-multi", scratch, workspaceFile);
    });

    after(async () => {
      await tearDownUi(ui?.browser, ui?.server, scratch);
    });

    it("the agent's own-tool edits in both folders and a removal: Undo all brings back the exact bytes", async (t) => {
      await withDiagnostics(t, diagnostics(), "e2e-checkpoint-multiroot", async () => {
        // The session's cwd is the first folder: the second one is reached as ../plain.
        await turn(ui.view, "own-shell write:notes.md write:../plain/data.txt rm:../plain/keep.txt", "Ran ");
        await expandPanel(ui.view, "Files changed");
        for (const name of ["notes.md", "data.txt", "keep.txt"])
          await changedRow(ui.view, name).waitFor({ timeout: 20_000 });
        assert.equal(files().keep, undefined);
        assert.equal(files().notes, "rewritten by a shell command: notes.md\n");
        const review = ui.view.frame.getByRole("region", { name: "Files changed" });
        await review.getByRole("button", { name: "Undo all" }).click();
        await eventually(asBefore, "both folders as before the turn, the user's uncommitted line included");
        await screenshot(ui.page, "e2e-checkpoint-multiroot.png");
      });
    });

    it("Restore checkpoint brings both folders back to the exact bytes", async (t) => {
      await withDiagnostics(t, diagnostics(), "e2e-checkpoint-multiroot-restore", async () => {
        await turn(ui.view, "own-append notes.md the agent's line", "Edited notes.md.");
        await turn(ui.view, "own-shell write:../plain/data.txt rm:../plain/keep.txt create:../plain/made.txt", "Ran ");
        assert.ok(files().made && files().keep === undefined);
        const restoreButtons = ui.view.log.getByRole("button", { name: "Restore checkpoint" });
        await eventually(async () => (await restoreButtons.count()) >= 3, "a Restore checkpoint button per message");
        await restoreButtons.nth(1).click(); // before "own-append notes.md …": after the first test's Undo all
        const card = ui.view.frame.getByRole("group", { name: "Restore checkpoint" });
        await card.getByText("made.txt").first().waitFor({ timeout: 20_000 });
        await card.getByRole("button", { name: "Restore", exact: true }).click();
        await eventually(asBefore, "both folders as before the first of the two turns");
        await ui.view.log.getByRole("button", { name: "Redo" }).waitFor({ timeout: 15_000 });
      });
    });
  },
);
