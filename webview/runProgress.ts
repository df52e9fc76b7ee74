/** A subagent run's progress in words, for its header. */
import type { SubagentProgress, SubagentRun } from "../src/shared/thread";
import { formatDuration, formatTokens } from "./format";

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 tool calls · 2 turns · 9.4 s · 1.2k tokens · last: bash". */
export function describeProgress(progress: SubagentProgress, run: Pick<SubagentRun, "startedAt" | "endedAt" | "state">): string {
  const parts: string[] = [];
  if (progress.toolCallCount !== undefined) parts.push(plural(progress.toolCallCount, "tool call", "tool calls"));
  else if (progress.toolsUsed !== undefined) parts.push(plural(progress.toolsUsed, "tool used", "tools used"));
  if (progress.turnCount !== undefined) parts.push(plural(progress.turnCount, "turn", "turns"));
  const duration = progress.durationMs ?? (run.startedAt !== undefined && run.endedAt !== undefined ? run.endedAt - run.startedAt : undefined);
  if (duration !== undefined) parts.push(formatDuration(duration));
  if (progress.totalTokens !== undefined) parts.push(`${formatTokens(progress.totalTokens)} tokens`);
  if (progress.lastToolName && (run.state === "running" || run.state === "pending")) parts.push(`last: ${progress.lastToolName}`);
  return parts.join(" · ");
}
