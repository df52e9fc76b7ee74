/**
 * `npm run bench`: runs every workload (see README.md), prints the table and one JSON line per
 * figure, and writes test/bench/results.json.
 *   --runs N        rounds (default 3)
 *   --only a,b      a subset of: sizes, bare, raw, host, processes, checkpoints, history, day, dayweb, panel, stream,
 *                   streamfloor, tools, long, longfloor, long10k (dayweb: the day's webview heap in headless Chromium, after
 *                   `node esbuild.mjs`) (`--only bare,raw,host,checkpoints`: the UI-less workloads, no code-server)
 *   --out FILE      where to write the results (default test/bench/results.json)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repoRoot } from "../harness/paths";
import { runBench, WORKLOADS, type Workload } from "./bench";
import { jsonLine, table } from "./figures";
import { runAndExit } from "./scriptExit";

export function parseArgs(argv: readonly string[]): { runs: number; only?: Workload[]; out: string } {
  let runs = 3;
  let only: Workload[] | undefined;
  let out = join(repoRoot, "test/bench/results.json");
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--runs") runs = Number(argv[++i]);
    else if (arg === "--only")
      only = String(argv[++i])
        .split(",")
        .map((w) => w.trim()) as Workload[];
    else if (arg === "--out") out = String(argv[++i]);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a positive integer");
  for (const w of only ?? [])
    if (!WORKLOADS.includes(w)) throw new Error(`unknown workload ${w} (known: ${WORKLOADS.join(", ")})`);
  return { runs, out, ...(only ? { only } : {}) };
}

async function main(): Promise<void> {
  const { runs, only, out } = parseArgs(process.argv.slice(2));
  const results = await runBench({ runs, ...(only ? { only } : {}) });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
  console.log(table(results.figures));
  console.log("");
  for (const figure of results.figures) console.log(jsonLine(figure));
  const missed = results.figures.filter((f) => f.met === false).map((f) => f.figure);
  console.log(
    `\nbench: ${results.figures.length} figures, ${runs} run(s), ${results.durationS} s; targets missed: ${missed.length ? missed.join(", ") : "none"}; written to ${relative(process.cwd(), out)}`,
  );
  if (results.failures.length) {
    console.log(`bench: ${results.failures.length} workload run(s) failed:\n  ${results.failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

if (process.argv[1]?.endsWith("run.ts")) {
  // Exit explicitly: a browser or timer left behind by a failed run must not keep the process alive.
  runAndExit(main);
}
