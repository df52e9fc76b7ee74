/** In-memory implementations of the ACP layer's ports, for host tests without VS Code. */
import {
  type AgentCatalog,
  type AgentLaunch,
  type Clock,
  type Logger,
  type Timer,
  type WorkspacePort,
  systemClock,
} from "../../src/acp/ports";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";

export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  readonly stderr: string[] = [];
  readonly trafficLog: Array<{ direction: "in" | "out"; text: string }> = [];
  info(message: string): void {
    this.lines.push(`info ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`warn ${message}`);
  }
  error(message: string): void {
    this.lines.push(`error ${message}`);
  }
  /** Whole messages (tests parse them back), depth-capped and with credentials replaced as in the real log. */
  traffic(direction: "in" | "out", _agent: string, render: (maxChars: number) => string): void {
    this.trafficLog.push({ direction, text: render(Number.POSITIVE_INFINITY) });
  }
  agentStderr(_agent: string, line: string): void {
    this.stderr.push(line);
  }
}

/** A stdio agent definition with defaults for everything but the launch. */
export function definitionOf(launch: AgentLaunch, extra: Partial<AgentDefinition> = {}): AgentDefinition {
  return { transport: "stdio", defaultConfig: {}, mcpServers: [], ...launch, ...extra };
}

export class MemoryCatalog implements AgentCatalog {
  private readonly definitions: Map<string, AgentDefinition>;
  constructor(agents: Array<AgentLaunch | AgentDefinition>) {
    this.definitions = new Map(agents.map((agent) => [agent.name, "transport" in agent ? agent : definitionOf(agent)]));
  }
  names(): string[] {
    return [...this.definitions.keys()];
  }
  defaultAgent(): string | undefined {
    return this.names()[0];
  }
  definition(name: string): AgentDefinition | undefined {
    return this.definitions.get(name);
  }
  /** The user deletes the agent from the setting (call the session's refreshAgents after). */
  remove(name: string): void {
    this.definitions.delete(name);
  }
}

export const fixedWorkspace = (cwd: string): WorkspacePort => ({ cwd: () => cwd, roots: () => [cwd] });

/** Time that ticks by 1 ms per reading; timers are real (for tests that never wait on one). */
export function steppingClock(start = 1_000): Clock {
  let now = start;
  return { now: () => (now += 1), schedule: systemClock.schedule };
}

/**
 * A clock that moves only when told: `advance` runs the timers that fall due, in order, each at
 * its own time. Tests of watchdogs, backoff and quiet periods use it instead of waiting.
 */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 0;
  private readonly timers = new Map<number, { readonly at: number; readonly run: () => void }>();
  /** How many timers were ever scheduled. */
  scheduled = 0;

  constructor(start = 1_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  schedule(ms: number, run: () => void): Timer {
    this.scheduled += 1;
    const id = ++this.nextId;
    this.timers.set(id, { at: this.time + Math.max(0, ms), run });
    return { cancel: () => void this.timers.delete(id) };
  }

  /** How far ahead each pending timer is, soonest first. */
  pending(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.time).sort((a, b) => a - b);
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      let next: [number, { at: number; run: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= until && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].run();
    }
    this.time = until;
  }
}
