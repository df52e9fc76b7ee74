/** Token usage of the turn that just ended ("1.2k in · 340 out"), when the agent reported it. */
import { usePanel } from "../host/hooks";
import { formatTokens } from "../ui/format";
import { t } from "../l10n";

export function TurnUsageLine() {
  const usage = usePanel((state) => state.thread.turnUsage);
  const idle = usePanel((state) => state.thread.turn.phase === "idle");
  if (!usage || !idle) return null;
  const parts = [t("{0} in", formatTokens(usage.inputTokens)), t("{0} out", formatTokens(usage.outputTokens))];
  if (usage.thoughtTokens) parts.push(t("{0} thinking", formatTokens(usage.thoughtTokens)));
  if (usage.cachedReadTokens) parts.push(t("{0} cached", formatTokens(usage.cachedReadTokens)));
  return (
    <p className="turn-usage" title={t("Tokens used by the last turn")}>
      {parts.join(" · ")}
    </p>
  );
}
