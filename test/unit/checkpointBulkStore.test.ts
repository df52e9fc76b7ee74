/**
 * How checkpoints are stored and run: the first checkpoint of a folder (the whole-folder `add`)
 * writes two pack files (two git processes, one per core) instead of a loose object per file, with the same bytes back and diffs that
 * still count lines; a checkpoint's ref is written before anything can prune it; git runs through
 * the process thread with its input, exact output and exit code.
 */
import * as assert from "node:assert/strict";
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runProcess } from "../../src/acp/checkpoints/processThread";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";

function setUp() {
  const root = scratchDir("acp-checkpoint-bulk-");
  const dir = join(root, "folder");
  mkdirSync(dir);
  const storage = join(root, "storage");
  const checkpoints = new WorkspaceCheckpoints({
    git: gitOnPath(dir),
    storage,
    folders: () => [dir],
  });
  return { dir, storage, checkpoints };
}

/** Files below `dir`, relative, with `/`. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

const BINARY = Buffer.from([0, 1, 2, 255, 13, 10, 0, 128]);

test("the first checkpoint of a folder goes into two packs: the same bytes come back, and diffs still count lines", async () => {
  const { dir, storage, checkpoints } = setUp();
  mkdirSync(join(dir, "many"));
  for (let i = 0; i < 700; i++) writeFileSync(join(dir, "many", `f${i}.txt`), `line ${i}\n`.repeat(1 + (i % 5)));
  writeFileSync(join(dir, "crlf.txt"), "a\r\nb\r\n");
  writeFileSync(join(dir, "data.bin"), BINARY);
  writeFileSync(join(dir, "empty"), "");
  writeFileSync(join(dir, "one"), "1");
  writeFileSync(join(dir, "run.sh"), "#!/bin/sh\n");
  chmodSync(join(dir, "run.sh"), 0o755);
  const first = await checkpoints.take("first");

  const objects = filesBelow(join(storage, "checkpoints")).filter((path) => /(^|\/)objects\//.test(path));
  const packs = objects.filter((path) => path.endsWith(".pack"));
  const loose = objects.filter((path) => /objects\/[0-9a-f]{2}\/[0-9a-f]{38}$/.test(path));
  assert.equal(packs.length, 2, `two packs (one per git process), not: ${packs.join(", ")}`);
  // The trees (write-tree) and the 0- and 1-byte files stay loose; the 705 other files do not.
  assert.ok(loose.length < 20, `${loose.length} loose objects`);

  for (const [name, bytes] of [
    ["crlf.txt", Buffer.from("a\r\nb\r\n")],
    ["data.bin", BINARY],
    ["empty", Buffer.alloc(0)],
    ["one", Buffer.from("1")],
    ["many/f699.txt", Buffer.from("line 699\n".repeat(5))],
  ] as const) {
    const found = await checkpoints.fileAt(first, join(dir, name));
    assert.ok(typeof found === "object" && "content" in found, name);
    assert.ok(found.content.equals(bytes), name);
  }
  const script = await checkpoints.fileAt(first, join(dir, "run.sh"));
  assert.ok(typeof script === "object" && "mode" in script && script.mode === "100755");

  writeFileSync(join(dir, "many", "f1.txt"), "line 1\nline 1\nadded\n");
  const second = await checkpoints.take("second");
  const changes = await checkpoints.diff(first, second);
  assert.deepEqual(
    changes.map(({ path, status, additions, deletions, binary }) => ({ path, status, additions, deletions, binary })),
    [{ path: "many/f1.txt", status: "modified", additions: 1, deletions: 0, binary: false }],
  );
});

test("checkpoints pruned right after the newest was taken: the newest keep their files", async () => {
  const { dir, checkpoints } = setUp();
  const taken = [];
  for (let i = 0; i < 7; i++) {
    writeFileSync(join(dir, "file.txt"), `version ${i}\n`);
    taken.push(await checkpoints.take(`turn ${i}`));
  }
  // A budget nothing fits in: the oldest are set aside (one round a prune), never the newest few.
  const dropped = [...(await checkpoints.prune(0)), ...(await checkpoints.prune(0))];
  assert.deepEqual(
    dropped.map((checkpoint) => checkpoint.label),
    ["turn 0", "turn 1"],
  );
  for (const [i, checkpoint] of taken.entries()) {
    if (i < 2) continue;
    const found = await checkpoints.fileAt(checkpoint, join(dir, "file.txt"));
    assert.ok(
      typeof found === "object" && "content" in found && found.content.toString() === `version ${i}\n`,
      `turn ${i}`,
    );
  }
});

test("a process run from the process thread gets its input and gives its exact output and exit code", async () => {
  const bytes = Buffer.alloc(300_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 256;
  const call = { cwd: process.cwd(), env: { PATH: process.env.PATH }, timeoutMs: 20_000, maxBuffer: 1 << 20 };
  const echoed = await runProcess({
    ...call,
    file: process.execPath,
    args: ["-e", "process.stdin.pipe(process.stdout)"],
    input: bytes,
  });
  assert.equal(echoed.code, undefined);
  assert.ok(echoed.stdout.equals(bytes));
  const failed = await runProcess({
    ...call,
    file: process.execPath,
    args: ["-e", "process.stderr.write('nope'); process.exit(3)"],
  });
  assert.deepEqual([failed.code, failed.stderr], [3, "nope"]);
  const missing = await runProcess({ ...call, file: join(scratchDir("acp-no-such-"), "git"), args: [] });
  assert.equal(missing.code, "ENOENT");
});
