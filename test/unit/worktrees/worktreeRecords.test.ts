/**
 * The panel's own list of its worktrees: kept across a missing or corrupt file (a corrupt one is
 * set aside, never deleted), written atomically; and the folder sizes the clean-up list shows.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WorktreeRecords, folderSize, type WorktreeRecord } from "../../../src/acp/worktrees/worktreeRecords";
import { scratchDir } from "../../support/scratchDir";

const record = (path: string, extra: Partial<WorktreeRecord> = {}): WorktreeRecord => ({
  path,
  branch: `acp/${path.slice(1)}`,
  repo: "/repo",
  baseCommit: "a".repeat(40),
  createdAt: 1_700_000_000_000,
  ...extra,
});

test("records are added, replaced by path, listed and removed; a missing file is an empty list", async () => {
  const dir = scratchDir("acp-wt-records-");
  const file = join(dir, "storage", "worktrees.json");
  const records = new WorktreeRecords(file);
  assert.deepEqual(await records.list(), []);
  await Promise.all([
    records.add(record("/one", { tabId: "tab-1", agent: "claude" })),
    records.add(record("/two")),
    records.add(record("/one", { tabId: "tab-9" })),
  ]);
  assert.deepEqual(await new WorktreeRecords(file).list(), [record("/two"), record("/one", { tabId: "tab-9" })]);
  assert.equal(await records.remove("/two"), true);
  assert.equal(await records.remove("/two"), false);
  assert.deepEqual(await records.list(), [record("/one", { tabId: "tab-9" })]);
  assert.deepEqual(readdirSync(join(dir, "storage")), ["worktrees.json"], "a temporary file was left");
});

test("a corrupt file is set aside as .corrupt-<time>, never deleted; readable entries are kept", async () => {
  const dir = scratchDir("acp-wt-corrupt-");
  const file = join(dir, "worktrees.json");
  writeFileSync(file, '[{"path": "/one", "bran');
  const records = new WorktreeRecords(file, () => 1234);
  assert.deepEqual(await records.list(), []);
  assert.equal(readFileSync(`${file}.corrupt-1234`, "utf8"), '[{"path": "/one", "bran');
  await records.add(record("/after"));
  assert.deepEqual(await records.list(), [record("/after")]);

  const mixed = JSON.stringify([record("/good"), { path: 42 }, "nonsense"]);
  writeFileSync(file, mixed);
  const later = new WorktreeRecords(file, () => 5678);
  assert.deepEqual(await later.list(), [record("/good")]);
  assert.equal(readFileSync(`${file}.corrupt-5678`, "utf8"), mixed);
  assert.deepEqual(readdirSync(dir).sort(), [
    "worktrees.json",
    "worktrees.json.corrupt-1234",
    "worktrees.json.corrupt-5678",
  ]);
});

test("folderSize counts the files' bytes, follows no link and leaves the .git file out", async (t) => {
  const dir = scratchDir("acp-wt-size-");
  const tree = join(dir, "tree");
  mkdirSync(join(tree, "sub", "deeper"), { recursive: true });
  writeFileSync(join(tree, ".git"), "gitdir: /somewhere/.git/worktrees/tree\n");
  writeFileSync(join(tree, "a.txt"), Buffer.alloc(100));
  writeFileSync(join(tree, "sub", "b.bin"), Buffer.alloc(1000));
  writeFileSync(join(tree, "sub", "deeper", "c"), Buffer.alloc(10));
  writeFileSync(join(tree, "sub", ".git"), "a nested file named .git counts\n");
  const big = join(dir, "big");
  mkdirSync(big);
  writeFileSync(join(big, "huge"), Buffer.alloc(50_000));
  if (process.platform !== "win32") symlinkSync(big, join(tree, "link-to-big"));
  else t.diagnostic("no symlink on Windows");
  assert.equal(await folderSize(tree), 100 + 1000 + 10 + "a nested file named .git counts\n".length);
  assert.equal(await folderSize(join(dir, "missing")), 0);
});
