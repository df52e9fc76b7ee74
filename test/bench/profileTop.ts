/**
 * Summarises a V8 CPU profile (.cpuprofile: `node --cpu-prof`, or Chromium's Profiler domain):
 * the functions with the most self time, and the most inclusive time, with their location.
 *   node --import tsx test/bench/profileTop.ts FILE.cpuprofile [N]
 */
import { readFileSync } from "node:fs";

export interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
    readonly columnNumber: number;
  };
  readonly hitCount?: number;
  readonly children?: readonly number[];
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

export interface ProfileLine {
  readonly fn: string;
  readonly selfMs: number;
  readonly totalMs: number;
}

export function summarise(
  profile: CpuProfile,
  top = 25,
): { totalMs: number; bySelf: ProfileLine[]; byTotal: ProfileLine[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Self time per node from the samples (time deltas), falling back to hit counts.
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  if (samples.length) {
    for (let i = 0; i < samples.length; i++) {
      const next = deltas[i + 1] ?? 0;
      self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + next / 1000);
    }
  } else {
    const interval =
      (profile.endTime - profile.startTime) /
      1000 /
      Math.max(
        1,
        profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0),
      );
    for (const n of profile.nodes) self.set(n.id, (n.hitCount ?? 0) * interval);
  }
  const key = (n: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    const file = url.split("/").pop() || url || "(native)";
    return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const n of profile.nodes) {
    const ms = self.get(n.id) ?? 0;
    if (ms === 0) continue;
    selfBy.set(key(n), (selfBy.get(key(n)) ?? 0) + ms);
    // Inclusive: charge every distinct frame on the stack once.
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id)!);
      if (seen.has(k)) continue;
      seen.add(k);
      totalBy.set(k, (totalBy.get(k) ?? 0) + ms);
    }
  }
  const line = (fn: string): ProfileLine => ({
    fn,
    selfMs: Math.round((selfBy.get(fn) ?? 0) * 10) / 10,
    totalMs: Math.round((totalBy.get(fn) ?? 0) * 10) / 10,
  });
  const sortBy = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn]) => line(fn));
  return {
    totalMs: Math.round((profile.endTime - profile.startTime) / 100) / 10,
    bySelf: sortBy(selfBy),
    byTotal: sortBy(totalBy),
  };
}

if (process.argv[1]?.endsWith("profileTop.ts")) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: profileTop.ts FILE.cpuprofile [N]");
  const { totalMs, bySelf, byTotal } = summarise(
    JSON.parse(readFileSync(file, "utf8")) as CpuProfile,
    Number(process.argv[3] ?? 25),
  );
  console.log(`profile: ${totalMs} ms\n\nself ms  total ms  function`);
  for (const l of bySelf) console.log(`${String(l.selfMs).padStart(7)}  ${String(l.totalMs).padStart(8)}  ${l.fn}`);
  console.log(`\ntotal ms  self ms  function`);
  for (const l of byTotal) console.log(`${String(l.totalMs).padStart(8)}  ${String(l.selfMs).padStart(7)}  ${l.fn}`);
}
