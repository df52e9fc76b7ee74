/**
 * The small interfaces the ACP layer needs from its host. `src/vscode/` implements them with the
 * VS Code API; tests implement them in memory. Nothing in `src/acp/` imports `vscode`.
 */

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Raw protocol traffic. `render` is called only when trace output is wanted. */
  traffic(direction: "in" | "out", agent: string, render: () => string): void;
  /** A line the agent wrote to stderr. */
  agentStderr(agent: string, line: string): void;
}

export interface Clock {
  now(): number;
}

/** How to launch one configured agent. */
export interface AgentLaunch {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** The agents the user configured, read from user/machine settings only. */
export interface AgentCatalog {
  names(): string[];
  /** The agent to start with: the configured default, else the first. */
  defaultAgent(): string | undefined;
  launch(name: string): AgentLaunch | undefined;
}

/** Where sessions run: the first workspace folder, or a fallback when none is open. */
export interface WorkspacePort {
  cwd(): string;
}

export const systemClock: Clock = { now: () => Date.now() };
