/**
 * The disclosure button of a panel above the composer (plan, files changed, queue): chevron, icon,
 * heading and a one-line summary that ends in an ellipsis when the sidebar is narrow. A native
 * button, so Enter and Space toggle it; `aria-expanded` says whether the list below is shown.
 */
import type { ReactNode } from "react";
import { Codicon } from "./Codicon";
import { DisclosureButton } from "./DisclosureButton";

export function SummaryToggle({
  open,
  onToggle,
  controls,
  icon,
  heading,
  headingId,
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The id of the list the button shows and hides (rendered only while open). */
  controls: string;
  icon?: string;
  heading: string;
  headingId?: string;
  /** The summary after the heading: counts, the current step, the queue's state. */
  children: ReactNode;
}) {
  return (
    // The list is rendered only while open: while closed, the button controls nothing yet.
    <DisclosureButton className="section-toggle" open={open} onToggle={onToggle} controls={open ? controls : undefined}>
      {icon === undefined ? null : <Codicon name={icon} className="section-icon" />}
      <span className="section-heading" id={headingId}>
        {heading}
      </span>{" "}
      <span className="section-detail truncate">{children}</span>
    </DisclosureButton>
  );
}
