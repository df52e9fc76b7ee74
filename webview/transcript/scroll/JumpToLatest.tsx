/**
 * "Jump to latest", shown while the transcript is not at its bottom, with the number of entries
 * that arrived since the reader left it (in its accessible name too). A real button: reachable
 * with Tab, Enter or Space presses it.
 */
import { useState } from "react";
import type { ThreadEntry } from "../../../src/shared/thread/thread";
import { Codicon } from "../../ui/Codicon";
import { t } from "../../l10n";

/** Entries after the one with id `seen` (all of them if it is gone). */
function countAfter(entries: readonly ThreadEntry[], seen: string | undefined): number {
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i]?.id === seen) return entries.length - 1 - i;
  }
  return seen === undefined ? entries.length : 0;
}

/** Mounted when the reader leaves the bottom: what was newest then counts as seen. */
export function JumpToLatest({ entries, onJump }: { entries: readonly ThreadEntry[]; onJump: () => void }) {
  const [seen] = useState(() => entries.at(-1)?.id);
  const count = countAfter(entries, seen);
  const label =
    count === 0
      ? t("Jump to latest")
      : count === 1
        ? t("Jump to latest, 1 new entry")
        : t("Jump to latest, {0} new entries", count);
  return (
    <button type="button" className="jump-to-latest" aria-label={label} title={label} onClick={onJump}>
      <Codicon name="arrow-down" />
      <span>{t("Latest")}</span>
      {count === 0 ? null : (
        <span className="jump-count" aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
}
