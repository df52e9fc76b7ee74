/**
 * The small interfaces the ACP layer needs from its host. `src/vscode/` implements them with the
 * VS Code API; tests implement them in memory. Nothing in `src/acp/` imports `vscode`.
 */
import type { AgentDefinition } from "./agents/agentDefinition";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /**
   * Raw protocol traffic. `render(maxChars)` gives the message as JSON text of at most `maxChars`
   * characters (cut if longer, credentials by position replaced); call it only when trace output is wanted.
   */
  traffic(direction: "in" | "out", agent: string, render: (maxChars: number) => string): void;
  /** A line the agent wrote to stderr. */
  agentStderr(agent: string, line: string): void;
}

/** A scheduled callback. Cancelling twice, or after it ran, does nothing. */
export interface Timer {
  cancel(): void;
}

/** Time for the ACP layer: read it and schedule on it, so tests can move it by hand. */
export interface Clock {
  now(): number;
  /**
   * Runs `run` once, `ms` from now. A `background` timer alone does not keep node running (a
   * watchdog, a quiet period); the others do (a restart someone is waiting for).
   */
  schedule(ms: number, run: () => void, options?: { readonly background?: boolean }): Timer;
}

/** What it takes to spawn an agent process. */
export type AgentLaunch = Pick<AgentDefinition, "name" | "command" | "args" | "env">;

/** The agents the user can start: user/machine settings over the built-in presets. */
export interface AgentCatalog {
  /** Agents to offer: every configured one, and the presets found on PATH. */
  names(): string[];
  /** The agent to start with: the configured default, else the first configured one. */
  defaultAgent(): string | undefined;
  definition(name: string): AgentDefinition | undefined;
}

/** Where sessions run, and what counts as inside the workspace. */
export interface WorkspacePort {
  /** The session's working directory: the first workspace folder, or a fallback when none is open. */
  cwd(): string;
  /**
   * The folders the user opened: what counts as "inside" for file consent. Empty when no folder is
   * open (the fallback cwd is never a root), so every read and write then asks.
   */
  roots(): string[];
  /** Other workspace roots, sent as `additionalDirectories` when the agent supports them. */
  additionalDirectories?(): string[];
  /** False in Restricted Mode: no agent may start. */
  isTrusted?(): boolean;
  /** `vscode.env.remoteName`: set in a remote window, where `acpPanel.agents` comes from the remote's settings. */
  remoteName?(): string | undefined;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, run, options) {
    const handle = setTimeout(run, ms);
    if (options?.background) handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};
