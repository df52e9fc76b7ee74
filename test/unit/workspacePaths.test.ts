/** Path escapes: relative paths, `..`, symlinks out of the workspace, absolute paths elsewhere, device files. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resolveAgentPath } from "../../src/acp/platform/workspacePaths";
import { scratchDir } from "../support/scratchDir";

const root = realpathSync(scratchDir("acp-root-"));
const outside = realpathSync(scratchDir("acp-out-"));
mkdirSync(join(root, "src"));
writeFileSync(join(root, "src/ok.ts"), "x");
writeFileSync(join(outside, "secret.txt"), "s");
symlinkSync(join(outside, "secret.txt"), join(root, "link-to-secret"));
symlinkSync(outside, join(root, "linked-dir"));

test("a plain path inside the root is inside", async () => {
  assert.deepEqual(await resolveAgentPath(join(root, "src/ok.ts"), [root]), {
    real: join(root, "src/ok.ts"),
    exists: true,
    insideRoots: true,
  });
});

test("a new file inside the root is inside and does not exist yet", async () => {
  const resolved = await resolveAgentPath(join(root, "src/new/file.ts"), [root]);
  assert.equal(resolved.insideRoots, true);
  assert.equal(resolved.exists, false);
});

test("relative paths are rejected", async () => {
  await assert.rejects(resolveAgentPath("src/ok.ts", [root]), /must be absolute/);
  await assert.rejects(resolveAgentPath("../etc/passwd", [root]), /must be absolute/);
});

test(".. escapes are resolved before the check", async () => {
  const resolved = await resolveAgentPath(join(root, "src", "..", "..", "x.txt"), [root]);
  assert.equal(resolved.insideRoots, false);
});

test("a symlink to a file outside is outside", async () => {
  const resolved = await resolveAgentPath(join(root, "link-to-secret"), [root]);
  assert.equal(resolved.real, join(outside, "secret.txt"));
  assert.equal(resolved.insideRoots, false);
});

test("a new file under a symlinked folder that points outside is outside", async () => {
  const resolved = await resolveAgentPath(join(root, "linked-dir", "new.txt"), [root]);
  assert.equal(resolved.insideRoots, false);
});

test("absolute paths elsewhere are outside", async () => {
  assert.equal((await resolveAgentPath(join(outside, "secret.txt"), [root])).insideRoots, false);
  assert.equal(
    (await resolveAgentPath(`${root}-sibling/x`, [root])).insideRoots,
    false,
    "a sibling sharing the prefix is not inside",
  );
});

test("device files are refused", async () => {
  await assert.rejects(resolveAgentPath("/dev/null", [root, "/dev"]), /device, FIFO or socket/);
});

test("NUL bytes are refused", async () => {
  await assert.rejects(resolveAgentPath(join(root, "a\0b"), [root]), /non-empty string/);
});

test("UNC and device paths are refused before any file system call (on Windows a lookup of \\\\host\\share sends the user's NTLM hash to the host)", async () => {
  for (const path of [
    "//evil.example/share/secret.txt",
    "//?/C:/Windows/win.ini",
    "//./pipe/x",
    "\\\\evil.example\\share\\x",
  ]) {
    await assert.rejects(resolveAgentPath(path, [root]), /network \(UNC\) or device path|must be absolute/, path);
  }
  await assert.rejects(resolveAgentPath("//evil.example/share/secret.txt", [root]), /network \(UNC\) or device path/);
  // A workspace folder on a share keeps working for paths inside it (compared as text).
  const shared = await resolveAgentPath("//fileserver/team/repo/src/a.ts", ["//fileserver/team/repo"]);
  assert.equal(shared.insideRoots, true);
  await assert.rejects(resolveAgentPath("//fileserver/team/repo/../other/x", ["//fileserver/team/repo"]), /UNC/);
});
