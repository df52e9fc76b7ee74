/**
 * Profiling mode (BENCH_PROFILE=<dir>): the UI workloads run an unminified build of the
 * extension and the webview (same code, readable function names), and write CPU profiles of
 * the browser's renderer (workbench + webview: one main thread) into <dir>. Timings taken in
 * this mode include the profiler's overhead: use them for where the time goes, not for figures.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import type { CDPSession } from "playwright-core";
import { repoRoot } from "../harness/paths";

export const profileDir = (): string | undefined => process.env.BENCH_PROFILE || undefined;

/**
 * Which sampling profilers run beside the timeline trace, BENCH_SAMPLING: `cpu+heap` (the default),
 * `cpu`, or `none`. The heap profiler's pauses stretch the frames they land in (a 40 ms sample in one
 * frame's effects), so a frame's own cost is read with `cpu` or `none`.
 */
const sampling = (): string => process.env.BENCH_SAMPLING ?? "cpu+heap";
const samplingProfiles = (): boolean => profileDir() !== undefined && sampling() !== "none";
const heapSampling = (): boolean => sampling().includes("heap");

/**
 * Unminified production bundles; returns the overlay for startUi. The webview is built unsplit
 * (one main.js, its import()s inlined): profiles then miss the chunks' loading, which only the
 * packaged build shows (panel workload).
 */
export function readableBuild(outDir: string): Record<string, string> {
  const common = {
    bundle: true,
    minify: false,
    sourcemap: false,
    logLevel: "warning",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  } as const;
  buildSync({
    ...common,
    entryPoints: { extension: join(repoRoot, "src/extension.ts"), host: join(repoRoot, "src/vscode/host.ts") },
    outdir: outDir,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: ["vscode", "bufferutil", "utf-8-validate"],
    mainFields: ["module", "main"],
  });
  buildSync({
    ...common,
    entryPoints: { main: join(repoRoot, "webview/main.tsx") },
    outdir: join(outDir, "webview"),
    platform: "browser",
    format: "esm",
    target: "es2022",
    loader: { ".ttf": "file" },
  });
  return {
    "dist/extension.js": join(outDir, "extension.js"),
    "dist/host.js": join(outDir, "host.js"),
    "dist/webview/main.js": join(outDir, "webview/main.js"),
  };
}

/**
 * Starts the V8 sampling profiler of the page's renderer (same-origin iframes included), and its
 * sampling heap profiler counting what garbage collection frees too: where the allocations come
 * from that the renderer's collections (shared with the workbench) spend their time on. Nothing
 * (and nothing to stop) unless BENCH_SAMPLING asks for them.
 */
export async function startRendererProfile(cdp: CDPSession): Promise<void> {
  if (!samplingProfiles()) return;
  if (heapSampling()) {
    await cdp.send("HeapProfiler.enable");
    await cdp.send("HeapProfiler.startSampling", {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
  await cdp.send("Profiler.start");
}

export async function stopRendererProfile(cdp: CDPSession, name: string): Promise<string | undefined> {
  if (!samplingProfiles()) return undefined;
  const dir = profileDir();
  const { profile } = await cdp.send("Profiler.stop");
  const heap = heapSampling() ? (await cdp.send("HeapProfiler.stopSampling")).profile : undefined;
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  if (heap)
    writeFileSync(
      join(dir, `${name}-heap.json`),
      JSON.stringify({ allocatedBySite: allocationSites(heap as unknown as SampledHeap, 30) }, null, 2),
    );
  return file;
}

export interface HostProfiler {
  stop(name: string): Promise<string | undefined>;
}

/**
 * Profiles the extension host: SIGUSR1 opens Node's inspector on 127.0.0.1:9229 (the default),
 * then the V8 profiler runs over its WebSocket. Undefined when the inspector does not come up
 * (port taken, signal ignored), or with BENCH_SAMPLING=none: profiling is best-effort.
 */
export async function startHostProfile(pid: number): Promise<HostProfiler | undefined> {
  if (!samplingProfiles()) return undefined;
  const { WebSocket } = await import("ws");
  process.kill(pid, "SIGUSR1");
  let url: string | undefined;
  for (let i = 0; i < 50 && !url; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const targets = (await (await fetch("http://127.0.0.1:9229/json/list")).json()) as Array<{
        webSocketDebuggerUrl?: string;
        url?: string;
        title?: string;
      }>;
      url =
        targets.find((t) => /bootstrap-fork|extensionHost/i.test(`${t.url} ${t.title}`))?.webSocketDebuggerUrl ??
        targets[0]?.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
  }
  if (!url) return undefined;
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("HeapProfiler.enable");
  await send("HeapProfiler.collectGarbage");
  const heapBefore = (await send("Runtime.getHeapUsage")) as { usedSize: number };
  await send("HeapProfiler.startSampling", { samplingInterval: 16_384 });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 250 });
  await send("Profiler.start");
  return {
    async stop(name) {
      const { profile } = (await send("Profiler.stop")) as { profile: unknown };
      // What the workload left alive: the heap after a full GC, and the sampled allocations that survived it.
      await send("HeapProfiler.collectGarbage");
      const heapAfter = (await send("Runtime.getHeapUsage")) as { usedSize: number };
      const { profile: heap } = (await send("HeapProfiler.stopSampling")) as { profile: SampledHeap };
      socket.close();
      const dir = profileDir();
      if (!dir) return undefined;
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${name}-exthost.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      writeFileSync(
        join(dir, `${name}-exthost-heap.json`),
        JSON.stringify(
          {
            heapUsedBeforeMB: Math.round(heapBefore.usedSize / 1048576),
            heapUsedAfterMB: Math.round(heapAfter.usedSize / 1048576),
            liveBySite: allocationSites(heap, 20),
          },
          null,
          2,
        ),
      );
      return file;
    },
  };
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string };
}

export interface TraceSummary {
  /** Inclusive time per event name on the renderer's main thread (events nest: FunctionCall contains ParseHTML…). */
  readonly mainThreadMs: Record<string, number>;
}

/**
 * Records a Chromium timeline trace (devtools.timeline) while `body` runs and sums the main
 * thread's events by name: where "(program)" time of a CPU profile goes (layout, style, parsing).
 */
export async function traceMainThread<T>(cdp: CDPSession, name: string, body: () => Promise<T>): Promise<T> {
  const events: TraceEvent[] = [];
  const onData = (data: { value: ReadonlyArray<Record<string, unknown>> }) => {
    for (const event of data.value) events.push(event as unknown as TraceEvent);
  };
  cdp.on("Tracing.dataCollected", onData);
  await cdp.send("Tracing.start", {
    categories: process.env.BENCH_TRACE_CATEGORIES ?? "devtools.timeline,disabled-by-default-devtools.timeline",
    transferMode: "ReportEvents",
  });
  try {
    return await body();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.end");
    await complete;
    cdp.off("Tracing.dataCollected", onData);
    const main = new Set(
      events
        .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const totals: Record<string, number> = {};
    for (const e of events) {
      if (e.ph !== "X" || e.dur === undefined || !main.has(`${e.pid}:${e.tid}`)) continue;
      totals[e.name] = (totals[e.name] ?? 0) + e.dur / 1000;
    }
    const top = Object.fromEntries(
      Object.entries(totals)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([k, v]) => [k, Math.round(v)]),
    );
    const dir = profileDir();
    if (dir) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, `${name}-trace-summary.json`),
        JSON.stringify({ mainThreadMs: top } satisfies TraceSummary, null, 2),
      );
      // The whole trace too, for chrome://tracing or a script (which frame laid out, and why).
      writeFileSync(join(dir, `${name}-trace.json`), JSON.stringify({ traceEvents: events }));
    }
  }
}

interface SampledHeapNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children: readonly SampledHeapNode[];
}

interface SampledHeap {
  readonly head: SampledHeapNode;
}

/** Sampled bytes by allocating function (self) and its caller, the top `count`, in KiB. */
function allocationSites(heap: SampledHeap, count: number): Array<{ site: string; kib: number }> {
  const totals = new Map<string, number>();
  const walk = (node: SampledHeapNode, stack: string) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`;
    const here = stack ? `${site} < ${stack.split(" < ")[0]}` : site;
    if (node.selfSize) totals.set(here, (totals.get(here) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, here);
  };
  walk(heap.head, "");
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([site, bytes]) => ({ site, kib: Math.round(bytes / 1024) }));
}
