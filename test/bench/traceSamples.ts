/**
 * The JavaScript inside a trace's long tasks, whatever frame ran them. In code-server the webview
 * may run out of process, where the page's Profiler domain does not see it; a trace taken with
 * V8's sampler category carries every renderer's samples (`ProfileChunk` events). Take one with
 *   BENCH_PROFILE=DIR BENCH_SAMPLING=none \
 *   BENCH_TRACE_CATEGORIES=devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-v8.cpu_profiler \
 *   npm run bench -- --only long --runs 1 --out /tmp/x.json
 * then
 *   node --import tsx test/bench/traceSamples.ts DIR/long-1-load-trace.json [tasks] [lines]
 * prints, for the longest tasks (over 50 ms), the functions with the most self and inclusive time
 * in them (profileTop.ts's summary of the samples inside the task) and the source lines sampled
 * most (a function's own time is often one line).
 */
import { readFileSync } from "node:fs";
import { summarise, type CpuProfile, type ProfileNode } from "./profileTop";

interface TraceEvent {
  readonly name: string;
  readonly pid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly id?: string;
  readonly args?: { readonly data?: ProfileData };
}

interface ChunkNode {
  readonly id: number;
  readonly parent?: number;
  readonly callFrame: { readonly functionName: string; readonly url?: string; readonly lineNumber?: number };
}

interface ProfileData {
  readonly startTime?: number;
  readonly cpuProfile?: { readonly nodes?: readonly ChunkNode[]; readonly samples?: readonly number[] };
  readonly timeDeltas?: readonly number[];
  readonly lines?: readonly number[];
}

/** One renderer thread's samples, in time order (µs, the trace's clock), and its call tree. */
interface ThreadSamples {
  readonly pid: number;
  readonly nodes: ReadonlyMap<number, ChunkNode>;
  readonly samples: ReadonlyArray<{ readonly at: number; readonly node: number; readonly line?: number }>;
}

function threadSamples(pid: number, events: readonly TraceEvent[]): ThreadSamples {
  const nodes = new Map<number, ChunkNode>();
  const samples: Array<{ at: number; node: number; line?: number }> = [];
  let at = events.find((e) => e.name === "Profile")?.args?.data?.startTime ?? 0;
  for (const event of events) {
    const data = event.args?.data;
    if (event.name !== "ProfileChunk" || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      at += data.timeDeltas?.[i] ?? 0;
      const line = data.lines?.[i];
      samples.push(line === undefined ? { at, node } : { at, node, line });
    });
  }
  return { pid, nodes, samples };
}

/** The samples of `[from, to]` as a .cpuprofile (children from the chunks' parent links), for profileTop. */
function windowProfile(thread: ThreadSamples, from: number, to: number): CpuProfile {
  const inside = thread.samples.filter((s) => s.at >= from && s.at <= to);
  const children = new Map<number, number[]>();
  for (const node of thread.nodes.values()) {
    if (node.parent === undefined) continue;
    const siblings = children.get(node.parent);
    if (siblings) siblings.push(node.id);
    else children.set(node.parent, [node.id]);
  }
  const nodes: ProfileNode[] = [...thread.nodes.values()].map((node) => ({
    id: node.id,
    callFrame: {
      functionName: node.callFrame.functionName,
      url: node.callFrame.url ?? "",
      lineNumber: node.callFrame.lineNumber ?? -1,
      columnNumber: -1,
    },
    children: children.get(node.id) ?? [],
  }));
  return {
    nodes,
    startTime: from,
    endTime: to,
    samples: inside.map((s) => s.node),
    timeDeltas: inside.map((s, i) => (i === 0 ? 0 : s.at - inside[i - 1]!.at)),
  };
}

/**
 * For the samples inside a function whose name matches `pattern`: the chains of callers that lead
 * to it (the nearest eight named frames), by time. Which component's update forced a layout, say.
 */
function printCallers(thread: ThreadSamples, inside: ThreadSamples["samples"], pattern: RegExp, count: number): void {
  const chains = new Map<string, number>();
  inside.forEach((sample, i) => {
    const names: string[] = [];
    for (let node = thread.nodes.get(sample.node); node; node = thread.nodes.get(node.parent ?? -1))
      names.push(node.callFrame.functionName || "(anonymous)");
    const at = names.findIndex((name) => pattern.test(name));
    if (at < 0) return;
    const chain = names.slice(at, at + 9).join(" < ");
    chains.set(chain, (chains.get(chain) ?? 0) + sampleMs(inside, i));
  });
  printRanked(`callers of /${pattern.source}/`, chains, count);
}

/** A sample's time: until the next sample of its thread. */
function sampleMs(inside: ThreadSamples["samples"], i: number): number {
  const sample = inside[i]!;
  return ((inside[i + 1]?.at ?? sample.at) - sample.at) / 1000;
}

function printRanked(title: string, totals: ReadonlyMap<string, number>, count: number): void {
  const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`${title}\n${top.map(([name, ms]) => `  ${ms.toFixed(1).padStart(6)} ms  ${name}`).join("\n")}`);
}

const idle = /^\((idle|program|root)\)$/;

function main(): void {
  const [file, taskCount = "2", lineCount = "25", callersOf] = process.argv.slice(2);
  if (!file) throw new Error("usage: traceSamples.ts TRACE.json [tasks] [lines] [callers-of-regexp]");
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const byProfile = new Map<string, TraceEvent[]>();
  for (const e of events)
    if (e.name === "Profile" || e.name === "ProfileChunk")
      byProfile.set(`${e.pid}:${e.id}`, [...(byProfile.get(`${e.pid}:${e.id}`) ?? []), e]);
  const threads = [...byProfile.values()].map((list) => threadSamples(list[0]!.pid, list));
  const tasks = events
    .filter((e) => e.name === "RunTask" && (e.dur ?? 0) > 50_000)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, Number(taskCount));
  const count = Number(lineCount);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const busy = (thread: ThreadSamples) =>
      thread.samples.filter(
        (s) => s.at >= task.ts && s.at <= end && !idle.test(thread.nodes.get(s.node)?.callFrame.functionName ?? ""),
      ).length;
    // The thread of the task's process with the most samples of real work inside it.
    const thread = threads.filter((t) => t.pid === task.pid).sort((a, b) => busy(b) - busy(a))[0];
    console.log(`\ntask in process ${task.pid}: ${((task.dur ?? 0) / 1000).toFixed(0)} ms`);
    if (!thread) continue;
    const profile = windowProfile(thread, task.ts, end);
    const { bySelf, byTotal } = summarise(profile, count);
    console.log(`self\n${bySelf.map((l) => `  ${String(l.selfMs).padStart(6)} ms  ${l.fn}`).join("\n")}`);
    console.log(`inclusive\n${byTotal.map((l) => `  ${String(l.totalMs).padStart(6)} ms  ${l.fn}`).join("\n")}`);
    const lines = new Map<string, number>();
    const inside = thread.samples.filter((s) => s.at >= task.ts && s.at <= end);
    inside.forEach((sample, i) => {
      const node = thread.nodes.get(sample.node);
      const name = `${node?.callFrame.functionName || "(anonymous)"} line ${sample.line ?? "?"}`;
      lines.set(name, (lines.get(name) ?? 0) + sampleMs(inside, i));
    });
    printRanked("lines", lines, count);
    if (callersOf) printCallers(thread, inside, new RegExp(callersOf), count);
  }
}

main();
