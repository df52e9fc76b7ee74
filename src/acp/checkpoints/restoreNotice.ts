/** What a restore's notice says about the files it left as they are (restoreWrites.ts says why). */
import type { Translate } from "../../shared/l10n";
import type { NotRestored } from "./restoreWrites";

/** One line per reason, naming the files; none when every file was restored. */
export function notRestoredLines(skipped: readonly NotRestored[], t: Translate): string[] {
  const named = (reason: NotRestored["reason"]) =>
    skipped
      .filter((skip) => skip.reason === reason)
      .map((skip) => skip.absolute)
      .join(", ");
  const lines: string[] = [];
  const links = named("link");
  if (links) lines.push(t("Not restored (a link, or a folder on its path is now a link): {0}", links));
  const notKnown = named("notKnown");
  if (notKnown) lines.push(t("Not restored (what it held then is not known), left as it is: {0}", notKnown));
  const notKept = named("notKept");
  if (notKept)
    lines.push(
      t("Not restored (no checkpoint can keep what it holds now: too large, or ignored), left as it is: {0}", notKept),
    );
  return lines;
}
