/**
 * Workspace checkpoints over real git and real folders: a private shadow repository per folder,
 * byte-exact content, ignored and oversized files left out, the user's own repository untouched,
 * and a restore that can itself be taken back.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  unlinkSync,
} from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { findGit } from "../../src/acp/checkpoints/gitExecutable";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";

function setUp(folders = 1, maxFileBytes?: number) {
  const root = scratchDir("acp-checkpoints-");
  const storage = join(root, "storage");
  const dirs = Array.from({ length: folders }, (_, i) => {
    const dir = join(root, `folder${i}`);
    mkdirSync(dir);
    return dir;
  });
  const checkpoints = new WorkspaceCheckpoints({
    git: gitOnPath(...dirs),
    storage,
    folders: () => dirs,
    ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
  });
  return { root, storage, dirs, checkpoints };
}

test("a restore gives back the exact bytes, deletes files created since, and can be redone", async () => {
  const { dirs, checkpoints } = setUp();
  const dir = dirs[0]!;
  const crlf = Buffer.from("line one\r\nline two\r\n");
  const binary = Buffer.from([0, 1, 2, 255, 0, 10]);
  writeFileSync(join(dir, "notes.md"), crlf);
  writeFileSync(join(dir, "image.bin"), binary);
  mkdirSync(join(dir, "sub"));
  writeFileSync(join(dir, "sub", "gone.txt"), "will be deleted\n");
  const start = await checkpoints.take("turn 1");

  writeFileSync(join(dir, "notes.md"), "rewritten\n");
  writeFileSync(join(dir, "image.bin"), Buffer.from([9, 9]));
  unlinkSync(join(dir, "sub", "gone.txt"));
  writeFileSync(join(dir, "new.txt"), "created by the agent\n");
  const now = await checkpoints.take("after");
  const changes = await checkpoints.diff(start, now);
  assert.deepEqual(changes.map((c) => [c.path, c.status, c.binary]).sort(), [
    ["image.bin", "modified", true],
    ["new.txt", "added", false],
    ["notes.md", "modified", false],
    ["sub/gone.txt", "deleted", false],
  ]);

  const { before } = await checkpoints.restore(start);
  assert.deepEqual(readFileSync(join(dir, "notes.md")), crlf);
  assert.deepEqual(readFileSync(join(dir, "image.bin")), binary);
  assert.equal(readFileSync(join(dir, "sub", "gone.txt"), "utf8"), "will be deleted\n");
  assert.equal(existsSync(join(dir, "new.txt")), false);

  await checkpoints.restore(before); // Redo
  assert.equal(readFileSync(join(dir, "notes.md"), "utf8"), "rewritten\n");
  assert.equal(readFileSync(join(dir, "new.txt"), "utf8"), "created by the agent\n");
  assert.equal(existsSync(join(dir, "sub", "gone.txt")), false);
});

test("the user's own repository, index and stash are never touched; ignored and oversized files are left out", async () => {
  const { dirs, checkpoints } = setUp(1, 1024);
  const dir = dirs[0]!;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });
  git("init", "-q");
  git("config", "user.email", "u@example.invalid");
  git("config", "user.name", "U");
  writeFileSync(join(dir, ".gitignore"), "secret.env\n");
  writeFileSync(join(dir, "tracked.txt"), "committed\n");
  git("add", ".");
  git("commit", "-qm", "init");
  writeFileSync(join(dir, "tracked.txt"), "committed\nuncommitted line of the user\n");
  git("add", "tracked.txt");
  writeFileSync(join(dir, "secret.env"), "TOKEN=1\n");
  writeFileSync(join(dir, "big.log"), "x".repeat(4096));
  const statusBefore = git("status", "--porcelain=v2");
  const indexBefore = readFileSync(join(dir, ".git", "index"));
  const refsBefore = git("for-each-ref");

  const cp = await checkpoints.take("turn");
  assert.equal(git("status", "--porcelain=v2"), statusBefore);
  assert.deepEqual(readFileSync(join(dir, ".git", "index")), indexBefore);
  assert.equal(git("for-each-ref"), refsBefore);
  assert.equal(git("stash", "list"), "");

  const tracked = await checkpoints.fileAt(cp, join(dir, "tracked.txt"));
  assert.ok(typeof tracked === "object" && "content" in tracked);
  assert.equal(tracked.content.toString(), "committed\nuncommitted line of the user\n", "the working tree, not HEAD");
  const ignored = await checkpoints.fileAt(cp, join(dir, "secret.env"));
  assert.ok(typeof ignored === "object" && "unknown" in ignored && /ignored/.test(ignored.unknown));
  const big = await checkpoints.fileAt(cp, join(dir, "big.log"));
  assert.ok(typeof big === "object" && "unknown" in big && /larger than/.test(big.unknown));
  assert.equal(await checkpoints.fileAt(cp, join(dir, "never.txt")), "absent");
});

test("every folder of a multi-root workspace is checkpointed and restored", async () => {
  const { dirs, checkpoints } = setUp(2);
  writeFileSync(join(dirs[0]!, "a.txt"), "a\n");
  writeFileSync(join(dirs[1]!, "b.txt"), "b\n");
  const cp = await checkpoints.take("turn");
  writeFileSync(join(dirs[0]!, "a.txt"), "A\n");
  unlinkSync(join(dirs[1]!, "b.txt"));
  await checkpoints.restore(cp);
  assert.equal(readFileSync(join(dirs[0]!, "a.txt"), "utf8"), "a\n");
  assert.equal(readFileSync(join(dirs[1]!, "b.txt"), "utf8"), "b\n");
});

test("a restore that would overwrite unsaved editor changes is refused and writes nothing", async () => {
  const { dirs, checkpoints } = setUp();
  const file = join(dirs[0]!, "a.txt");
  writeFileSync(file, "start\n");
  const cp = await checkpoints.take("turn");
  writeFileSync(file, "agent\n");
  const writes: string[] = [];
  await assert.rejects(
    checkpoints.restore(cp, {
      write: async (p) => void writes.push(p),
      remove: async (p) => void writes.push(p),
      unsaved: () => [file],
    }),
    /unsaved/,
  );
  assert.deepEqual(writes, []);
});

test("git is found by an absolute path, never inside the workspace", async () => {
  const { root } = setUp();
  const planted = join(root, "bin");
  mkdirSync(planted);
  writeFileSync(join(planted, "git"), "#!/bin/sh\necho 'git version 99.0-planted'\n", { mode: 0o755 });
  const found = await findGit(`.:${planted}:${process.env.PATH ?? ""}`, [root]);
  assert.ok(found.path.startsWith("/") && !found.path.startsWith(root), found.path);
  assert.notEqual(found.version, "99.0-planted");
  await assert.rejects(findGit(planted, [root]), /not found/);
});

/**
 * Turn 1 planted src/authorized_keys, then the checkpoint of turn 2 is taken; in turn 2 the agent
 * replaces src/ with a link to a folder outside holding the user's own keys.
 */
async function srcSwappedForOutsideLink() {
  const { root, dirs, checkpoints } = setUp();
  const dir = dirs[0]!;
  const outside = join(root, "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "authorized_keys"), "the user's own keys\n");
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "authorized_keys"), "planted by the agent in turn 1\n");
  const cp = await checkpoints.take("turn 2");
  rmSync(join(dir, "src"), { recursive: true });
  symlinkSync(outside, join(dir, "src"));
  return { dir, outside, checkpoints, cp };
}

test("a restore never writes or deletes through a folder the agent swapped for a link to outside", async () => {
  const { dir, outside, checkpoints, cp } = await srcSwappedForOutsideLink();
  await checkpoints.restore(cp);
  assert.equal(readFileSync(join(outside, "authorized_keys"), "utf8"), "the user's own keys\n");
  assert.equal(lstatSync(join(dir, "src")).isSymbolicLink(), false, "the link created since is removed");
  assert.equal(readFileSync(join(dir, "src", "authorized_keys"), "utf8"), "planted by the agent in turn 1\n");
});

test("a link hidden from the checkpoint behind .gitignore is never written through", async () => {
  const { dir, outside, checkpoints, cp } = await srcSwappedForOutsideLink();
  writeFileSync(join(dir, ".gitignore"), "src\n");
  const { skipped } = await checkpoints.restore(cp);
  assert.equal(readFileSync(join(outside, "authorized_keys"), "utf8"), "the user's own keys\n");
  assert.deepEqual(
    skipped,
    [{ absolute: join(dir, "src", "authorized_keys"), reason: "link" }],
    "said to be not restored",
  );
});
