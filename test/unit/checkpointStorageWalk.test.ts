/**
 * Summing the checkpoints' storage (checkpointStorage.ts `folderBytes`, run after every turn's
 * checkpoint) leaves room on libuv's thread pool, which the whole extension host shares: other
 * work queued there meanwhile (zlib here, as a remote window's connection compresses each message)
 * goes on while the walk runs, not after thousands of queued file requests.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflate } from "node:zlib";
import { folderBytes } from "../../src/acp/checkpoints/checkpointStorage";
import { scratchDir } from "../support/scratchDir";

/** A shadow repository's shape: objects/xx/ folders of small loose object files. */
function looseObjects(folders: number, perFolder: number): { root: string; bytes: number } {
  const root = scratchDir("acp-checkpoint-walk-");
  let bytes = 0;
  for (let f = 0; f < folders; f++) {
    const dir = join(root, "objects", f.toString(16).padStart(2, "0"));
    mkdirSync(dir, { recursive: true });
    for (let o = 0; o < perFolder; o++) {
      writeFileSync(join(dir, `o${o}`), Buffer.alloc(50 + o));
      bytes += 50 + o;
    }
  }
  return { root, bytes };
}

const compress = (payload: Buffer) => new Promise<void>((resolve) => deflate(payload, () => resolve()));

test("while the storage of 3,000 loose objects is summed, other thread-pool work keeps going", async () => {
  const { root, bytes } = looseObjects(150, 20);
  const payload = Buffer.alloc(2_000, 65);
  let done = false;
  const walking = folderBytes(root).then((total) => {
    done = true;
    return total;
  });
  let compressed = 0;
  while (!done) {
    await compress(payload);
    compressed += 1;
  }
  assert.equal(await walking, bytes);
  // A walk that queues every request at once lets one or two through before it ends (it fills
  // the pool's queue with 3,000 requests); one request at a time leaves a thread free throughout.
  assert.ok(compressed >= 50, `only ${compressed} compressions finished while the walk ran`);
});
