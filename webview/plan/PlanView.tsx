/**
 * The agent's plan as a checklist above the composer. Collapsed by default to one row: its
 * progress ("2 of 5 done") and the current step. A new plan from the agent replaces the old one whole.
 */
import { usePanel } from "../host/hooks";
import { usePanelExpanded } from "../ui/uiExpansion";
import { SummaryToggle } from "../ui/SummaryToggle";
import { PlanList } from "./PlanItem";
import { t } from "../l10n";

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
      {open ? <PlanList entries={plan} label={t("Plan")} id="plan-list" /> : null}
    </div>
  );
}
