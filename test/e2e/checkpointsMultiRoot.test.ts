/**
 * Checkpoints in a multi-root window (issue 25, done-when 2): a `.code-workspace` with a git
 * repository holding an uncommitted edit of the user's and a folder outside git. The fake agent
 * rewrites files in both with its own tool (never `fs/write_text_file`) and removes one; Undo all
 * and "Restore checkpoint" bring back the exact bytes in both folders (CRLF, no final newline) and
 * keep the user's edit. The window opens trusted only when the workspace file and every folder
 * are trusted (test/harness/workspaceTrust.ts).
 */
import * as assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { eventually, expandPanel } from "../harness/chat";
import { fakeAgent } from "./fixture/agents";
import { clickUntil, filesChanged, openRestoreCard, turn } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { gitRepo, writeFiles } from "./fixture/workspaceFiles";

// Exact bytes: the user's uncommitted line, CRLF and no newline at the end must all come back.
const original = {
  notes: "committed line\nthe user's uncommitted line\n",
  data: "plain data\r\nsecond line without newline",
  keep: "precious bytes\r\n",
};

describe(
  "checkpoints in a multi-root workspace: a git repository with uncommitted work and a folder outside git",
  { timeout: 400_000 },
  () => {
    const e2e = useE2e({
      label: "checkpoints-multi",
      // The harness trusts the workspace file and both folders (test/harness/workspaceTrust.ts).
      workspace: "two.code-workspace",
      prepare: ({ scratch, workspace }) => {
        gitRepo(join(scratch, "repo"), { "notes.md": "committed line\n" });
        writeFileSync(join(scratch, "repo/notes.md"), original.notes);
        writeFiles(join(scratch, "plain"), { "data.txt": original.data, "keep.txt": original.keep });
        writeFileSync(workspace, JSON.stringify({ folders: [{ path: "repo" }, { path: "plain" }] }));
      },
      agents: { [DEMO_AGENT]: fakeAgent() },
    });
    const read = (path: string) => {
      const file = join(e2e.scratch, path);
      return existsSync(file) ? readFileSync(file, "utf8") : undefined;
    };
    const files = () => ({
      notes: read("repo/notes.md"),
      data: read("plain/data.txt"),
      keep: read("plain/keep.txt"),
      made: existsSync(join(e2e.scratch, "plain/made.txt")),
    });
    const asBefore = () => {
      const now = files();
      return now.notes === original.notes && now.data === original.data && now.keep === original.keep && !now.made;
    };

    e2e.it(
      "the agent's own-tool edits in both folders and a removal: Undo all brings back the exact bytes",
      "e2e-checkpoint-multiroot",
      async ({ page, view }) => {
        // The session's cwd is the first folder: the second one is reached as ../plain.
        await turn(view, "own-shell write:notes.md write:../plain/data.txt rm:../plain/keep.txt", "Ran ");
        await expandPanel(view, "Files changed");
        const review = filesChanged(view);
        for (const name of ["notes.md", "data.txt", "keep.txt"]) await review.row(name).waitFor({ timeout: 20_000 });
        assert.equal(files().keep, undefined);
        assert.equal(files().notes, "rewritten by a shell command: notes.md\n");
        await review.region.getByRole("button", { name: "Undo all" }).click();
        await eventually(asBefore, "both folders as before the turn, the user's uncommitted line included");
        await screenshot(page, "e2e-checkpoint-multiroot.png");
      },
    );

    e2e.it(
      "Restore checkpoint brings both folders back to the exact bytes",
      "e2e-checkpoint-multiroot-restore",
      async ({ view }) => {
        await turn(view, "own-append notes.md the agent's line", "Edited notes.md.");
        await turn(view, "own-shell write:../plain/data.txt rm:../plain/keep.txt create:../plain/made.txt", "Ran ");
        assert.ok(files().made && files().keep === undefined);
        // Before "own-append notes.md …": after the first test's Undo all.
        const card = await openRestoreCard(view, 1);
        await card.getByText("made.txt").first().waitFor({ timeout: 20_000 });
        // The card closes as the click goes to the host: only a lost click finds the button again.
        await clickUntil(
          card.getByRole("button", { name: "Restore", exact: true }),
          asBefore,
          "both folders as before the first of the two turns",
        );
        await view.log.getByRole("button", { name: "Redo" }).waitFor({ timeout: 15_000 });
      },
    );
  },
);
