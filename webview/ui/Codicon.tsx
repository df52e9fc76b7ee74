/** A decorative codicon; the text next to it carries the meaning. */
export function Codicon({ name, spin = false, className }: { name: string; spin?: boolean; className?: string }) {
  const classes = ["codicon", `codicon-${name}`, spin ? "codicon-modifier-spin" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return <span className={classes} aria-hidden="true" />;
}
