/**
 * A file inside a nested repository (a clone or submodule inside the workspace folder) is not in
 * the checkpoint (the shadow repository leaves nested repositories out). It must be "not known",
 * never "did not exist": else an agent's edit of it is listed as a file the agent created, and
 * Undo deletes the user's file (security round three review).
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { Cleanup } from "../support/hostHarness";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";
import { trackedChat } from "../support/trackedChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** A workspace folder holding `vendor/` (a repository with a commit) and `fresh/` (one without). */
function folderWithNestedRepositories(): string {
  const dir = realpathSync(scratchDir("acp-checkpoint-nested-"));
  for (const [name, commit] of [
    ["vendor", true],
    ["fresh", false],
  ] as const) {
    const nested = join(dir, name);
    mkdirSync(nested);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: nested });
    git("init", "-q");
    writeFileSync(join(nested, "lib.c"), `the user's ${name} code\n`);
    if (commit) {
      git("add", ".");
      git("-c", "user.email=u@example.invalid", "-c", "user.name=U", "commit", "-qm", "init");
    }
  }
  writeFileSync(join(dir, "top.txt"), "top\n");
  return dir;
}

function checkpointsOf(dir: string): WorkspaceCheckpoints {
  return new WorkspaceCheckpoints({
    git: gitOnPath(dir),
    storage: scratchDir("acp-checkpoint-storage-"),
    folders: () => [dir],
  });
}

test("a file inside a nested repository is not known to the checkpoint, never absent", async () => {
  const dir = folderWithNestedRepositories();
  const checkpoints = checkpointsOf(dir);
  const cp = await checkpoints.take("turn");
  for (const name of ["vendor", "fresh"]) {
    const held = await checkpoints.fileAt(cp, join(dir, name, "lib.c"));
    assert.ok(typeof held === "object" && "unknown" in held, `${name}/lib.c: ${JSON.stringify(held)}`);
    assert.match(held.unknown, /nested repository/);
  }
  assert.equal(await checkpoints.fileAt(cp, join(dir, "never.txt")), "absent");
});

test("an agent's own-tool edit of a file in a nested repository is not listed as created, and Undo never deletes it", async () => {
  const dir = folderWithNestedRepositories();
  const { chat, tracker } = await trackedChat(cleanup, dir, checkpointsOf(dir));
  const path = join(dir, "vendor", "lib.c");
  await chat.prompt("own-append vendor/lib.c the agent's line");
  await waitFor(
    () => chat.store.state.thread.changes.find((c) => c.path === path),
    (c) => c !== undefined,
    "vendor/lib.c in Files changed",
  );
  await tracker.whenSettled();
  const listed = chat.store.state.thread.changes.find((c) => c.path === path);
  assert.equal(listed?.created, false, "not a file the agent created");
  assert.equal(listed?.undoable, false, "its previous content is not known");
  await chat.review?.undo(path).catch(() => undefined);
  assert.equal(readFileSync(path, "utf8"), "the user's vendor code\nthe agent's line\n");
});
