/**
 * The agent's plan as a checklist above the composer. Collapsed by default to one row: its
 * progress ("2 of 5 done") and the current step. A new plan from the agent replaces the old one whole.
 */
import type { PlanEntry } from "../../src/shared/thread/sessionUpdate";
import { usePanel } from "../host/hooks";
import { usePanelExpanded } from "../ui/uiExpansion";
import { Codicon } from "../ui/Codicon";
import { SummaryToggle } from "../ui/SummaryToggle";
import { t } from "../l10n";

export const statusLook: Record<
  PlanEntry["status"],
  { readonly icon: string; readonly label: string; readonly spin?: boolean }
> = {
  pending: { icon: "circle-large-outline", label: t("Pending") },
  in_progress: { icon: "loading", label: t("In progress"), spin: true },
  completed: { icon: "pass-filled", label: t("Done") },
};

export function PlanView() {
  const plan = usePanel((state) => state.thread.plan);
  const [open, setOpen] = usePanelExpanded("plan");
  if (plan.length === 0) return null;
  const done = plan.filter((entry) => entry.status === "completed").length;
  const current = plan.find((entry) => entry.status === "in_progress");
  return (
    <div className="plan">
      <div className="section-bar">
        <SummaryToggle open={open} onToggle={setOpen} controls="plan-list" icon="checklist" heading={t("Plan")}>
          {t("{0} of {1} done", done, plan.length)}
          {!open && current ? ` · ${current.content}` : null}
        </SummaryToggle>
      </div>
      {open ? (
        <ol className="plan-list" id="plan-list" role="list" aria-label={t("Plan")}>
          {plan.map((entry, index) => {
            const look = statusLook[entry.status];
            return (
              <li key={index} className={`plan-item plan-${entry.status}`}>
                <Codicon name={look.icon} spin={look.spin ?? false} />
                <span className="plan-content">{entry.content}</span>
                <span className="visually-hidden">({look.label})</span>
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
