/**
 * Issue 29: what tabs of one agent cost in memory. `tabs` ChatSessions of one fake agent over a
 * shared AgentProcesses pool (as SessionManager gives them), with the entry's `processPerSession`
 * as the job says (true: one process per tab, the old way). Each tab starts and answers one short
 * turn; then the host's RSS growth (after a GC) and the agents' summed RSS (from /proc) are read.
 * Bundled and run like hostClient.ts; input ProcessesJob, output one ProcessesResult line.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { ChatSession } from "../../src/acp/sessions/chatSession";
import { AgentProcesses } from "../../src/acp/client/session/agentProcesses";
import { systemClock, type Logger } from "../../src/acp/ports";
import { definitionOf, MemoryCatalog, fixedWorkspace } from "../support/memoryPorts";
import { runClient } from "./clientMain";

export interface ProcessesJob {
  readonly node: string;
  readonly agentScript: string;
  readonly cwd: string;
  readonly tabs: number;
  readonly processPerSession: boolean;
}

export interface ProcessesResult {
  /** Agent processes running with every tab open. */
  readonly processes: number;
  /** The host's RSS with the tabs open minus before them (after a GC), MiB. */
  readonly hostRssGrowthMB: number;
  /** The agent processes' summed RSS (VmRSS), MiB. */
  readonly childRssMB: number;
}

const MIB = 1024 * 1024;

class PidLogger implements Logger {
  readonly pids = new Set<number>();
  info(): void {}
  warn(): void {}
  error(message: string): void {
    process.stderr.write(`${message}\n`);
  }
  traffic(): void {}
  agentStderr(_agent: string, line: string): void {
    const match = /^fake agent (\d+) ready/.exec(line);
    if (match) this.pids.add(Number(match[1]));
  }
}

function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

function hostRss(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage.rss();
}

async function run(job: ProcessesJob): Promise<ProcessesResult> {
  const logger = new PidLogger();
  const launch = {
    ...definitionOf({ name: "Bench Agent", command: job.node, args: [job.agentScript], env: {} }),
    processPerSession: job.processPerSession,
  };
  const processes = new AgentProcesses({ clock: systemClock, logger, graceMs: 0 });
  const before = hostRss();
  const tabs = Array.from({ length: job.tabs }, () => {
    const chat = new ChatSession({
      catalog: new MemoryCatalog([launch]),
      workspace: fixedWorkspace(job.cwd || tmpdir()),
      logger,
      clock: systemClock,
      restartDelaysMs: [],
      agentProcesses: processes,
    });
    chat.refreshAgents();
    return chat;
  });
  await Promise.all(tabs.map((tab) => tab.start()));
  await Promise.all(tabs.map((tab) => tab.prompt("hello")));
  const hostRssGrowthMB = (hostRss() - before) / MIB;
  const childRssMB = [...logger.pids].reduce((sum, pid) => sum + rssOf(pid), 0) / MIB;
  const result = { processes: processes.size, hostRssGrowthMB, childRssMB };
  await Promise.all(tabs.map((tab) => tab.dispose()));
  await processes.dispose();
  return result;
}

runClient("processes", run);
