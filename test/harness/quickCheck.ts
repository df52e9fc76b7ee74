/**
 * The test step of `npm run check`, the quick loop before a commit: the unit tests and the webview
 * tests that need no browser, less the slow files named in slowTests.ts (`npm test` runs every file,
 * each in a process of its own). The files are dealt round-robin to two processes per core
 * (testShard.ts), and each process's report is printed when it ends.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./paths";
import { SLOW_TESTS } from "./slowTests";

/** Where `check` looks, and which names count: the same files `test:unit` and `check` ran one by one. */
const SOURCES: readonly { readonly dir: string; readonly suffix: string }[] = [
  { dir: "test/unit", suffix: ".test.ts" },
  { dir: "test/unit/worktrees", suffix: ".test.ts" },
  { dir: "test/webview", suffix: ".node.test.ts" },
];

export function checkedFiles(): { readonly quick: string[]; readonly slow: string[] } {
  const all = SOURCES.flatMap(({ dir, suffix }) =>
    readdirSync(join(repoRoot, dir))
      .filter((name) => name.endsWith(suffix))
      .sort()
      .map((name) => `${dir}/${name}`),
  );
  return { quick: all.filter((file) => !(file in SLOW_TESTS)), slow: all.filter((file) => file in SLOW_TESTS) };
}

function runShard(files: readonly string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        `--test-reporter=${process.env.CHECK_REPORTER ?? "spec"}`,
        "test/harness/testShard.ts",
        ...files,
      ],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code, signal) => {
      resolveRun({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

async function main(): Promise<void> {
  const { quick, slow } = checkedFiles();
  // Two per core: a shard waiting on a timer or a child process leaves its core to another.
  const shards = Number(process.env.CHECK_SHARDS ?? 2 * availableParallelism());
  const dealt = Array.from({ length: shards }, (_, shard) => quick.filter((_file, index) => index % shards === shard));
  const started = performance.now();
  const results = await Promise.all(
    dealt.map(async (files) => {
      const result = await runShard(files);
      process.stdout.write(result.output);
      return result;
    }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const failed = results.filter((result) => result.code !== 0).length;
  console.log(
    `check: ${quick.length} test files in ${shards} processes, ${seconds} s; ${slow.length} slow files are left to npm test (test/harness/slowTests.ts)`,
  );
  if (failed > 0) {
    console.log(`check: ${failed} of ${shards} processes failed; their reports are above`);
    process.exitCode = 1;
  }
}

if (process.argv[1]?.endsWith("quickCheck.ts")) void main();
