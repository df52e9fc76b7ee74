/**
 * `--only history`: full-text history search over 1,000 conversations / 100 MB (historyClient.ts,
 * its own Node 24 process per run, the index worker bundled from src/acp/history/historyWorker.ts
 * beside it). No VS Code, no agent.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { repoRoot } from "../harness/paths";
import type { Sample, Target, Unit } from "./figures";

const P = "history.S1000";

export const HISTORY_TARGETS: ReadonlyArray<[string, Target]> = [
  [`${P}.searchMs`, { text: "<= 200 ms", meets: (m) => m <= 200 }],
  [`${P}.searchMaxMs`, { text: "<= 200 ms", meets: (m) => m <= 200 }],
];

/** The fallback's speed, the index's build time and size: shown, not judged. */
export const HISTORY_DIAGNOSTICS: readonly RegExp[] = [/^history\..*\.(scan\.searchMs|indexBuildMs|indexMB|textMB)$/];

export function historyWorkload(node: string, scratch: string, runs: number, log: (line: string) => void): Sample[] {
  const dir = join(scratch, "history");
  mkdirSync(dir, { recursive: true });
  const common = { bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "warning" } as const;
  const workerScript = join(dir, "historyWorker.js");
  const client = join(dir, "historyClient.cjs");
  buildSync({ ...common, entryPoints: [join(repoRoot, "src/acp/history/historyWorker.ts")], outfile: workerScript });
  buildSync({ ...common, entryPoints: [join(repoRoot, "test/bench/historyClient.ts")], outfile: client });
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++) {
    log(`history: run ${run}`);
    const runDir = join(dir, `run-${run}`);
    mkdirSync(runDir, { recursive: true });
    const stdout = execFileSync(node, [client, JSON.stringify({ workerScript, dir: runDir })], {
      encoding: "utf8",
      timeout: 900_000,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const { figures } = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as {
      figures: Array<[string, number, Unit]>;
    };
    samples.push(...figures);
  }
  return samples;
}
