/**
 * What the UI workloads share (one fresh code-server + Chromium each, see ui.ts): the context a
 * run gets and the result it gives, the page heap and host RSS figures around a workload, a run in
 * its own UI with timers stopped however it ends, and summaries of the long tasks and frames.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Sample } from "./figures";
import type { BenchRecord, LongFrame } from "./probes";
import { startUi, type UiRun } from "./ui";

/** The page's JS heap and the host's RSS around a workload, in MB (RSS undefined where not measured). */
export function memorySamples(
  prefix: string,
  m: {
    heapBefore: number;
    heapAfter: number;
    rssBefore: number | undefined;
    rssAfter: number | undefined;
    rssPeak: number | undefined;
  },
): Sample[] {
  const growth = (to: number | undefined) =>
    to === undefined || m.rssBefore === undefined ? undefined : to - m.rssBefore;
  return [
    [`${prefix}.pageHeapMB`, m.heapAfter, "MB"],
    [`${prefix}.pageHeapGrowthMB`, m.heapAfter - m.heapBefore, "MB"],
    [`${prefix}.hostRssBeforeMB`, m.rssBefore, "MB"],
    [`${prefix}.hostRssAfterMB`, m.rssAfter, "MB"],
    [`${prefix}.hostRssGrowthMB`, growth(m.rssAfter), "MB"],
    [`${prefix}.hostRssPeakMB`, m.rssPeak, "MB"],
    [`${prefix}.hostRssPeakGrowthMB`, growth(m.rssPeak), "MB"],
  ];
}

export interface WorkloadResult {
  readonly samples: Sample[];
  readonly details: Record<string, unknown>;
}

export interface WorkloadContext {
  readonly vsix: string;
  /** Readable bundles to run instead of the packaged ones (profiling mode). */
  readonly overlay?: Readonly<Record<string, string>>;
  /** Names this run's profiles. */
  readonly runName: string;
  readonly agentScript: string;
  /** A fresh folder for this run (workspace, logs, agent state). */
  readonly dir: string;
  readonly nonce: string;
}

/** How long a flood may take to reach the screen before the run counts as failed. */
export const END_TIMEOUT_MS = 90_000;

/** Let the workbench and the agent go quiet before measuring. */
export const SETTLE_MS = 1_000;

/** Progress on stderr (BENCH_VERBOSE=1), with seconds since the workload started. */
export function stepper(label: string): (what: string) => void {
  const t = Date.now();
  return (what) => {
    if (process.env.BENCH_VERBOSE)
      process.stderr.write(`[bench] ${label} +${((Date.now() - t) / 1000).toFixed(1)} s ${what}\n`);
  };
}

/** Timers to stop however the workload ends. */
export type Cleanup = Array<() => void>;

export async function withUi<T>(
  ctx: WorkloadContext,
  label: string,
  agentEnv: Record<string, string> | undefined,
  body: (run: UiRun, cleanup: Cleanup) => Promise<T>,
): Promise<T> {
  const workspace = join(ctx.dir, "workspace");
  mkdirSync(workspace, { recursive: true });
  const run = await startUi({
    label,
    vsix: ctx.vsix,
    workspace,
    agentScript: ctx.agentScript,
    ...(agentEnv ? { agentEnv } : {}),
    ...(ctx.overlay ? { overlay: ctx.overlay } : {}),
  });
  const cleanup: Cleanup = [];
  try {
    return await body(run, cleanup);
  } finally {
    for (const stop of cleanup) stop();
    await run.close();
  }
}

export function byAttribution(tasks: BenchRecord["longTasks"]): Record<string, { count: number; longest: number }> {
  const out: Record<string, { count: number; longest: number }> = {};
  for (const task of tasks) {
    const entry = (out[task.name] ??= { count: 0, longest: 0 });
    entry.count += 1;
    entry.longest = Math.max(entry.longest, Math.round(task.duration));
  }
  return out;
}

/** Where the long animation frames spent their script time: the top 8 by total duration. */
export function topScripts(frames: readonly LongFrame[]): Array<{ script: string; totalMs: number; count: number }> {
  const totals = new Map<string, { totalMs: number; count: number }>();
  for (const frame of frames) {
    for (const script of frame.scripts) {
      const key = `${script.invoker} → ${script.fn || "(anonymous)"} @ ${script.url}:${script.position}`;
      const entry = totals.get(key) ?? { totalMs: 0, count: 0 };
      entry.totalMs += script.duration;
      entry.count += 1;
      totals.set(key, entry);
    }
  }
  return [...totals]
    .map(([script, v]) => ({ script, totalMs: Math.round(v.totalMs), count: v.count }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 8);
}
