/**
 * Context compaction as a notice in the timeline — never a tool card: "Context compacting…"
 * with a spinner, then "Context compacted" with the summary collapsed under it, or the failure.
 */
import { memo } from "react";
import type { CompactionEntry } from "../../src/shared/thread/thread";
import { Codicon } from "../ui/Codicon";
import { Collapsible } from "../ui/Collapsible";
import { Markdown } from "./markdown/Markdown";
import { t } from "../l10n";

const labels: Record<CompactionEntry["status"], string> = {
  in_progress: t("Context compacting…"),
  completed: t("Context compacted"),
  failed: t("Context compaction failed"),
  cancelled: t("Context compaction cancelled"),
};

export const CompactionRow = memo(function CompactionRow({ entry }: { entry: CompactionEntry }) {
  const icon =
    entry.status === "in_progress" ? (
      <Codicon name="loading" spin />
    ) : entry.status === "failed" ? (
      <Codicon name="error" className="severity-error" />
    ) : (
      <Codicon name="fold" />
    );
  const label = entry.error && entry.status === "failed" ? `${labels.failed}: ${entry.error}` : labels[entry.status];
  return (
    <article className={`entry notice-row compaction compaction-${entry.status}`} aria-label={t("Context compaction")}>
      <div className="notice-line">
        {icon}
        <span className="notice-title">{label}</span>
      </div>
      {entry.error && entry.status !== "failed" ? <div className="notice-description">{entry.error}</div> : null}
      {entry.summary === "" ? null : (
        <Collapsible className="compaction-summary" storageKey={`${entry.id}:summary`} summary="Summary">
          {() => <Markdown text={entry.summary} />}
        </Collapsible>
      )}
    </article>
  );
});
