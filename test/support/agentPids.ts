/** The fake agent's processes, for the tests where the process matters (fakeAgentProcess). */
import type { MemoryLogger } from "./memoryPorts";
import { waitFor } from "./waitFor";

/** Whether a process id is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Pids of the fake agent processes that said "fake agent <pid> ready" on stderr, in order. An agent
 * in memory says a process id that is no number ("<pid>m1"), so it is never taken for a process.
 */
export function agentPids(logger: MemoryLogger): number[] {
  return logger.stderr.flatMap((line) => {
    const match = /^fake agent (\d+) ready/.exec(line);
    return match ? [Number(match[1])] : [];
  });
}

/** The first fake agent process's pid. */
export function agentPid(logger: MemoryLogger): number | undefined {
  return agentPids(logger)[0];
}

/** Waits until process `pid` is gone (a stopped or crashed agent; a killed one takes a moment). */
export async function waitForExit(pid: number, what: string, timeoutMs?: number): Promise<void> {
  await waitFor(
    () => isAlive(pid),
    (alive) => !alive,
    what,
    timeoutMs,
  );
}
