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
}: {
  icon: string;
  label: string;
  title: string;
  onClick: () => void;
  unavailable?: boolean;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      aria-disabled={unavailable ? "true" : undefined}
      title={title}
      onClick={unavailable ? undefined : onClick}
    >
      <Codicon name={icon} />
    </button>
  );
}
