/**
 * What the transcript says about a journal that could not be read whole: lines skipped (garbage,
 * wrong types), a last line cut by a crash, or the start of the conversation removed (pruned to
 * stay within the disk budget, or deleted). Shown above the entries that did load.
 */
import type { StoredEntry } from "../../shared/thread/storedTranscript";
import { english, type Translate } from "../../shared/l10n";
import type { ResolvedConversation } from "./journalArchive";

export function damageNotices(resolved: ResolvedConversation, t: Translate = english): StoredEntry[] {
  const notices: StoredEntry[] = [];
  if (resolved.baseGone === "pruned")
    notices.push({
      kind: "notice",
      severity: "info",
      title: t(
        "The start of this conversation was removed to keep the journal within its disk budget (setting acpPanel.journal.diskBudgetMB).",
      ),
    });
  else if (resolved.baseGone === "deleted")
    notices.push({ kind: "notice", severity: "info", title: t("The start of this conversation was deleted.") });
  if (resolved.skipped > 0)
    notices.push({
      kind: "notice",
      severity: "warning",
      title: t("{0} damaged line(s) of this conversation's journal were skipped; the rest loaded.", resolved.skipped),
    });
  return notices;
}
