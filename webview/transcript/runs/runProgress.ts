/** A subagent run's progress in words, for its header. */
import type { SubagentProgress, SubagentRun } from "../../../src/shared/thread/thread";
import { formatDuration, formatTokens } from "../../ui/format";
import { t } from "../../l10n";

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many.replace("{0}", String(count));
}

/** "3 tool calls · 2 turns · 9.4 s · 1.2k tokens · last: bash". */
export function describeProgress(
  progress: SubagentProgress,
  run: Pick<SubagentRun, "startedAt" | "endedAt" | "state">,
): string {
  const parts: string[] = [];
  if (progress.toolCallCount !== undefined)
    parts.push(plural(progress.toolCallCount, t("1 tool call"), t("{0} tool calls")));
  else if (progress.toolsUsed !== undefined)
    parts.push(plural(progress.toolsUsed, t("1 tool used"), t("{0} tools used")));
  if (progress.turnCount !== undefined) parts.push(plural(progress.turnCount, t("1 turn"), t("{0} turns")));
  const duration =
    progress.durationMs ??
    (run.startedAt !== undefined && run.endedAt !== undefined ? run.endedAt - run.startedAt : undefined);
  if (duration !== undefined) parts.push(formatDuration(duration));
  if (progress.totalTokens !== undefined) parts.push(t("{0} tokens", formatTokens(progress.totalTokens)));
  if (progress.lastToolName && (run.state === "running" || run.state === "pending"))
    parts.push(t("last: {0}", progress.lastToolName));
  return parts.join(" · ");
}
