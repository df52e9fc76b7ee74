import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/acp/atomicWrite";

test("writes through a temporary file, creating folders, leaving no temp behind", async () => {
  const dir = mkdtempSync(join(tmpdir(), "acp-atomic-"));
  const path = join(dir, "a/b/c.txt");
  await writeFileAtomic(path, "héllo");
  assert.equal(readFileSync(path, "utf8"), "héllo");
  assert.deepEqual(readdirSync(join(dir, "a/b")), ["c.txt"]);
});

test("replaces an existing file whole and keeps its mode", async () => {
  const dir = mkdtempSync(join(tmpdir(), "acp-atomic-"));
  const path = join(dir, "run.sh");
  writeFileSync(path, "old content that is longer than the new one");
  chmodSync(path, 0o755);
  await writeFileAtomic(path, "new");
  assert.equal(readFileSync(path, "utf8"), "new");
  assert.equal(statSync(path).mode & 0o777, 0o755);
});
