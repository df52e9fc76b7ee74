/**
 * The UI-less baselines, each run in its own Node process against the fake agent (rawBaseline.ts):
 * `bare`, the bare NDJSON reader (the limit); `raw`, the SDK client; `host`, the panel's host stack
 * without VS Code, one tab and many; `processes`, host and agent RSS with tabs of one agent, one
 * process per tab or shared.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { endMarker } from "../fakeAgent/benchScenarios";
import type { Sample } from "./figures";
import { writeLongThreadState } from "./longThread";
import { runHost, runHostLoad, runProcesses, runRaw } from "./rawBaseline";
import {
  CURVE_FLOOD_SIZES,
  CURVE_SESSIONS,
  CURVE_TABS,
  RAW_FLOOD_SIZES,
  SESSION_FLOOD,
  TOOL_CALLS,
} from "./workloadSizes";

/** Where a baseline runs: the Node binary, the fake agent's script, a scratch folder; and how many rounds. */
export interface BaselineRun {
  readonly node: string;
  readonly agentScript: string;
  readonly scratch: string;
  readonly runs: number;
}

/** A run of the SDK client (or the bare reader) on `prompt`, whose reply ends with `nonce`'s end marker. */
function promptRun(baseline: BaselineRun, prompt: string, nonce: string, client: "raw" | "bare" = "raw") {
  const { node, agentScript, scratch } = baseline;
  return runRaw({ node, agentScript, cwd: scratch, mode: "prompt", prompt, endMarker: endMarker(nonce) }, client);
}

/** `bare.flood.N…`: the bare reader at each size of the curve. */
export function bareWorkload(baseline: BaselineRun): Sample[] {
  const samples: Sample[] = [];
  for (let run = 1; run <= baseline.runs; run++) {
    for (const n of CURVE_FLOOD_SIZES) {
      const nonce = `bare${run}n${n}`;
      const result = promptRun(baseline, `benchflood ${n} ${nonce}`, nonce, "bare");
      samples.push(
        [`bare.flood.N${n}.endMarkerMs`, result.ms, "ms"],
        [`bare.flood.N${n}.rssPeakGrowthMB`, result.rssPeakGrowthMB, "MB"],
      );
    }
  }
  return samples;
}

/** `raw.…`: the SDK client on floods, a tool storm and the long thread's session/load. */
export function rawWorkload(baseline: BaselineRun): Sample[] {
  const { node, agentScript, scratch, runs } = baseline;
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++) {
    for (const n of RAW_FLOOD_SIZES) {
      const nonce = `raw${run}n${n}`;
      const result = promptRun(baseline, `benchflood ${n} ${nonce}`, nonce);
      samples.push(
        [`raw.flood.N${n}.endMarkerMs`, result.ms, "ms"],
        [
          `raw.flood.N${n}.firstChunkLagMs`,
          result.firstChunkAt !== undefined && result.agentFirstAt !== undefined
            ? result.firstChunkAt - result.agentFirstAt
            : undefined,
          "ms",
        ],
        [`raw.flood.N${n}.rssPeakGrowthMB`, result.rssPeakGrowthMB, "MB"],
      );
    }
    const toolNonce = `raw${run}t`;
    const storm = promptRun(baseline, `benchtools ${TOOL_CALLS} ${toolNonce}`, toolNonce);
    samples.push([`raw.tools.N${TOOL_CALLS}.endMarkerMs`, storm.ms, "ms"]);
    const stateFile = join(scratch, `raw-state-${run}.json`);
    const { sessionId } = writeLongThreadState(stateFile, scratch, `raw${run}`);
    const load = runRaw({
      node,
      agentScript,
      cwd: scratch,
      mode: "load",
      sessionId,
      env: { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: stateFile },
    });
    samples.push(["raw.long.T2000.loadMs", load.ms, "ms"]);
    rmSync(stateFile, { force: true });
  }
  return samples;
}

/**
 * `host.flood.N…` and `host.sessions.S…`: the panel's host stack, one tab at each size, then many tabs at once;
 * `host.long.T2000.…`: the same stack with its journal loading the long thread (the `long` workload without VS Code).
 */
export function hostWorkload({ node, agentScript, scratch, runs }: BaselineRun): Sample[] {
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++) {
    const curve: Array<[prefix: string, sessions: number, count: number]> = [
      ...CURVE_FLOOD_SIZES.map((n): [string, number, number] => [`host.flood.N${n}`, 1, n]),
      ...CURVE_SESSIONS.map((s): [string, number, number] => [`host.sessions.S${s}`, s, SESSION_FLOOD]),
    ];
    for (const [prefix, sessions, count] of curve) {
      const result = runHost({
        node,
        agentScript,
        cwd: scratch,
        sessions,
        count,
        nonce: `host${run}${prefix.replace(/\W/g, "")}`,
      });
      samples.push(
        [`${prefix}.endMarkerMs`, result.ms, "ms"],
        // The agent wrote the first chunk → the host posted the batch holding it to the webview.
        [
          `${prefix}.firstChunkLagMs`,
          sessions === 1 && result.firstPostedAt !== undefined && result.agentFirstAt !== undefined
            ? result.firstPostedAt - result.agentFirstAt
            : undefined,
          "ms",
        ],
        [`${prefix}.rssPeakGrowthMB`, result.rssPeakGrowthMB, "MB"],
        [`${prefix}.heapGrowthMB`, result.heapGrowthMB, "MB"],
        [`${prefix}.hostBatches`, result.batches, "count"],
      );
    }
    const stateFile = join(scratch, `host-long-state-${run}.json`);
    const workspace = join(scratch, `host-long-${run}`, "workspace");
    mkdirSync(workspace, { recursive: true });
    const { sessionId } = writeLongThreadState(stateFile, workspace, `host${run}`);
    const load = runHostLoad({ node, agentScript, stateFile, sessionId, cwd: workspace });
    samples.push(
      ["host.long.T2000.loadMs", load.ms, "ms"],
      ["host.long.T2000.rssPeakGrowthMB", load.rssPeakGrowthMB, "MB"],
      ["host.long.T2000.heapGrowthMB", load.heapGrowthMB, "MB"],
      ["host.long.T2000.youngGenerationGrowthMB", load.youngGenerationGrowthMB, "MB"],
    );
    rmSync(stateFile, { force: true });
    rmSync(join(scratch, `host-long-${run}`), { recursive: true, force: true });
  }
  return samples;
}

/** `processes.T…`: host and agent memory with 1, 5 and 15 tabs of one agent, one process per tab, then shared. */
export function processesWorkload({ node, agentScript, scratch, runs }: BaselineRun): Sample[] {
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++)
    for (const tabs of CURVE_TABS)
      for (const processPerSession of [true, false]) {
        const result = runProcesses({ node, agentScript, cwd: scratch, tabs, processPerSession });
        const prefix = `processes.T${tabs}.${processPerSession ? "perTab" : "shared"}`;
        samples.push(
          [`${prefix}.agentProcesses`, result.processes, "count"],
          [`${prefix}.hostRssGrowthMB`, result.hostRssGrowthMB, "MB"],
          [`${prefix}.childRssMB`, result.childRssMB, "MB"],
        );
      }
  return samples;
}
