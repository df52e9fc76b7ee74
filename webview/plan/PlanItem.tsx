/**
 * A plan's steps as a checklist, for the stable plan (PlanView) and for plans by id (IdPlansView):
 * each step with its status as an icon, and in words for screen readers.
 */
import type { PlanEntry } from "../../src/shared/thread/sessionUpdate";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

const statusLook: Record<
  PlanEntry["status"],
  { readonly icon: string; readonly label: string; readonly spin?: boolean }
> = {
  pending: { icon: "circle-large-outline", label: t("Pending") },
  in_progress: { icon: "loading", label: t("In progress"), spin: true },
  completed: { icon: "pass-filled", label: t("Done") },
};

export function PlanList({ entries, label, id }: { entries: readonly PlanEntry[]; label: string; id?: string }) {
  return (
    <ol className="plan-list" id={id} role="list" aria-label={label}>
      {entries.map((entry, index) => (
        <PlanItem key={index} entry={entry} />
      ))}
    </ol>
  );
}

export function PlanItem({ entry }: { entry: PlanEntry }) {
  const look = statusLook[entry.status];
  return (
    <li className={`plan-item plan-${entry.status}`}>
      <Codicon name={look.icon} spin={look.spin ?? false} />
      <span className="plan-content">{entry.content}</span>
      <span className="visually-hidden">({look.label})</span>
    </li>
  );
}
