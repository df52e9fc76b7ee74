/**
 * The status a tool card shows. Agents report a terminal command that exited non-zero as
 * `completed` (the tool ran; the command failed), so a completed call whose terminal, or (for an
 * `execute` tool) whose raw output, says the command exited non-zero (or was killed) shows as
 * failed, never as "Done". Other kinds' raw output is not read: a fetch's `code` is an HTTP status.
 */
import type { TerminalView, ToolCallEntry, ToolStatus } from "./thread";

/** Exit codes agents put in a tool call's raw output (`exitCode`, `exit_code`, `code`). */
function rawExitCode(rawOutput: unknown): number | undefined {
  if (typeof rawOutput !== "object" || rawOutput === null) return undefined;
  const record = rawOutput as Record<string, unknown>;
  for (const key of ["exitCode", "exit_code", "code"]) {
    const value = record[key];
    if (typeof value === "number" && Number.isInteger(value)) return value;
  }
  return undefined;
}

export function commandFailed(entry: ToolCallEntry, terminals: Readonly<Record<string, TerminalView>>): boolean {
  for (const item of entry.content) {
    if (item.type !== "terminal") continue;
    const exit = terminals[item.terminalId]?.exit;
    if (exit !== undefined && (exit.exitCode !== 0 || exit.signal !== null)) return true;
  }
  if (entry.toolKind !== "execute") return false;
  const code = rawExitCode(entry.rawOutput);
  return code !== undefined && code !== 0;
}

export function shownToolStatus(entry: ToolCallEntry, terminals: Readonly<Record<string, TerminalView>>): ToolStatus {
  return entry.status === "completed" && commandFailed(entry, terminals) ? "failed" : entry.status;
}
