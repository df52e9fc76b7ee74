import { Codicon } from "./Codicon";

/**
 * A toolbar button that shows only a codicon: `label` is its accessible name (what tests and
 * screen readers find it by), `title` the longer tooltip.
 */
export function IconButton({
  icon,
  label,
  title,
  onClick,
}: {
  icon: string;
  label: string;
  title: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={title} onClick={onClick}>
      <Codicon name={icon} />
    </button>
  );
}
