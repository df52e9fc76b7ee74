/**
 * Compact one-line views of the entries that are not conversation: tool calls, context
 * compaction and agent notices. Enough to see what the agent did; richer cards (diffs,
 * terminals, permissions) can replace these one kind at a time.
 */
import { memo } from "react";
import type { CompactionEntry, NoticeEntry, ToolCallEntry, ToolStatus } from "../../src/shared/thread";

const toolStatusLabels: Record<ToolStatus, string> = {
  pending: "Pending",
  in_progress: "Running",
  completed: "Done",
  failed: "Failed",
  awaiting_permission: "Waiting for permission",
  cancelled: "Cancelled",
};

const toolStatusIcons: Record<ToolStatus, string> = {
  pending: "codicon-circle-outline",
  in_progress: "codicon-loading codicon-modifier-spin",
  completed: "codicon-check",
  failed: "codicon-error",
  awaiting_permission: "codicon-shield",
  cancelled: "codicon-circle-slash",
};

export const ToolCallLine = memo(function ToolCallLine({ entry }: { entry: ToolCallEntry }) {
  const title = entry.title || entry.name || entry.toolKind;
  return (
    <article className={`entry entry-activity tool-${entry.status}`} aria-label={`Tool: ${title}`}>
      <span className={`codicon ${toolStatusIcons[entry.status]}`} aria-hidden="true" />
      <span className="activity-title">{title}</span>
      <span className="activity-status">{toolStatusLabels[entry.status]}</span>
    </article>
  );
});

export const CompactionLine = memo(function CompactionLine({ entry }: { entry: CompactionEntry }) {
  const label = entry.status === "in_progress" ? "Compacting context…" : entry.status === "completed" ? "Context compacted" : `Context compaction ${entry.status}`;
  return (
    <article className="entry entry-activity" aria-label="Context compaction">
      <span className="codicon codicon-fold" aria-hidden="true" />
      {entry.summary === "" ? <span className="activity-title">{label}</span> : (
        <details className="activity-details">
          <summary>{label}</summary>
          <div className="activity-body">{entry.summary}</div>
        </details>
      )}
      {entry.error === undefined ? null : <span className="activity-status">{entry.error}</span>}
    </article>
  );
});

const noticeIcons: Record<NoticeEntry["severity"], string> = { info: "codicon-info", warning: "codicon-warning", error: "codicon-error" };

export const NoticeLine = memo(function NoticeLine({ entry }: { entry: NoticeEntry }) {
  return (
    <article className={`entry entry-activity notice-${entry.severity}`} aria-label={entry.title}>
      <span className={`codicon ${noticeIcons[entry.severity]}`} aria-hidden="true" />
      <span className="activity-title">{entry.title}</span>
      {entry.description === undefined ? null : <span className="activity-status">{entry.description}</span>}
    </article>
  );
});
