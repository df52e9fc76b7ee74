/**
 * `npm run bench:check`: runs a fresh benchmark (written to test-results/bench-latest.json, the
 * committed test/bench/results.json is left alone) and compares every figure's median with the
 * committed one. A figure is flagged when it got more than 25 % worse and by more than its unit's
 * noise floor (figures.ts); every figure is "lower is better"; diagnostics (DIAGNOSTIC_FIGURES in
 * bench.ts) are not judged. Exits 1 when anything is flagged, a judged figure is missing, or a
 * workload failed. Not part of `npm test`.
 *   --runs N / --only a,b   as for `npm run bench`
 *   --against FILE          compare FILE (an existing results file) instead of running
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot, resultsDir } from "../harness/paths";
import { runBench, type BenchResults } from "./bench";
import { DIAGNOSTIC_FIGURES } from "./benchTargets";
import { NOISE_FLOOR, table, type Figure } from "./figures";
import { parseArgs } from "./run";
import { runAndExit } from "./scriptExit";

export const WORSE_BY = 0.25;

export interface Comparison {
  readonly figure: string;
  readonly unit: Figure["unit"];
  readonly before: number;
  readonly after: number;
  readonly change: number;
  readonly flagged: boolean;
}

export function compare(
  baseline: readonly Figure[],
  fresh: readonly Figure[],
): { rows: Comparison[]; missing: string[] } {
  const now = new Map(fresh.map((f) => [f.figure, f]));
  const rows: Comparison[] = [];
  const missing: string[] = [];
  for (const old of baseline) {
    if (DIAGNOSTIC_FIGURES.some((pattern) => pattern.test(old.figure))) continue;
    const current = now.get(old.figure);
    if (!current) {
      missing.push(old.figure);
      continue;
    }
    const worse = current.median - old.median;
    const change = old.median === 0 ? (worse === 0 ? 0 : Infinity) : worse / Math.abs(old.median);
    const flagged = worse > NOISE_FLOOR[old.unit] && change > WORSE_BY;
    rows.push({ figure: old.figure, unit: old.unit, before: old.median, after: current.median, change, flagged });
  }
  return { rows, missing };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const againstAt = argv.indexOf("--against");
  const committed = join(repoRoot, "test/bench/results.json");
  if (!existsSync(committed)) throw new Error(`no committed baseline at ${committed}: run \`npm run bench\` first`);
  const baseline = JSON.parse(readFileSync(committed, "utf8")) as BenchResults;

  let fresh: BenchResults;
  if (againstAt >= 0) {
    fresh = JSON.parse(readFileSync(String(argv[againstAt + 1]), "utf8")) as BenchResults;
  } else {
    const { runs, only } = parseArgs(argv);
    fresh = await runBench({ runs, ...(only ? { only } : {}) });
    const out = join(resultsDir, "bench-latest.json");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(fresh, null, 2) + "\n");
    console.log(table(fresh.figures));
    console.log(`\nbench:check: fresh results in ${out}`);
  }

  const { rows, missing } = compare(baseline.figures, fresh.figures);
  const only = againstAt >= 0 ? undefined : parseArgs(argv).only;
  const flagged = rows.filter((r) => r.flagged);
  console.log(`\nbench:check against test/bench/results.json (${baseline.date}):`);
  for (const r of rows) {
    const pct = Number.isFinite(r.change) ? `${r.change >= 0 ? "+" : ""}${(r.change * 100).toFixed(0)}%` : "new";
    console.log(
      `${r.flagged ? "WORSE" : "  ok "}  ${r.figure.padEnd(38)} ${String(r.before).padStart(9)} -> ${String(r.after).padStart(9)} ${r.unit.padEnd(6)} ${pct}`,
    );
  }
  // With --only, figures of the workloads not run are expected to be missing.
  const unexpected = only ? [] : missing;
  if (unexpected.length) console.log(`missing from the fresh run: ${unexpected.join(", ")}`);
  if (fresh.failures.length) console.log(`failed workload runs:\n  ${fresh.failures.join("\n  ")}`);
  console.log(
    `bench:check: ${flagged.length} figure(s) more than ${WORSE_BY * 100}% worse${flagged.length ? `: ${flagged.map((r) => r.figure).join(", ")}` : ""}`,
  );
  process.exitCode = flagged.length || unexpected.length || fresh.failures.length ? 1 : 0;
}

if (process.argv[1]?.endsWith("check.ts")) runAndExit(main);
