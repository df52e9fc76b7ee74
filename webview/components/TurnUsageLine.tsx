/** Token usage of the turn that just ended ("1.2k in · 340 out"), when the agent reported it. */
import { usePanel } from "../hooks";
import { formatTokens } from "../format";

export function TurnUsageLine() {
  const usage = usePanel((state) => state.thread.turnUsage);
  const idle = usePanel((state) => state.thread.turn.phase === "idle");
  if (!usage || !idle) return null;
  const parts = [`${formatTokens(usage.inputTokens)} in`, `${formatTokens(usage.outputTokens)} out`];
  if (usage.thoughtTokens) parts.push(`${formatTokens(usage.thoughtTokens)} thinking`);
  if (usage.cachedReadTokens) parts.push(`${formatTokens(usage.cachedReadTokens)} cached`);
  return (
    <p className="turn-usage" title="Tokens used by the last turn">
      {parts.join(" · ")}
    </p>
  );
}
