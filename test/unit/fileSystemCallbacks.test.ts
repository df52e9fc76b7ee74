/** fs/read_text_file and fs/write_text_file at the port level: buffers, lines, errors, consent. */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  existsSync,
  realpathSync,
  renameSync,
  symlinkSync,
  truncateSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileSystemCallbacks, type FileWrite } from "../../src/acp/client/callbacks/fileSystemCallbacks";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";

const signal = new AbortController().signal;

function setup(consent = new ScriptedConsent(), maxReadBytes?: number) {
  const root = realpathSync(scratchDir("acp-fs-"));
  const files = new DiskFiles();
  const writes: FileWrite[] = [];
  const fs = fileSystemCallbacks({
    agent: "A",
    roots: () => [root],
    files,
    consent,
    onWrite: (w) => writes.push(w),
    ...(maxReadBytes ? { maxReadBytes } : {}),
  });
  return { root, files, fs, writes, consent };
}

test("reads the unsaved editor buffer before the disk", async () => {
  const { root, files, fs } = setup();
  const path = join(root, "a.txt");
  await writeFile(path, "on disk\n");
  files.buffers.set(path, { text: "unsaved edit\n", dirty: true });
  assert.deepEqual(await fs.readTextFile({ sessionId: "s", path }, signal), { content: "unsaved edit\n" });
});

test("honours line (1-based) and limit", async () => {
  const { root, fs } = setup();
  const path = join(root, "lines.txt");
  await writeFile(path, "one\ntwo\nthree\nfour\nfive\n");
  assert.equal(
    (await fs.readTextFile({ sessionId: "s", path, line: 2, limit: 3 }, signal)).content,
    "two\nthree\nfour\n",
  );
  assert.equal((await fs.readTextFile({ sessionId: "s", path, line: 5 }, signal)).content, "five\n");
});

test("a missing file is -32002 resource not found", async () => {
  const { root, fs } = setup();
  await assert.rejects(
    fs.readTextFile({ sessionId: "s", path: join(root, "nope.txt") }, signal),
    (error: { code?: number }) => error.code === -32002,
  );
});

test("a file over the read cap gets a clear error", async () => {
  const { root, fs } = setup(undefined, 100);
  const path = join(root, "big.txt");
  await writeFile(path, "x".repeat(101));
  await assert.rejects(fs.readTextFile({ sessionId: "s", path }, signal), /larger than 100 bytes/);
});

test("writes create missing folders and record before/after", async () => {
  const { root, fs, writes } = setup();
  const path = join(root, "deep/er/new.txt");
  await fs.writeTextFile({ sessionId: "s", path, content: "hello" }, signal);
  assert.equal(readFileSync(path, "utf8"), "hello");
  assert.deepEqual(writes, [{ sessionId: "s", path, before: undefined, after: "hello" }]);
});

test("a write outside the workspace is refused unless the user consents", async () => {
  const outside = realpathSync(scratchDir("acp-outside-"));
  const denied = setup(new ScriptedConsent({ outside: false }));
  await assert.rejects(
    denied.fs.writeTextFile({ sessionId: "s", path: join(outside, "x.txt"), content: "no" }, signal),
    /did not allow writing outside the workspace/,
  );
  assert.equal(existsSync(join(outside, "x.txt")), false);
  assert.deepEqual(denied.consent.asked, [`outside ${join(outside, "x.txt")}`], "consent was asked, never silent");
  const allowed = setup(new ScriptedConsent({ outside: true }));
  await allowed.fs.writeTextFile({ sessionId: "s", path: join(outside, "y.txt"), content: "ok" }, signal);
  assert.equal(readFileSync(join(outside, "y.txt"), "utf8"), "ok");
});

test("a buffer with unsaved user edits is not clobbered without asking", async () => {
  const { root, files, fs, consent } = setup(new ScriptedConsent({ unsaved: false }));
  const path = join(root, "dirty.txt");
  await writeFile(path, "disk");
  files.buffers.set(path, { text: "user typing", dirty: true });
  await assert.rejects(fs.writeTextFile({ sessionId: "s", path, content: "agent" }, signal), /unsaved changes/);
  assert.equal(files.buffers.get(path)?.text, "user typing");
  assert.deepEqual(consent.asked, [`unsaved ${path}`]);
});

test("line 1, limit 2 of a 50 MiB file answers the two lines instead of refusing the whole file", async () => {
  const { root, fs } = setup();
  const path = join(root, "big.log");
  await writeFile(path, "first\nsecond\nthird\n");
  truncateSync(path, 50 * 1024 * 1024);
  assert.deepEqual(await fs.readTextFile({ sessionId: "s", path, line: 1, limit: 2 }, signal), {
    content: "first\nsecond\n",
  });
});

test("a file whose size is over the cap is refused from its size, before it is read", async () => {
  const { root, fs } = setup();
  const path = join(root, "huge.bin");
  await writeFile(path, "");
  // 3 GiB (sparse): reading it whole would fail with Node's own 2 GiB error, or exhaust memory.
  truncateSync(path, 3 * 1024 * 1024 * 1024);
  await assert.rejects(
    fs.readTextFile({ sessionId: "s", path }, signal),
    /larger than 10485760 bytes; read it in parts/,
  );
});

test("the whole-file read of the disk is never used by fs/read_text_file (counting port)", async () => {
  const { root, files, fs } = setup(undefined, 100);
  let wholeReads = 0;
  const readDisk = files.readDisk.bind(files);
  files.readDisk = async (path: string) => ((wholeReads += 1), readDisk(path));
  const path = join(root, "big.txt");
  await writeFile(path, "x".repeat(101));
  await assert.rejects(fs.readTextFile({ sessionId: "s", path }, signal), /larger than 100 bytes/);
  assert.equal(wholeReads, 0);
});

test("an open buffer keeps priority for line/limit reads, and a part over the cap is refused", async () => {
  const { root, files, fs } = setup(undefined, 10);
  const path = join(root, "open.txt");
  await writeFile(path, "disk\n");
  files.buffers.set(path, { text: "a\nb\nc\n" + "y".repeat(50) + "\n", dirty: true });
  assert.equal((await fs.readTextFile({ sessionId: "s", path, line: 2, limit: 2 }, signal)).content, "b\nc\n");
  await assert.rejects(
    fs.readTextFile({ sessionId: "s", path, line: 4, limit: 1 }, signal),
    /part of the file .* larger than 10 bytes/,
  );
});

test("a folder swapped for a link while the consent prompt is open is refused, nothing lands behind the link", async () => {
  const outside = realpathSync(scratchDir("acp-outside-"));
  const elsewhere = realpathSync(scratchDir("acp-elsewhere-"));
  mkdirSync(join(outside, "sub"));
  const consent = new ScriptedConsent({ outside: true });
  const ask = consent.allowWriteOutsideWorkspace.bind(consent);
  consent.allowWriteOutsideWorkspace = async (agent, path, noFolder) => {
    renameSync(join(outside, "sub"), join(outside, "sub-moved"));
    symlinkSync(elsewhere, join(outside, "sub"));
    return ask(agent, path, noFolder);
  };
  const { fs } = setup(consent);
  await assert.rejects(
    fs.writeTextFile({ sessionId: "s", path: join(outside, "sub", "x.txt"), content: "payload" }, signal),
    /changed while writing/,
  );
  assert.deepEqual(readdirSync(elsewhere), []);
});
