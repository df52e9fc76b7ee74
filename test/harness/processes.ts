/**
 * Process-group and polling helpers for the harness: signal a whole group, find the processes a
 * run left behind (by a marker in their environment) and kill them by PID, wait for conditions.
 */
import { readdirSync, readFileSync } from "node:fs";

export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Processes started by this run that escaped the process group (agents get their own group, so
 * they survive the group kill if the extension host does not stop them). Found by the marker in
 * their environment, given time to exit on their own (stdin closed), then killed by PID.
 */
export async function reapStrays(marker: string, value: string): Promise<string[]> {
  const find = (): { pid: number; cmd: string }[] => {
    const found: { pid: number; cmd: string }[] = [];
    for (const entry of safeReaddir("/proc")) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      try {
        const environ = readFileSync(`/proc/${pid}/environ`, "latin1");
        if (!environ.split("\0").includes(`${marker}=${value}`)) continue;
        const cmd = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").trim();
        found.push({ pid, cmd });
      } catch {
        // exited meanwhile, or not ours to read
      }
    }
    return found;
  };
  if (find().length === 0) return [];
  await waitFor(() => find().length === 0, 3_000);
  const strays = find();
  for (const { pid } of strays) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  return strays.map(({ pid, cmd }) => `${pid} ${cmd.slice(0, 160)}`);
}

export function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Polls `check` every 100 ms; false on timeout. Exceptions from `check` propagate. */
export async function waitFor(check: () => boolean, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(intervalMs);
  }
}

export function sleep(msToWait: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, msToWait));
}
