/**
 * `--only day`: day.T300 (journalDay.ts), a working day at host level: the panel's host stack,
 * the journal and the fake agents, no VS Code and no webview. Each run is its own Node process
 * (`--expose-gc`, so RSS is read after a full collection), on the bench's Node 24.
 * `--only dayweb`: the same day's webview heap (webviewDay.ts).
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../harness/paths";
import type { Sample, Target, Unit } from "./figures";

export const DAY_TURNS = 300;
const P = `day.T${DAY_TURNS}`;

export const DAY_TARGETS: ReadonlyArray<[string, Target]> = [
  [`${P}.hostRssGrowthMB`, { text: "<= 20 MB (turn 50 to 300, after GC)", meets: (m) => m <= 20 }],
  [`${P}.reloadInteractiveMs`, { text: "<= 1 s", meets: (m) => m <= 1_000 }],
  [`${P}.longestLoopDelayMs`, { text: "<= 50 ms", meets: (m) => m <= 50 }],
  [`${P}.longestBusyMs`, { text: "<= 50 ms (CPU time)", meets: (m) => m <= 50 }],
  [`${P}.webviewHeapGrowthMB`, { text: "<= 20 MB (turn 50 to 300, after GC)", meets: (m) => m <= 20 }],
  ["day.stream.N20000.longestLoopDelayMs", { text: "<= 50 ms (journal written)", meets: (m) => m <= 50 }],
  ["day.stream.N20000.longestBusyMs", { text: "<= 50 ms (CPU time)", meets: (m) => m <= 50 }],
];

/** The journal's size and the entry count: shown, not judged. */
export const DAY_DIAGNOSTICS: readonly RegExp[] = [
  /^day\..*\.(journalBytesPerTurn|entries|reloadJournalFoldMs|loadAverage)$/,
  /^day\..*\.(webviewHeapAt\d+MB|webviewDomNodesAt\d+|webviewLoadAverage)$/,
];

/** `node`: the bench's Node 24 (as VS Code 1.101+'s host has `node:sqlite`; it also has `process.threadCpuUsage`). */
export function dayWorkload(node: string, runs: number, log: (line: string) => void): Sample[] {
  return runDay(node, ["--expose-gc"], "journalDay.ts", "day", runs, log);
}

/**
 * `--only dayweb`: the same day in the built webview (webviewDay.ts: headless Chromium fed by the
 * host side, the webview's JS heap after GC at turn 50 and 300). Needs `node esbuild.mjs` first.
 */
export function dayWebWorkload(node: string, runs: number, log: (line: string) => void): Sample[] {
  return runDay(node, [], "webviewDay.ts", "dayweb", runs, log);
}

function runDay(
  node: string,
  flags: readonly string[],
  script: string,
  name: string,
  runs: number,
  log: (line: string) => void,
): Sample[] {
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++) {
    log(`${name}: run ${run} (${DAY_TURNS} turns, 10 other tabs)`);
    const stdout = execFileSync(node, [...flags, "--import", "tsx", join(repoRoot, "test/bench", script)], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 1_800_000,
      env: { ...process.env, DAY_TURNS: String(DAY_TURNS) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const { figures } = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as {
      figures: Array<[string, number, Unit]>;
    };
    samples.push(...figures);
  }
  return samples;
}
