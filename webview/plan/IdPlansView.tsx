/**
 * Plans addressed by id (unstable ACP `plan_update`), beside the stable plan: one collapsible
 * section each, as a checklist (items), rendered Markdown, or a link to the plan file. A plan the
 * agent removes (`plan_removed`) disappears.
 */
import { memo, useId } from "react";
import type { PlanContent } from "../../src/shared/thread/unstableUpdates";
import { useHostActions, usePanel } from "../host/hooks";
import { useExpanded } from "../ui/uiExpansion";
import { Codicon } from "../ui/Codicon";
import { DisclosureButton } from "../ui/DisclosureButton";
import { LazyMarkdown } from "../transcript/markdown/LazyMarkdown";
import { PlanList } from "./PlanItem";
import { filePathOf } from "../ui/fileUri";
import { t } from "../l10n";

export function IdPlansView() {
  const plans = usePanel((state) => state.thread.idPlans);
  if (!plans || plans.length === 0) return null;
  return (
    <>
      {plans.map((plan) => (
        <IdPlan key={plan.planId} plan={plan} />
      ))}
    </>
  );
}

const IdPlan = memo(function IdPlan({ plan }: { plan: PlanContent }) {
  const [open, setOpen] = useExpanded(`plan:${plan.planId}`, true);
  const bodyId = useId();
  const label = t("Plan {0}", plan.planId);
  return (
    <section className="plan id-plan" role="region" aria-label={label}>
      <DisclosureButton className="plan-toggle" open={open} onToggle={setOpen} controls={bodyId}>
        <Codicon name={plan.type === "file" ? "file" : plan.type === "markdown" ? "markdown" : "checklist"} />
        <span className="plan-heading">{label}</span>
        {plan.type === "items" ? (
          <span className="plan-progress">
            {t("{0} of {1} done", plan.entries.filter((e) => e.status === "completed").length, plan.entries.length)}
          </span>
        ) : null}
      </DisclosureButton>
      {open ? (
        <div id={bodyId} className="id-plan-body">
          <PlanBody plan={plan} label={label} />
        </div>
      ) : null}
    </section>
  );
});

function PlanBody({ plan, label }: { plan: PlanContent; label: string }) {
  const { openLocation, openLink } = useHostActions();
  switch (plan.type) {
    case "items":
      return <PlanList entries={plan.entries} label={label} />;
    case "markdown":
      return (
        <div className="id-plan-markdown">
          <LazyMarkdown text={plan.content} />
        </div>
      );
    case "file": {
      const path = filePathOf(plan.uri);
      const name = (path ?? plan.uri).split(/[\\/]/).filter(Boolean).pop() ?? plan.uri;
      return (
        <button
          type="button"
          className="link-button id-plan-file"
          title={plan.uri}
          onClick={() => (path ? openLocation(path) : openLink(plan.uri))}
        >
          {t("Open {0}", name)}
        </button>
      );
    }
  }
}
