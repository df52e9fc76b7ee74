import { Codicon } from "./Codicon";

/**
 * A toolbar button that shows only a codicon: `label` is its accessible name (what tests and
 * screen readers find it by), `title` the longer tooltip. An `unavailable` one stays focusable
 * (aria-disabled, so its title can say why) and does nothing when pressed.
 */
export function IconButton({
  icon,
  label,
  title,
  onClick,
  unavailable = false,
  singleClick = false,
}: {
  icon: string;
  label: string;
  title: string;
  onClick: () => void;
  unavailable?: boolean;
  /**
   * Ignores the second click of a double click (`detail` 2 or more): a button that takes the place
   * of the one clicked (Undo → Redo) must not get the click meant for that one. Keys give 0.
   */
  singleClick?: boolean;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      aria-disabled={unavailable ? "true" : undefined}
      title={title}
      onClick={unavailable ? undefined : (event) => (singleClick && event.detail > 1 ? undefined : onClick())}
    >
      <Codicon name={icon} />
    </button>
  );
}
