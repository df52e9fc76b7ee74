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
 * in them, and the source lines sampled most (a function's own time is often one line).
 */
import { readFileSync } from "node:fs";

interface TraceEvent {
  readonly name: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly id?: string;
  readonly args?: { readonly data?: ProfileData };
}

interface ProfileNode {
  readonly id: number;
  readonly parent?: number;
  readonly callFrame: { readonly functionName: string; readonly url?: string; readonly lineNumber?: number };
}

interface ProfileData {
  readonly startTime?: number;
  readonly cpuProfile?: { readonly nodes?: readonly ProfileNode[]; readonly samples?: readonly number[] };
  readonly timeDeltas?: readonly number[];
  readonly lines?: readonly number[];
}

interface Sample {
  readonly at: number;
  readonly node: ProfileNode;
  readonly line: number | undefined;
}

/** Every sample of one profile (a renderer's thread), in time order, and its call tree's nodes. */
function samplesOf(events: readonly TraceEvent[]): { samples: Sample[]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  let at = events.find((e) => e.name === "Profile")?.args?.data?.startTime ?? 0;
  for (const event of events) {
    const data = event.args?.data;
    if (event.name !== "ProfileChunk" || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      at += data.timeDeltas?.[i] ?? 0;
      const node = nodes.get(id);
      if (node) samples.push({ at, node, line: data.lines?.[i] });
    });
  }
  return { samples, nodes };
}

const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url?.split("/").pop() ?? ""}:${node.callFrame.lineNumber ?? ""}`;

function top(totals: Map<string, number>, count: number): string {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `  ${ms.toFixed(1).padStart(6)} ms  ${name}`)
    .join("\n");
}

function main(): void {
  const [file, taskCount = "2", lineCount = "25"] = process.argv.slice(2);
  if (!file) throw new Error("usage: traceSamples.ts TRACE.json [tasks] [lines]");
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const profiles = new Map<string, TraceEvent[]>();
  for (const e of events)
    if (e.name === "Profile" || e.name === "ProfileChunk")
      profiles.set(`${e.pid}:${e.id}`, [...(profiles.get(`${e.pid}:${e.id}`) ?? []), e]);
  const sampled = [...profiles].map(([key, list]) => ({ pid: Number(key.split(":")[0]), ...samplesOf(list) }));
  const tasks = events
    .filter((e) => e.name === "RunTask" && (e.dur ?? 0) > 50_000)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, Number(taskCount));
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    // The profile of the task's process with the most samples of real work inside it.
    const [inside, nodes] = sampled
      .filter((p) => p.pid === task.pid)
      .map((p) => [p.samples.filter((s) => s.at >= task.ts && s.at <= end), p.nodes] as const)
      .sort((a, b) => busy(b[0]) - busy(a[0]))[0] ?? [[], new Map<number, ProfileNode>()];
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const lines = new Map<string, number>();
    inside.forEach((sample, i) => {
      const ms = ((inside[i + 1]?.at ?? sample.at) - sample.at) / 1000;
      self.set(nameOf(sample.node), (self.get(nameOf(sample.node)) ?? 0) + ms);
      const line = `${nameOf(sample.node)} line ${sample.line ?? "?"}`;
      lines.set(line, (lines.get(line) ?? 0) + ms);
      const seen = new Set<string>();
      for (let node: ProfileNode | undefined = sample.node; node;) {
        const name = nameOf(node);
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
        seen.add(name);
        node = node.parent === undefined ? undefined : nodes.get(node.parent);
      }
    });
    const count = Number(lineCount);
    console.log(`\ntask in process ${task.pid}: ${((task.dur ?? 0) / 1000).toFixed(0)} ms, ${inside.length} samples`);
    console.log(`self\n${top(self, count)}\ninclusive\n${top(inclusive, count)}\nlines\n${top(lines, count)}`);
  }
}

function busy(samples: readonly Sample[]): number {
  return samples.filter((s) => !/^\((idle|program|root)\)$/.test(s.node.callFrame.functionName)).length;
}

main();
