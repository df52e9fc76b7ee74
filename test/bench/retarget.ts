/**
 * Re-applies the current TARGETS (bench.ts) to an existing results file, without running anything:
 * `node --import tsx test/bench/retarget.ts [FILE]` (default test/bench/results.json). For a
 * target that changed after a run; the samples are untouched.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../harness/paths";
import type { BenchResults } from "./bench";
import { TARGETS } from "./benchTargets";
import type { Figure } from "./figures";

const file = process.argv[2] ?? join(repoRoot, "test/bench/results.json");
const results = JSON.parse(readFileSync(file, "utf8")) as BenchResults;
const all = new Map(results.figures.map((f) => [f.figure, f]));
const figures = results.figures.map((figure): Figure => {
  const { target: _target, met: _met, ...plain } = figure;
  const target = TARGETS.get(figure.figure);
  if (!target) return plain;
  const met = target.meets(figure.median, all);
  return { ...plain, target: target.text, ...(met === undefined ? {} : { met }) };
});
writeFileSync(file, JSON.stringify({ ...results, figures }, null, 2) + "\n");
console.log(
  `retarget: ${
    figures
      .filter((f) => f.met === false)
      .map((f) => f.figure)
      .join(", ") || "every target met"
  }`,
);
