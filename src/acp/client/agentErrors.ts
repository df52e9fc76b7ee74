/**
 * Turning agent start and exit failures into messages a user can act on: what was run, why it
 * failed, and how to fix it.
 */
import type { AgentExit } from "./agentProcess";
import type { AgentLaunch } from "../ports";

export interface FailureReport {
  readonly message: string;
  readonly details?: string;
}

export function commandLine(launch: AgentLaunch): string {
  return [launch.command, ...launch.args].map((part) => (/\s/.test(part) ? JSON.stringify(part) : part)).join(" ");
}

export function describeStartFailure(launch: AgentLaunch, error: unknown): FailureReport {
  const ran = `Ran: ${commandLine(launch)}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") {
    return {
      message: `Could not start "${launch.name}": the command "${launch.command}" was not found.`,
      details: `${ran}\nInstall the agent, or set an absolute "command" path for "${launch.name}" in the "acpPanel.agents" user setting.`,
    };
  }
  if (code === "EACCES") {
    return {
      message: `Could not start "${launch.name}": permission denied running "${launch.command}".`,
      details: `${ran}\nMake the file executable (chmod +x) or point "command" at the right program.`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Could not start "${launch.name}": ${message}`, details: ran };
}

export function describeExit(exit: AgentExit, stderrTail: string): FailureReport {
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? "unknown"}`;
  const details = stderrTail ? `Last output on stderr:\n${stderrTail}` : "The agent wrote nothing to stderr.";
  return { message: `The agent ${how}.`, details };
}

/** A failed request, for the user: JSON-RPC code and message, with the agent's details. */
export function describeRequestError(error: unknown): FailureReport {
  if (error && typeof error === "object" && "code" in error && typeof (error as { code: unknown }).code === "number") {
    const { code, message, data } = error as { code: number; message?: string; data?: unknown };
    const detail = (data as { details?: unknown } | undefined)?.details;
    const text = typeof detail === "string" ? `${message ?? "error"}: ${detail}` : message ?? "error";
    return { message: `${text} (${code})`, ...(data !== undefined ? { details: JSON.stringify(data, null, 2) } : {}) };
  }
  const details = error instanceof Error && "details" in error && typeof error.details === "string" ? { details: error.details } : {};
  return { message: error instanceof Error ? error.message : String(error), ...details };
}
