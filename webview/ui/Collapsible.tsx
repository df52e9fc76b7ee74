/**
 * A `<details>` section whose open state is UI state (see uiExpansion.ts), so it survives the
 * card being scrolled out of the virtualised transcript. The body renders only while open:
 * large tool input and output cost nothing until someone looks.
 */
import type { ReactNode, SyntheticEvent } from "react";
import { useExpanded } from "./uiExpansion";

interface CollapsibleProps {
  /** Unique and stable, e.g. `<entry id>:input`. */
  readonly storageKey: string;
  readonly summary: ReactNode;
  readonly defaultOpen?: boolean;
  readonly className?: string;
  /** Accessible name of the section, when the summary alone does not say it. */
  readonly label?: string;
  readonly children: () => ReactNode;
}

export function Collapsible({
  storageKey,
  summary,
  defaultOpen = false,
  className,
  label,
  children,
}: CollapsibleProps) {
  const [open, setOpen] = useExpanded(storageKey, defaultOpen);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open !== open) setOpen(event.currentTarget.open);
  };
  return (
    <details
      className={className ? `collapsible ${className}` : "collapsible"}
      open={open}
      onToggle={onToggle}
      aria-label={label}
    >
      <summary>{summary}</summary>
      {open ? children() : null}
    </details>
  );
}
