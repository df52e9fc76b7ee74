/**
 * How full the agent's context window is (`usage_update`): a meter with the percentage, the
 * cost when the agent reports one, and a warning colour past 80%.
 */
import { usePanel } from "../host/hooks";
import { formatCost, formatTokens } from "../ui/format";
import { t } from "../l10n";

const WARN_AT = 0.8;

export function ContextMeter() {
  const usage = usePanel((state) => state.thread.usage);
  if (!usage || usage.size <= 0) return null;
  const ratio = Math.min(1, Math.max(0, usage.used / usage.size));
  const percent = Math.round(ratio * 100);
  const detail = t("{0} of {1} tokens", formatTokens(usage.used), formatTokens(usage.size));
  const cost = usage.cost ? formatCost(usage.cost.amount, usage.cost.currency) : undefined;
  const warn = ratio > WARN_AT;
  return (
    <div
      className={warn ? "context-meter context-meter-warn" : "context-meter"}
      title={`${t("Context window: {0}% ({1})", percent, detail)}${cost ? ` · ${cost}` : ""}`}
    >
      <div
        className="context-meter-track"
        role="meter"
        aria-label={t("Context window")}
        aria-valuemin={0}
        aria-valuemax={usage.size}
        aria-valuenow={usage.used}
        aria-valuetext={`${percent}% (${detail})`}
      >
        <div className="context-meter-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="context-meter-text">{percent}%</span>
      {cost ? <span className="context-meter-cost">{cost}</span> : null}
    </div>
  );
}
