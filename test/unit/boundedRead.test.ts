/** The bounded reader behind fs/read_text_file: size checked before reading, `line`/`limit` streamed. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readBounded, readTextBounded, type ByteSource } from "../../src/acp/client/callbacks/boundedRead";
import { sliceLines } from "../../src/acp/client/callbacks/fileSystemCallbacks";
import { scratchDir } from "../support/scratchDir";

const MiB = 1024 * 1024;

/** A virtual file of `size` bytes: `head`, then newline-free filler; counts every byte handed out. */
function countingSource(size: number, head = ""): ByteSource & { bytesRead: number } {
  const headBytes = Buffer.from(head, "utf8");
  const source = {
    bytesRead: 0,
    async size() {
      return size;
    },
    async read(buffer: Buffer, position: number) {
      const n = Math.max(0, Math.min(buffer.length, size - position));
      for (let i = 0; i < n; i++) buffer[i] = position + i < headBytes.length ? headBytes[position + i]! : 0x78;
      source.bytesRead += n;
      return n;
    },
  };
  return source;
}

function bufferSource(text: string): ByteSource {
  const bytes = Buffer.from(text, "utf8");
  return {
    async size() {
      return bytes.length;
    },
    async read(buffer, position) {
      return bytes.copy(buffer, 0, position, Math.min(bytes.length, position + buffer.length));
    },
  };
}

test("a file over the limit without line/limit is refused before a single byte is read", async () => {
  const source = countingSource(11 * MiB);
  assert.deepEqual(await readBounded(source, {}, 10 * MiB), { kind: "too-large", part: false });
  assert.equal(source.bytesRead, 0);
});

test("line 1, limit 2 of a 50 MiB file reads one chunk, not the file", async () => {
  const source = countingSource(50 * MiB, "one\ntwo\nthree\n");
  assert.deepEqual(await readBounded(source, { line: 1, limit: 2 }, 10 * MiB), { kind: "text", text: "one\ntwo\n" });
  assert.ok(source.bytesRead <= 64 * 1024, `read ${source.bytesRead} bytes`);
});

test("a part larger than the limit is refused once the limit is passed, not after reading everything", async () => {
  const source = countingSource(50 * MiB, "one\n");
  assert.deepEqual(await readBounded(source, { line: 2, limit: 1 }, 1 * MiB), { kind: "too-large", part: true });
  assert.ok(source.bytesRead <= 1 * MiB + 64 * 1024, `read ${source.bytesRead} bytes`);
});

test("a file that grows past the limit after stat is still cut at the limit", async () => {
  const source = countingSource(20);
  const lying: ByteSource = { size: async () => 5, read: (buffer, position) => source.read(buffer, position) };
  assert.deepEqual(await readBounded(lying, {}, 10), { kind: "too-large", part: false });
});

test("same lines as slicing the whole text, across chunk boundaries, CRLF and multi-byte characters", async () => {
  const pieces = ["a", "é", "漢字", "\n", "\r\n", "", "🙂", "xyz"];
  let seed = 7;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let round = 0; round < 300; round++) {
    const text = Array.from({ length: random(40) }, () => pieces[random(pieces.length)]).join("");
    const line = random(3) === 0 ? undefined : random(8);
    const limit = random(3) === 0 ? undefined : random(6) - 1;
    const chunkBytes = 1 + random(7);
    const got = await readBounded(bufferSource(text), { line, limit }, 1000, chunkBytes);
    assert.deepEqual(
      got,
      { kind: "text", text: sliceLines(text, line, limit) },
      JSON.stringify({ text, line, limit, chunkBytes }),
    );
  }
});

test("on disk: a 50 MiB sparse file read with line 1, limit 2 answers at once; a missing file is undefined", async () => {
  const dir = scratchDir("acp-bounded-");
  const path = join(dir, "big.log");
  writeFileSync(path, "first\nsecond\nthird\n");
  truncateSync(path, 50 * MiB);
  const before = process.memoryUsage().arrayBuffers;
  assert.deepEqual(await readTextBounded(path, { line: 1, limit: 2 }, 10 * MiB), {
    kind: "text",
    text: "first\nsecond\n",
  });
  assert.ok(process.memoryUsage().arrayBuffers - before < 5 * MiB, "memory stays bounded");
  assert.deepEqual(await readTextBounded(path, {}, 10 * MiB), { kind: "too-large", part: false });
  assert.equal(await readTextBounded(join(dir, "nope.txt"), {}, 10 * MiB), undefined);
});

test(
  "a FIFO swapped in after the path check is refused at once, without blocking on open",
  { skip: process.platform === "win32" },
  async () => {
    const dir = scratchDir("acp-bounded-");
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    await assert.rejects(readTextBounded(fifo, {}, 10 * MiB), /not a regular file/);
  },
);
