/**
 * A native button that shows and hides the section it names (`aria-expanded`, `aria-controls`):
 * a chevron for its state, then the caller's icon and text. Enter and Space toggle it.
 */
import type { ReactNode } from "react";
import { Codicon } from "./Codicon";

export function DisclosureButton({
  className,
  open,
  onToggle,
  controls,
  children,
}: {
  className: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The id of the section the button shows and hides. */
  controls: string | undefined;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`disclosure ${className}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle(!open)}
    >
      <Codicon name={open ? "chevron-down" : "chevron-right"} />
      {children}
    </button>
  );
}
