/**
 * "Files changed" against the turn's checkpoint (issue 25), through a chat session with the fake
 * agent, a real folder and node's watcher: an own-tool edit of a file with uncommitted user
 * changes counts and undoes only the agent's line; shell removals and creations are undone; a
 * folder outside git works the same.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { Cleanup } from "../support/hostHarness";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";
import { trackedChat } from "../support/trackedChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function reviewChat(dir: string) {
  const checkpoints = new WorkspaceCheckpoints({
    git: gitOnPath(dir),
    storage: scratchDir("acp-checkpoint-storage-"),
    folders: () => [dir],
  });
  const { chat, tracker } = await trackedChat(cleanup, dir, checkpoints);
  const change = (name: string) => chat.store.state.thread.changes.find((c) => c.path === join(dir, name));
  return { chat, tracker, change };
}

function gitRepo(): string {
  const dir = realpathSync(scratchDir("acp-checkpoint-review-"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir });
  git("init", "-q");
  git("config", "user.email", "u@example.invalid");
  git("config", "user.name", "U");
  writeFileSync(join(dir, "notes.md"), "committed line\n");
  git("add", ".");
  git("commit", "-qm", "init");
  return dir;
}

test("an own-tool edit of a file with uncommitted user changes: only the agent's line counts, and Undo keeps the user's edit", async () => {
  const dir = gitRepo();
  writeFileSync(join(dir, "notes.md"), "committed line\nthe user's uncommitted line\n");
  const { chat, change, tracker } = await reviewChat(dir);
  await chat.prompt("own-append notes.md the agent's line");
  await waitFor(
    () => change("notes.md"),
    (c) => c !== undefined,
    "notes.md in Files changed",
  );
  await tracker.whenSettled();
  const listed = change("notes.md");
  assert.deepEqual([listed?.additions, listed?.deletions, listed?.undoable], [1, 0, true]);
  await chat.review?.undo(join(dir, "notes.md"));
  assert.equal(readFileSync(join(dir, "notes.md"), "utf8"), "committed line\nthe user's uncommitted line\n");
});

test("outside git: a shell `rm` and a created file are both listed and undone", async () => {
  const dir = realpathSync(scratchDir("acp-checkpoint-plain-"));
  writeFileSync(join(dir, "keep.txt"), "precious bytes\n");
  const { chat, change, tracker } = await reviewChat(dir);
  await chat.prompt("own-shell rm:keep.txt create:made.txt");
  await waitFor(
    () => [change("keep.txt"), change("made.txt")],
    (c) => c.every(Boolean),
    "both files in Files changed",
  );
  await tracker.whenSettled();
  assert.equal(change("keep.txt")?.undoable, true, "the removal can be undone");
  assert.equal(change("made.txt")?.created, true);
  await chat.review?.undo(join(dir, "keep.txt"));
  await chat.review?.undo(join(dir, "made.txt"));
  assert.equal(readFileSync(join(dir, "keep.txt"), "utf8"), "precious bytes\n");
  assert.equal(existsSync(join(dir, "made.txt")), false);
});
