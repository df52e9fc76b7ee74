/**
 * For the linear-time checks of hostile inputs: how long work kept this process busy, in CPU time
 * (user + system, ms). Measured by the wall clock, such a check fails on a loaded machine when the
 * test only waits for a core; those waits are not CPU time. A backtracking scan still takes
 * seconds to minutes of CPU, far above the bounds.
 */

/** The CPU time synchronous `work` took. */
export function cpuMillis(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  return cpuMillisSince(before);
}

/** The CPU time since `before` (`process.cpuUsage()`): for work that awaits. */
export function cpuMillisSince(before: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}
