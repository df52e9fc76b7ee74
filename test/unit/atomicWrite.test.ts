import { test } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
  chmodSync,
} from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/acp/client/callbacks/atomicWrite";
import { scratchDir } from "../support/scratchDir";

test("writes through a temporary file, creating folders, leaving no temp behind", async () => {
  const dir = scratchDir("acp-atomic-");
  const path = join(dir, "a/b/c.txt");
  await writeFileAtomic(path, "héllo");
  assert.equal(readFileSync(path, "utf8"), "héllo");
  assert.deepEqual(readdirSync(join(dir, "a/b")), ["c.txt"]);
});

test("replaces an existing file whole and keeps its mode", async () => {
  const dir = scratchDir("acp-atomic-");
  const path = join(dir, "run.sh");
  writeFileSync(path, "old content that is longer than the new one");
  chmodSync(path, 0o755);
  await writeFileAtomic(path, "new");
  assert.equal(readFileSync(path, "utf8"), "new");
  assert.equal(statSync(path).mode & 0o777, 0o755);
});

test("a parent folder swapped for a symlink to outside between the check and the rename is refused (TOCTOU)", async () => {
  const root = realpathSync(scratchDir("acp-atomic-"));
  const outside = realpathSync(scratchDir("acp-atomic-out-"));
  mkdirSync(join(root, "docs"));
  const path = join(root, "docs", "notes.md");
  // Deterministic race: right before the rename, the folder is moved away and replaced by a link outside.
  const swap = async () => {
    renameSync(join(root, "docs"), join(root, "docs-moved"));
    symlinkSync(outside, join(root, "docs"));
  };
  await assert.rejects(writeFileAtomic(path, "payload", { beforeRename: swap }), /changed while writing/);
  assert.deepEqual(readdirSync(outside), [], "nothing landed outside");
});

test("an ancestor swapped for a symlink is refused too", async () => {
  const root = realpathSync(scratchDir("acp-atomic-"));
  const outside = realpathSync(scratchDir("acp-atomic-out-"));
  mkdirSync(join(root, "a/b"), { recursive: true });
  mkdirSync(join(outside, "b"));
  const swap = async () => {
    renameSync(join(root, "a"), join(root, "a-moved"));
    symlinkSync(outside, join(root, "a"));
  };
  await assert.rejects(
    writeFileAtomic(join(root, "a/b/x.txt"), "payload", { beforeRename: swap }),
    /changed while writing/,
  );
  assert.deepEqual(readdirSync(join(outside, "b")), []);
});

test("a parent that was already a symlink before the write is not what the re-check is about: the write follows it", async () => {
  // The workspace check (resolveAgentPath) resolves links first; writeFileAtomic only guards against a change mid-write.
  const root = realpathSync(scratchDir("acp-atomic-"));
  const target = realpathSync(scratchDir("acp-atomic-target-"));
  symlinkSync(target, join(root, "linked"));
  await writeFileAtomic(join(root, "linked", "f.txt"), "ok");
  assert.equal(readFileSync(join(target, "f.txt"), "utf8"), "ok");
});

test("with resolved: true, a folder that became a link before the write started is refused, and no folder is created outside", async () => {
  const root = realpathSync(scratchDir("acp-atomic-"));
  const outside = realpathSync(scratchDir("acp-atomic-out-"));
  // Checked while "docs" was missing (resolved path root/docs/new/f.txt); then a link appeared (e.g. during a consent prompt).
  symlinkSync(outside, join(root, "docs"));
  await assert.rejects(
    writeFileAtomic(join(root, "docs/new/f.txt"), "payload", { resolved: true }),
    /changed while writing/,
  );
  assert.deepEqual(readdirSync(outside), [], "mkdir did not follow the link");
});
