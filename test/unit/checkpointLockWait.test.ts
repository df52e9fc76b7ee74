/**
 * Two windows on the same folder share its shadow repository: a checkpoint that finds the index
 * locked by the other window's git waits for the lock to go and is taken, rather than failing
 * (lockWait.ts). A failure that names no lock is not waited on.
 */
import * as assert from "node:assert/strict";
import { readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { heldLock, repositoryLock } from "../../src/acp/checkpoints/lockWait";
import { heldAt, loggedGit, onLinux } from "../support/loggedGit";
import { waitFor } from "../support/waitFor";

test(
  "a checkpoint that finds the index locked by another window's git is taken once the lock goes",
  onLinux,
  async () => {
    const { root, dir, checkpoints, ran, after } = await loggedGit("acp-checkpoint-lock-");
    const storage = join(root, "storage", "checkpoints");
    const lock = join(storage, readdirSync(storage)[0]!, "index.lock");
    writeFileSync(join(dir, "f1.txt"), "this window's edit\n");
    // Between this window's staging and its write-tree, the other window's git takes the index.
    after("update-index", `: > "${lock}"\n`);
    const taking = checkpoints.take("this window's turn");
    const seen: string[] = [];
    await waitFor(
      () => (seen.push(...ran()), seen),
      (lines) => lines.some((line) => line.endsWith(" write-tree")),
      "a write-tree that met the lock",
    );
    unlinkSync(lock); // the other window's git is done
    const taken = await taking;
    assert.equal(await heldAt(checkpoints, taken, join(dir, "f1.txt")), "this window's edit\n");
  },
);

test("git's message names the lock it met; other failures name none", () => {
  assert.equal(
    heldLock(
      "fatal: Unable to create '/s/checkpoints/ab/index.lock': File exists.\n\nAnother git process seems to be running in this repository",
    ),
    "/s/checkpoints/ab/index.lock",
  );
  assert.equal(heldLock("error: unable to index file 'a.txt'\nfatal: updating files failed"), undefined);
});

test("only a lock of the shadow repository, or of the call's own index, is waited for", () => {
  const met = (lock: string) => `fatal: Unable to create '${lock}': File exists.\n`;
  assert.equal(
    repositoryLock(met("/s/checkpoints/ab/index.lock"), "/s/checkpoints/ab"),
    "/s/checkpoints/ab/index.lock",
  );
  assert.equal(
    repositoryLock(met("/s/checkpoints/ab/refs/heads/x.lock"), "/s/checkpoints/ab"),
    "/s/checkpoints/ab/refs/heads/x.lock",
  );
  assert.equal(repositoryLock(met("/s/turn-index.lock"), "/s/checkpoints/ab", "/s/turn-index"), "/s/turn-index.lock");
  // A sibling repository whose name starts the same, a workspace file named in git's message, no lock.
  assert.equal(repositoryLock(met("/s/checkpoints/abc/index.lock"), "/s/checkpoints/ab"), undefined);
  assert.equal(repositoryLock(met("/work/project/index.lock"), "/s/checkpoints/ab", "/s/turn-index"), undefined);
  assert.equal(repositoryLock("fatal: updating files failed", "/s/checkpoints/ab"), undefined);
  // Windows: git writes forward slashes where the path was given with backslashes.
  assert.equal(
    repositoryLock(met("C:/s/checkpoints/ab/index.lock"), "C:\\s\\checkpoints\\ab"),
    "C:/s/checkpoints/ab/index.lock",
  );
});
