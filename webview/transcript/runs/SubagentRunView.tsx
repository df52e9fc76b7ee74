/**
 * A subagent run or a team member's lane as a nested, collapsible timeline: state, description,
 * summary or failure reason, progress (tool calls, turns, duration, tokens), and the child thread's
 * entries drawn by the same entry components, indented. Open while it runs; collapsed once done,
 * unless the user chose otherwise.
 */
import { memo, useId, useMemo } from "react";
import type { SubagentRun } from "../../../src/shared/thread/thread";
import { usePanel } from "../../host/hooks";
import { NestedThreadContext, useNestedEntryView } from "./nestedThread";
import { describeProgress } from "./runProgress";
import { useAutoExpanded } from "../../ui/uiExpansion";
import { Codicon } from "../../ui/Codicon";
import { DisclosureButton } from "../../ui/DisclosureButton";
import { t } from "../../l10n";
import { Markdown } from "../markdown/Markdown";
import { messagesOfRun } from "../../../src/shared/thread/reduceUnstable";

const stateLook: Record<
  SubagentRun["state"],
  { readonly icon: string; readonly label: string; readonly spin?: boolean }
> = {
  pending: { icon: "loading", label: t("Starting"), spin: true },
  running: { icon: "loading", label: t("Running"), spin: true },
  waiting: { icon: "bell", label: t("Needs your action") },
  completed: { icon: "check", label: t("Done") },
  failed: { icon: "error", label: t("Failed") },
  cancelled: { icon: "circle-slash", label: t("Cancelled") },
  unknown: { icon: "question", label: t("Unknown") },
};

/** A run of the main thread, by id (its own subscription: child output re-renders only this run). */
export const RunRow = memo(function RunRow({ runId }: { runId: string }) {
  const run = usePanel((state) => state.thread.runs[runId]);
  return run ? <SubagentRunView run={run} /> : null;
});

/** The run's name without its kind ("Subagent: …"), for the header's title. */
function runName(run: SubagentRun): string | undefined {
  return run.kind === "member" ? (run.description ?? run.runId.replace(/^member:/, "")) : run.description;
}

export function runLabel(run: SubagentRun): string {
  const name = runName(run);
  if (run.kind === "member") return t("Member: {0}", name ?? "");
  return name ? t("Subagent: {0}", name) : t("Subagent");
}

export const SubagentRunView = memo(function SubagentRunView({ run }: { run: SubagentRun }) {
  const active = run.state === "running" || run.state === "pending" || run.state === "waiting";
  const [open, setOpen] = useAutoExpanded(`run:${run.runId}`, active);
  const NestedEntry = useNestedEntryView();
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
      <DisclosureButton className="run-header" open={open} onToggle={setOpen} controls={bodyId}>
        <Codicon name={run.kind === "member" ? "person" : "robot"} className="run-kind" />
        <span className="run-title truncate" title={label}>
          {runName(run) ?? label}
        </span>
        <span className={`run-state state-label state-${run.state}`}>
          <Codicon name={look.icon} spin={look.spin ?? false} />
          <span>{look.label}</span>
        </span>
      </DisclosureButton>
      {run.state === "failed" || run.state === "cancelled" ? (
        run.reason ? (
          <div className="run-reason">{run.reason}</div>
        ) : null
      ) : run.summary ? (
        <div className="run-summary">{run.summary}</div>
      ) : null}
      {progress ? <div className="run-progress">{progress}</div> : null}
      {open ? (
        <div className="run-thread" id={bodyId}>
          <NestedThreadContext value={true}>
            {messages.map((message) => {
              const fromRun = message.sender === run.runId;
              return (
                <div
                  key={message.messageId}
                  className="run-message"
                  role="note"
                  aria-label={fromRun ? t("Message from the subagent") : t("Message to the subagent")}
                >
                  <Codicon name={fromRun ? "reply" : "send"} />
                  <Markdown text={message.text} />
                </div>
              );
            })}
            {entries.length === 0 && messages.length === 0 ? (
              <p className="run-empty">{active ? t("Waiting for output…") : t("No output.")}</p>
            ) : (
              entries.map((entry) => <NestedEntry key={entry.id} entry={entry} />)
            )}
          </NestedThreadContext>
        </div>
      ) : null}
    </section>
  );
});
