/**
 * A subagent run or a team member's lane as a nested, collapsible timeline: state, description,
 * summary or failure reason, progress (tool calls, turns, duration, tokens), and the child thread's
 * entries drawn by the same entry components, indented. Open while it runs; collapsed once done,
 * unless the user chose otherwise.
 */
import { memo, useId, useMemo } from "react";
import type { SubagentRun } from "../../src/shared/thread";
import { usePanel } from "../hooks";
import { NestedThreadContext } from "../nestedThread";
import { describeProgress } from "../runProgress";
import { useAutoExpanded } from "../uiExpansion";
import { Codicon } from "./Codicon";
import { EntryView } from "./EntryView";
import { Markdown } from "./Markdown";
import { messagesOfRun } from "../../src/shared/reduceUnstable";

const stateLook: Record<SubagentRun["state"], { readonly icon: string; readonly label: string; readonly spin?: boolean }> = {
  pending: { icon: "loading", label: "Starting", spin: true },
  running: { icon: "loading", label: "Running", spin: true },
  waiting: { icon: "bell", label: "Needs your action" },
  completed: { icon: "check", label: "Done" },
  failed: { icon: "error", label: "Failed" },
  cancelled: { icon: "circle-slash", label: "Cancelled" },
  unknown: { icon: "question", label: "Unknown" },
};

/** A run of the main thread, by id (its own subscription: child output re-renders only this run). */
export const RunRow = memo(function RunRow({ runId }: { runId: string }) {
  const run = usePanel((state) => state.thread.runs[runId]);
  return run ? <SubagentRunView run={run} /> : null;
});

export function runLabel(run: SubagentRun): string {
  if (run.kind === "member") return `Member: ${run.description ?? run.runId.replace(/^member:/, "")}`;
  return run.description ? `Subagent: ${run.description}` : "Subagent";
}

export const SubagentRunView = memo(function SubagentRunView({ run }: { run: SubagentRun }) {
  const active = run.state === "running" || run.state === "pending" || run.state === "waiting";
  const [open, setOpen] = useAutoExpanded(`run:${run.runId}`, active);
  const look = stateLook[run.state];
  const label = runLabel(run);
  const progress = describeProgress(run.progress, run);
  const bodyId = useId();
  const entries = run.thread.entries;
  // Messages between sessions (standard subagents): the parent's that name this run, and its own.
  const parentMessages = usePanel((state) => state.thread.sessionMessages);
  const messages = useMemo(() => messagesOfRun(parentMessages, run), [parentMessages, run]);
  return (
    <section className={`entry run run-${run.state} run-${run.kind}`} role="group" aria-label={label}>
      <button type="button" className="run-header" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <Codicon name={open ? "chevron-down" : "chevron-right"} />
        <Codicon name={run.kind === "member" ? "person" : "robot"} className="run-kind" />
        <span className="run-title" title={label}>{label.replace(/^(Subagent|Member): /, "")}</span>
        <span className="run-state">
          <Codicon name={look.icon} spin={look.spin ?? false} />
          <span>{look.label}</span>
        </span>
      </button>
      {run.state === "failed" || run.state === "cancelled" ? (run.reason ? <div className="run-reason">{run.reason}</div> : null)
        : run.summary ? <div className="run-summary">{run.summary}</div> : null}
      {progress ? <div className="run-progress">{progress}</div> : null}
      {open ? (
        <div className="run-thread" id={bodyId}>
          <NestedThreadContext value={true}>
            {messages.map((message) => {
              const fromRun = message.sender === run.runId;
              return (
                <div key={message.messageId} className="run-message" role="note" aria-label={fromRun ? "Message from the subagent" : "Message to the subagent"}>
                  <Codicon name={fromRun ? "reply" : "send"} />
                  <Markdown text={message.text} />
                </div>
              );
            })}
            {entries.length === 0 && messages.length === 0 ? <p className="run-empty">{active ? "Waiting for output…" : "No output."}</p>
              : entries.map((entry) => <EntryView key={entry.id} entry={entry} recovery={false} />)}
          </NestedThreadContext>
        </div>
      ) : null}
    </section>
  );
});
