/**
 * git is never started by bare name from the workspace (issue 26, item 8): the review once ran
 * `execFile("git", …, { cwd: dirname(path) })`, so a `git` planted in the repository (Windows
 * searches the working directory first; here a relative `PATH` entry does the same) ran as the user.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AgentFileChanges } from "../../src/acp/sessions/agentFileChanges";
import { ChangeReview } from "../../src/acp/sessions/changeReview";
import { DiskFiles } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";

test("a change seen in a folder with a planted git never runs it", { skip: process.platform === "win32" }, async () => {
  const dir = realpathSync(scratchDir("acp-planted-git-"));
  const marker = join(dir, "planted-git-ran");
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "git"), `#!/bin/sh\ntouch '${marker}'\necho ${dir}\n`, { mode: 0o755 });
  writeFileSync(join(dir, "src", "notes.md"), "the agent changed this\n");
  const review = new ChangeReview(() => undefined, new DiskFiles());
  const changes = new AgentFileChanges(
    () => review,
    undefined,
    () => [dir],
  );
  const path = process.env.PATH;
  process.env.PATH = `.:${path ?? ""}`;
  try {
    await changes.changed(join(dir, "src", "notes.md"), false);
    await changes.deleted(join(dir, "src", "gone.md"));
  } finally {
    process.env.PATH = path;
  }
  assert.equal(existsSync(marker), false, "the repository's own git ran");
});
