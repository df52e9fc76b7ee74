/** In-memory implementations of the ACP layer's ports, for host tests without VS Code. */
import type { AgentCatalog, AgentLaunch, Clock, Logger, WorkspacePort } from "../../src/acp/ports";

export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  readonly stderr: string[] = [];
  readonly trafficLog: Array<{ direction: "in" | "out"; text: string }> = [];
  info(message: string): void { this.lines.push(`info ${message}`); }
  warn(message: string): void { this.lines.push(`warn ${message}`); }
  error(message: string): void { this.lines.push(`error ${message}`); }
  traffic(direction: "in" | "out", _agent: string, render: () => string): void { this.trafficLog.push({ direction, text: render() }); }
  agentStderr(_agent: string, line: string): void { this.stderr.push(line); }
}

export class MemoryCatalog implements AgentCatalog {
  private readonly launches: Map<string, AgentLaunch>;
  constructor(launches: AgentLaunch[]) {
    this.launches = new Map(launches.map((launch) => [launch.name, launch]));
  }
  names(): string[] { return [...this.launches.keys()]; }
  defaultAgent(): string | undefined { return this.names()[0]; }
  launch(name: string): AgentLaunch | undefined { return this.launches.get(name); }
}

export const fixedWorkspace = (cwd: string): WorkspacePort => ({ cwd: () => cwd });

export function steppingClock(start = 1_000): Clock {
  let now = start;
  return { now: () => (now += 1) };
}
