/**
 * The journal's appends go through one reused buffer (appendUtf8.ts). The contract is
 * `appendFile`'s: every byte of every append reaches the end of its file, in order, whatever the
 * characters, the sizes and how many appends to other files are in flight at the same time.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { appendUtf8 } from "../../src/acp/journal/appendUtf8";
import { errorCode } from "../../src/acp/platform/errorCode";

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "append-utf8-"));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text of any characters (lone surrogates aside: UTF-8 can't hold them), now and then long. */
const textArb = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "é", "語", "😀", "\n"), fc.integer({ min: 1, max: 400_000 }))
      .map(([unit, times]) => unit.repeat(times)),
  },
);

test("appends reach their files whole and in order, with several files written at once", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), textArb), { minLength: 1, maxLength: 12 }),
      async (appends) =>
        withDir(async (dir) => {
          const expected = ["", "", ""];
          // Each file's appends in order, the files' chains running at the same time (as the
          // journal's writers do: one chain per conversation).
          const chains = [Promise.resolve(), Promise.resolve(), Promise.resolve()];
          for (const [file, text] of appends) {
            expected[file] += text;
            chains[file] = chains[file]!.then(() => appendUtf8(join(dir, `${file}.jsonl`), text));
          }
          await Promise.all(chains);
          for (let file = 0; file < 3; file++) {
            const written = await readFile(join(dir, `${file}.jsonl`), "utf8").catch((error: unknown) => {
              if (errorCode(error) === "ENOENT" && expected[file] === "") return "";
              throw error;
            });
            assert.equal(written, expected[file], `file ${file}`);
          }
        }),
    ),
    { numRuns: 40 },
  );
});

test("an append to a file that exists adds to its end; to a missing folder it fails and writes nothing", async () => {
  await withDir(async (dir) => {
    const path = join(dir, "k.jsonl");
    await appendUtf8(path, "first\n");
    await appendUtf8(path, `${"語".repeat(300_000)}\n`); // 900 KB
    await appendUtf8(path, `${"😀".repeat(200_000)}\n`); // 800 KB in 400 K UTF-16 units: more than the buffer
    await appendUtf8(path, "");
    await appendUtf8(path, "last\n");
    assert.equal(await readFile(path, "utf8"), `first\n${"語".repeat(300_000)}\n${"😀".repeat(200_000)}\nlast\n`);
    await assert.rejects(appendUtf8(join(dir, "missing", "k.jsonl"), "x"), (error) => errorCode(error) === "ENOENT");
    // The buffer is free again after the failure: the next append is whole.
    await appendUtf8(path, "after\n");
    assert.ok((await readFile(path, "utf8")).endsWith("last\nafter\n"));
  });
});
