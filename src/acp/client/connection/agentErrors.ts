/**
 * Turning agent start and exit failures into messages a user can act on: what was run, why it
 * failed, and how to fix it.
 */
import type { AgentExit } from "./agentProcess";
import type { AgentLaunch } from "../../ports";
import { english, type Translate } from "../../../shared/l10n";

export interface FailureReport {
  readonly message: string;
  readonly details?: string;
  /** The program was not found (ENOENT): installing it is the fix, a restart is not. */
  readonly missingCommand?: boolean;
}

export function commandLine(launch: AgentLaunch): string {
  return [launch.command, ...launch.args].map((part) => (/\s/.test(part) ? JSON.stringify(part) : part)).join(" ");
}

export function describeStartFailure(launch: AgentLaunch, error: unknown, t: Translate = english): FailureReport {
  const ran = t("Ran: {0}", commandLine(launch));
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") {
    return {
      message: t('Could not start "{0}": the command "{1}" was not found.', launch.name, launch.command),
      missingCommand: true,
      details: `${ran}\n${t('Install the agent, or set an absolute "command" path for "{0}" in the "acpPanel.agents" user setting.', launch.name)}`,
    };
  }
  if (code === "EACCES") {
    return {
      message: t('Could not start "{0}": permission denied running "{1}".', launch.name, launch.command),
      details: `${ran}\n${t('Make the file executable (chmod +x) or point "command" at the right program.')}`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: t('Could not start "{0}": {1}', launch.name, message), details: ran };
}

export function describeExit(exit: AgentExit, stderrTail: string, t: Translate = english): FailureReport {
  const message = exit.signal
    ? t("The agent was killed by {0}.", exit.signal)
    : t("The agent exited with code {0}.", exit.code ?? "unknown");
  const details = stderrTail
    ? `${t("Last output on stderr:")}\n${stderrTail}`
    : t("The agent wrote nothing to stderr.");
  return { message, details };
}

/** A failed request, for the user: JSON-RPC code and message, with the agent's details. */
export function describeRequestError(error: unknown): FailureReport {
  if (error && typeof error === "object" && "code" in error && typeof error.code === "number") {
    const { code, message, data } = error as { code: number; message?: string; data?: unknown };
    const detail = (data as { details?: unknown } | undefined)?.details;
    const text = typeof detail === "string" ? `${message ?? "error"}: ${detail}` : (message ?? "error");
    return { message: `${text} (${code})`, ...(data !== undefined ? { details: JSON.stringify(data, null, 2) } : {}) };
  }
  const details =
    error instanceof Error && "details" in error && typeof error.details === "string" ? { details: error.details } : {};
  return { message: error instanceof Error ? error.message : String(error), ...details };
}
