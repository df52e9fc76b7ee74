/**
 * CPU time for the UI-less bench clients: git's (the finished child processes'), the host
 * thread's own, and the longest busy spell of the thread between two ticks of a timer.
 */
import { readFileSync } from "node:fs";

/**
 * CPU time of the finished child processes (git), from /proc/self/stat's cutime + cstime (Linux;
 * 10 ms ticks): the load-independent side of a checkpoint's wall-clock time. NaN elsewhere.
 */
export function childCpuMs(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10; // fields 16 and 17 of proc(5), at 100 Hz
  } catch {
    return NaN;
  }
}

/** The host thread's own CPU time in ms (NaN before Node 23.9). */
export function threadCpuMs(): number {
  const usage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : NaN;
}

/** While enabled, the most thread CPU time spent between two ticks of a 5 ms timer. */
export class BusySampler {
  private timer: NodeJS.Timeout | undefined;
  private lastCpu = NaN;
  longest = 0;

  enable(): void {
    if (this.timer) return;
    this.lastCpu = threadCpuMs();
    this.timer = setInterval(() => {
      const cpu = threadCpuMs();
      this.longest = Math.max(this.longest, cpu - this.lastCpu);
      this.lastCpu = cpu;
    }, 5);
  }

  disable(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    const cpu = threadCpuMs();
    this.longest = Math.max(this.longest, cpu - this.lastCpu);
  }
}
