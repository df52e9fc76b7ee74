/**
 * A mode change (reduceModeChange.ts) as a thin divider: "Mode: Plan" between two lines. A note, not
 * a separator: a separator's content is hidden from screen readers, and the log should announce
 * the change when the agent switches by itself (leaving Plan mode, say).
 */
import { memo } from "react";
import type { ModeChangeEntry } from "../../src/shared/thread/thread";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

export const ModeChangeRow = memo(function ModeChangeRow({ entry }: { entry: ModeChangeEntry }) {
  const label = modeChangeLabel(entry);
  return (
    <div className="entry mode-change" role="note" aria-label={label}>
      <Codicon name="arrow-swap" />
      <span className="mode-change-name">{label}</span>
    </div>
  );
});

/** The row's text, also its name (rowPlainText.ts keeps it for the fallback). */
export function modeChangeLabel(entry: ModeChangeEntry): string {
  return t("Mode: {0}", entry.name);
}
