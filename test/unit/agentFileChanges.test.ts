/**
 * The change watcher's reader: only regular files, only up to the cap, never blocking on a FIFO
 * (a blocked read holds one of libuv's four thread-pool threads; four stall all file I/O).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, constants, openSync, closeSync, symlinkSync, writeFileSync } from "node:fs";
import * as fsp from "node:fs/promises";
import { join } from "node:path";
import { AgentFileChanges, readChangedFile, type ChangedFileIo } from "../../src/acp/sessions/agentFileChanges";
import { ChangeReview } from "../../src/acp/sessions/changeReview";
import { DiskFiles } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";

const dir = () => scratchDir("acp-changes-");
const posix = process.platform !== "win32";

/**
 * Real file system calls, counting opens and the bytes that come back from any read (`readFile`
 * too: the reader once used it).
 */
function countingIo(options: { afterLstat?: (path: string) => void; afterFstat?: (path: string) => void } = {}) {
  const seen = { opened: [] as string[], bytesRead: 0 };
  const io: ChangedFileIo & { readFile(path: string): Promise<Buffer> } = {
    lstat: async (path: string) => {
      const info = await fsp.lstat(path);
      options.afterLstat?.(path);
      return info;
    },
    open: async (path: string, flags: number) => {
      seen.opened.push(path);
      const handle = await fsp.open(path, flags);
      const stat = handle.stat.bind(handle);
      (handle as unknown as { stat: () => Promise<unknown> }).stat = async () => {
        const info = await stat();
        options.afterFstat?.(path);
        return info;
      };
      const read = handle.read.bind(handle) as (...args: unknown[]) => Promise<{ bytesRead: number; buffer: Buffer }>;
      (handle as unknown as { read: typeof read }).read = async (...args: unknown[]) => {
        const result = await read(...args);
        seen.bytesRead += result.bytesRead;
        return result;
      };
      return handle;
    },
    readFile: async (path: string) => {
      seen.opened.push(path);
      const bytes = await fsp.readFile(path);
      seen.bytesRead += bytes.length;
      return bytes;
    },
  };
  return { io, seen };
}

/** Settles with the reader's answer, or "blocked" if it has not answered within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | "blocked"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"blocked">((resolve) => (timer = setTimeout(() => resolve("blocked"), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

test("a FIFO is never opened: the reader answers at once", { skip: !posix && "no mkfifo" }, async () => {
  const fifo = join(dir(), "pipe");
  execFileSync("mkfifo", [fifo]);
  const { io, seen } = countingIo();
  const answer = await within(readChangedFile(fifo, 1024, io), 5000);
  // Unblock a reader stuck in open() (the old behaviour), so the test process can end.
  if (answer === "blocked") closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  assert.equal(answer, undefined);
  assert.deepEqual(seen.opened, []);
});

test("a file over the cap is not read at all", async () => {
  const path = join(dir(), "big.txt");
  writeFileSync(path, "a".repeat(64 * 1024));
  const { io, seen } = countingIo();
  assert.equal(await readChangedFile(path, 1024, io), undefined);
  assert.equal(seen.bytesRead, 0);
});

test("a file that grows after the size checks is read only up to the cap", async () => {
  const grow = (path: string) => appendFileSync(path, "b".repeat(256 * 1024));
  for (const when of ["afterLstat", "afterFstat"] as const) {
    const path = join(dir(), "growing.txt");
    writeFileSync(path, "small");
    const { io, seen } = countingIo({ [when]: grow });
    assert.equal(await readChangedFile(path, 1024, io), undefined, when);
    assert.ok(seen.bytesRead <= 1025, `${when}: ${seen.bytesRead} bytes were read`);
  }
});

test(
  "symlinks and folders are not read; a small text file is",
  { skip: !posix && "symlinks need rights on Windows" },
  async () => {
    const root = dir();
    const secret = join(root, "outside.txt");
    writeFileSync(secret, "secret");
    symlinkSync(secret, join(root, "link.txt"));
    const { io, seen } = countingIo();
    assert.equal(await readChangedFile(join(root, "link.txt"), 1024, io), undefined);
    assert.equal(await readChangedFile(root, 1024, io), undefined);
    assert.deepEqual(seen.opened, []);
    assert.equal(await readChangedFile(secret, 1024, io), "secret");
  },
);

test(
  "the review lists a created text or binary file (shown as binary), but never opens a FIFO",
  { skip: !posix && "no mkfifo" },
  async () => {
    const root = dir();
    const recorded: string[] = [];
    const review = new ChangeReview(
      (action) => action.type === "review/recorded" && recorded.push(action.path),
      new DiskFiles(),
    );
    const changes = new AgentFileChanges(() => review);
    execFileSync("mkfifo", [join(root, "pipe")]);
    writeFileSync(join(root, "binary.bin"), Buffer.from([1, 0, 2]));
    writeFileSync(join(root, "notes.md"), "hello\n");
    const answer = await within(
      Promise.all(["pipe", "binary.bin", "notes.md"].map((name) => changes.changed(join(root, name), true))),
      5000,
    );
    if (answer === "blocked") closeSync(openSync(join(root, "pipe"), constants.O_WRONLY | constants.O_NONBLOCK));
    assert.notEqual(answer, "blocked");
    assert.deepEqual(recorded.sort(), [join(root, "binary.bin"), join(root, "notes.md")]);
  },
);

test("a workspace inside a folder named like a build or cache folder (out, dist, .cache) still has its changes listed", async () => {
  // Only folders inside the workspace are skipped: VS Code's storage (where the panel's worktrees
  // live) is under ~/.cache for code-server, and projects live under ~/out or ~/dist too.
  for (const parent of ["out", "dist", ".cache", "node_modules"]) {
    const root = join(dir(), parent, "project");
    await fsp.mkdir(join(root, "dist"), { recursive: true });
    const recorded: string[] = [];
    const review = new ChangeReview(
      (action) => action.type === "review/recorded" && recorded.push(action.path),
      new DiskFiles(),
    );
    const changes = new AgentFileChanges(
      () => review,
      undefined,
      () => [root],
    );
    writeFileSync(join(root, "notes.md"), "hello\n");
    writeFileSync(join(root, "dist", "bundle.js"), "built\n");
    await changes.changed(join(root, "notes.md"), true);
    await changes.changed(join(root, "dist", "bundle.js"), true);
    await changes.reported(join(root, "notes.md"));
    assert.deepEqual(
      recorded,
      [join(root, "notes.md")],
      `a project under ${parent}/: its file listed, its own dist/ not`,
    );
  }
});
