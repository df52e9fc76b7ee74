/** In-memory implementations of the ACP layer's ports, for host tests without VS Code. */
import type { AgentCatalog, AgentLaunch, Clock, Logger, WorkspacePort } from "../../src/acp/ports";
import type { AgentDefinition } from "../../src/acp/agentDefinition";

export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  readonly stderr: string[] = [];
  readonly trafficLog: Array<{ direction: "in" | "out"; text: string }> = [];
  info(message: string): void { this.lines.push(`info ${message}`); }
  warn(message: string): void { this.lines.push(`warn ${message}`); }
  error(message: string): void { this.lines.push(`error ${message}`); }
  /** Whole messages (tests parse them back), depth-capped and with credentials replaced as in the real log. */
  traffic(direction: "in" | "out", _agent: string, render: (maxChars: number) => string): void { this.trafficLog.push({ direction, text: render(Number.POSITIVE_INFINITY) }); }
  agentStderr(_agent: string, line: string): void { this.stderr.push(line); }
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
  names(): string[] { return [...this.definitions.keys()]; }
  defaultAgent(): string | undefined { return this.names()[0]; }
  definition(name: string): AgentDefinition | undefined { return this.definitions.get(name); }
}

export const fixedWorkspace = (cwd: string): WorkspacePort => ({ cwd: () => cwd, roots: () => [cwd] });

export function steppingClock(start = 1_000): Clock {
  let now = start;
  return { now: () => (now += 1) };
}
