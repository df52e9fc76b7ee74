/**
 * Memory of a benchmark client process, sampled from inside it: resident set size every 50 ms
 * (the peak growth over the workload is the figure) and the JS heap after a forced GC when the
 * process runs with --expose-gc. The sampling timer runs on the loop it measures, so a client
 * that never yields is sampled less often: the peak is a lower bound.
 */
const MIB = 1024 * 1024;

export interface MemoryFigures {
  /** Peak RSS during the workload minus RSS just before it, MiB. */
  readonly rssPeakGrowthMB: number;
  /** JS heap after a GC at the end minus the same before, MiB (undefined without --expose-gc). */
  readonly heapGrowthMB?: number;
}

export function startMemorySampler(): { stop(): MemoryFigures } {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      gc?.();
      const heapGrowth = gc ? (process.memoryUsage().heapUsed - heapBefore) / MIB : undefined;
      return {
        rssPeakGrowthMB: (peak - rssBefore) / MIB,
        ...(heapGrowth === undefined ? {} : { heapGrowthMB: heapGrowth }),
      };
    },
  };
}
