/**
 * The benchmark: sizes, the raw SDK baseline, then `runs` rounds of the UI workloads (a fresh
 * code-server per workload and round). Aggregates min/median/max per figure and judges the
 * medians against the targets (printed, never asserted).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, hostname, loadavg, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fakeAgentScript, repoRoot, vsixPath } from "../harness/paths";
import { ensureTools } from "../harness/tools";
import { Samples, type Figure, type Sample } from "./figures";
import { profileDir, readableBuild } from "./profiling";
import { checkpointsWorkload } from "./checkpointsWorkload";
import { historyWorkload } from "./historyWorkload";
import { dayWebWorkload, dayWorkload } from "./dayWorkload";
import { longThreadWorkload } from "./longThreadWorkload";
import { longFloorWorkload } from "./longFloorWorkload";
import { panelWorkload } from "./panelWorkload";
import { streamWorkload } from "./streamWorkload";
import type { WorkloadContext, WorkloadResult } from "./uiWorkload";
import { sizesWorkload } from "./sizesWorkload";
import { bareWorkload, hostWorkload, processesWorkload, rawWorkload, type BaselineRun } from "./baselineWorkloads";
import { TARGETS } from "./benchTargets";
import { CURVE_FLOOD_SIZES, LONG_SCALE_ENTRIES, TOOL_CALLS, UI_FLOOD } from "./workloadSizes";

/**
 * `bare`: the bare NDJSON reader; `host`: the panel's host stack without VS Code (hostClient.ts);
 * `streamfloor`: the stream read by the least an extension could do, in VS Code (floorExtension.js);
 * `longfloor`: the 2,000-entry load done by that same least extension (longFloorWorkload.ts);
 * `processes`: host and agent RSS with 1 / 5 / 15 tabs of one agent, one process per tab vs shared (processesClient.ts);
 * `checkpoints`: workspace checkpoints on 10,000 files, no VS Code (checkpointsWorkload.ts);
 * `history`: full-text history search over 1,000 conversations / 100 MB, no VS Code (historyWorkload.ts);
 * `day`: a 300-turn session beside 10 open tabs, journal and host stack, no VS Code (dayWorkload.ts);
 * `dayweb`: the same day fed to the built webview in headless Chromium, its JS heap (webviewDay.ts).
 */
export const WORKLOADS = [
  "sizes",
  "bare",
  "raw",
  "host",
  "processes",
  "checkpoints",
  "history",
  "day",
  "dayweb",
  "panel",
  "stream",
  "streamfloor",
  "tools",
  "long",
  "longfloor",
  "long10k",
] as const;
export type Workload = (typeof WORKLOADS)[number];

export interface BenchOptions {
  readonly runs: number;
  readonly only?: readonly Workload[];
  readonly log?: (line: string) => void;
}

export interface BenchResults {
  readonly date: string;
  readonly durationS: number;
  readonly machine: Record<string, unknown>;
  readonly runs: number;
  readonly figures: readonly Figure[];
  readonly failures: readonly string[];
  readonly details: Record<string, unknown[]>;
}

const MIB = 1024 * 1024;

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const log = options.log ?? ((line: string) => process.stderr.write(`[bench] ${line}\n`));
  const started = Date.now();
  const wanted = (w: Workload) => !options.only || options.only.includes(w);
  const samples = new Samples();
  const details: Record<string, unknown[]> = {};
  const failures: string[] = [];
  const add = (list: readonly Sample[]) => list.forEach(([figure, value, unit]) => samples.add(figure, value, unit));
  const tools = ensureTools();

  // Freeze what is measured: others may rebuild dist/ and out/ while the benchmark runs.
  const scratch = mkdtempSync(join(tmpdir(), "acp-bench-"));
  const vsix = join(scratch, "acp-panel.vsix");
  const agentScript = join(scratch, "fakeAgent.js");
  // The UI-less workloads need no package: `--only bare,raw,host,checkpoints` runs without one.
  const needsVsix = WORKLOADS.some(
    (w) => !["bare", "raw", "host", "processes", "checkpoints", "history", "day", "dayweb"].includes(w) && wanted(w),
  );
  if (needsVsix) copyFileSync(vsixPath(), vsix);
  // sizes and checkpoints need no agent (nor does a run of them alone need a build).
  if (WORKLOADS.some((w) => !["sizes", "checkpoints", "history", "day", "dayweb"].includes(w) && wanted(w)))
    copyFileSync(fakeAgentScript, agentScript);
  const overlay = profileDir() ? readableBuild(join(scratch, "readable")) : undefined;
  if (overlay) log(`profiling mode: unminified bundles, CPU profiles in ${profileDir()}`);

  try {
    if (wanted("sizes")) add(sizesWorkload(vsix, failures));
    const baselines: Array<[Workload, string, (run: BaselineRun) => Sample[]]> = [
      ["bare", "bare NDJSON reader", bareWorkload],
      ["raw", "raw SDK baseline", rawWorkload],
      ["host", "the panel's host stack", hostWorkload],
      ["processes", "tabs of one agent: one process per tab, then shared", processesWorkload],
    ];
    for (const [name, what, workload] of baselines) {
      if (!wanted(name)) continue;
      log(what);
      add(workload({ node: tools.nodePath, agentScript, scratch, runs: options.runs }));
    }

    if (wanted("checkpoints")) add(checkpointsWorkload(tools.nodePath, scratch, options.runs, log));
    if (wanted("history")) add(historyWorkload(tools.nodePath, scratch, options.runs, log));
    if (wanted("day")) add(dayWorkload(tools.nodePath, options.runs, log));
    if (wanted("dayweb")) add(dayWebWorkload(tools.nodePath, options.runs, log));

    const ui: Array<[Workload, (ctx: WorkloadContext) => Promise<WorkloadResult>]> = [
      ["panel", panelWorkload],
      ["stream", (ctx) => streamWorkload(ctx, "flood", UI_FLOOD)],
      ["streamfloor", (ctx) => streamWorkload(ctx, "flood", UI_FLOOD, true)],
      ["tools", (ctx) => streamWorkload(ctx, "tools", TOOL_CALLS)],
      ["long", (ctx) => longThreadWorkload(ctx)],
      ["longfloor", longFloorWorkload],
      ["long10k", (ctx) => longThreadWorkload(ctx, LONG_SCALE_ENTRIES, false)],
    ];
    for (let run = 1; run <= options.runs; run++) {
      for (const [name, workload] of ui) {
        if (!wanted(name)) continue;
        const dir = join(scratch, `${name}-${run}`);
        mkdirSync(dir, { recursive: true });
        const t = Date.now();
        try {
          const result = await workload({
            vsix,
            agentScript,
            dir,
            runName: `${name}-${run}`,
            nonce: `${name}${run}x${Date.now().toString(36)}`,
            ...(overlay ? { overlay } : {}),
          });
          add(result.samples);
          (details[name] ??= []).push(result.details);
          log(`${name} run ${run}/${options.runs}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
        } catch (error) {
          const message = `${name} run ${run}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
          failures.push(message);
          log(`FAILED ${message}`);
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  // Derived: each run against the bare reader's (and the SDK client's) median at the same N.
  const figures = new Map(samples.figures().map((f) => [f.figure, f]));
  const ratio = (figure: string, baseline: string, name: string) => {
    const base = figures.get(baseline);
    for (const value of figures.get(figure)?.samples ?? [])
      if (base && base.median > 0) samples.add(name, value / base.median, "ratio");
  };
  ratio(`stream.N${UI_FLOOD}.endMarkerMs`, `bare.flood.N${UI_FLOOD}.endMarkerMs`, `stream.N${UI_FLOOD}.vsBare`);
  ratio(`stream.N${UI_FLOOD}.endMarkerMs`, `raw.flood.N${UI_FLOOD}.endMarkerMs`, `stream.N${UI_FLOOD}.vsRaw`);
  // The floor in VS Code (streamfloor) against the bare reader, and the panel against that floor.
  ratio(
    `stream.floor.N${UI_FLOOD}.endMarkerMs`,
    `bare.flood.N${UI_FLOOD}.endMarkerMs`,
    `stream.floor.N${UI_FLOOD}.vsBare`,
  );
  ratio(`stream.N${UI_FLOOD}.endMarkerMs`, `stream.floor.N${UI_FLOOD}.endMarkerMs`, `stream.N${UI_FLOOD}.vsFloor`);
  // The long load's host memory over the least extension's doing the same load (longfloor).
  const longFloor = figures.get("longfloor.T2000.hostRssPeakGrowthMB");
  for (const value of figures.get("long.T2000.hostRssPeakGrowthMB")?.samples ?? [])
    if (longFloor) samples.add("long.T2000.hostRssPeakOverFloorMB", value - longFloor.median, "MB");
  for (const n of CURVE_FLOOD_SIZES) {
    ratio(`raw.flood.N${n}.endMarkerMs`, `bare.flood.N${n}.endMarkerMs`, `raw.flood.N${n}.vsBare`);
    ratio(`host.flood.N${n}.endMarkerMs`, `bare.flood.N${n}.endMarkerMs`, `host.flood.N${n}.vsBare`);
  }
  // Each panel opening against the median floor (the same view serving a page with no bundle).
  const floor = samples.figures().find((f) => f.figure === "open.floor");
  const open = samples.figures().find((f) => f.figure === "panel.empty.openToFcpMs");
  if (floor && open)
    for (const value of open.samples) samples.add("panel.empty.overFloorMs", value - floor.median, "ms");
  // The same from the inner frame's navigation on: what our page costs, without VS Code's service
  // worker start (content/workerReady in the outer frame), which varies by seconds between runs.
  const floorFcp = samples.figures().find((f) => f.figure === "open.floorFcpMs");
  const fcp = samples.figures().find((f) => f.figure === "panel.empty.fcpMs");
  if (floorFcp && fcp)
    for (const value of fcp.samples) samples.add("panel.empty.fcpOverFloorMs", value - floorFcp.median, "ms");
  // And against a page whose one tiny script paints (what any scripted webview pays to load a script).
  const scriptFloorFcp = samples.figures().find((f) => f.figure === "open.scriptFloorFcpMs");
  if (scriptFloorFcp && fcp)
    for (const value of fcp.samples)
      samples.add("panel.empty.fcpOverScriptFloorMs", value - scriptFloorFcp.median, "ms");

  return {
    date: new Date().toISOString(),
    durationS: Math.round((Date.now() - started) / 1000),
    machine: machineInfo(),
    runs: options.runs,
    figures: samples.figures(TARGETS),
    failures,
    details,
  };
}

function machineInfo(): Record<string, unknown> {
  const cpu = cpus();
  const { chromiumPath, nodePath } = ensureTools();
  const version = (command: string) => {
    try {
      return execFileSync(command, ["--version"], {
        encoding: "utf8",
        timeout: 10_000,
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      return undefined;
    }
  };
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return undefined;
    }
  };
  return {
    commit: git("rev-parse", "--short", "HEAD"),
    /** Uncommitted changes were measured too (the .vsix is built from the working tree). */
    dirtyTree: (git("status", "--porcelain", "--", "src", "webview", "media", "package.json") ?? "") !== "",
    host: hostname(),
    cpus: cpu.length,
    cpuModel: cpu[0]?.model,
    memGiB: Math.round(totalmem() / MIB / 1024),
    os: `${process.platform} ${release()}`,
    runnerNode: process.version,
    extensionHostNode: version(nodePath),
    codeServer: process.env.CS_VERSION ?? "4.139.1",
    browser: version(chromiumPath),
    loadAvgAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
