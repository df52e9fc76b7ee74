/**
 * What a session's transcript says about its checkpoints: one gone (and for how long Bring back
 * keeps it), none possible, or a message that went without one. What a restore left as it is:
 * restoreNotice.ts.
 */
import type { Translate } from "../../shared/l10n";
import type { Checkpoint, DropReason } from "./checkpointTypes";
import { GitUnavailable } from "./gitExecutable";

export function droppedTitle(checkpoint: Checkpoint, why: DropReason, t: Translate): string {
  const when = new Date(checkpoint.at).toLocaleString();
  return why === "budget"
    ? t(
        "The checkpoint before an earlier message ({0}) was removed to stay within the checkpoint storage limit. Bring back keeps it, for a day.",
        when,
      )
    : t("The checkpoint before an earlier message ({0}) was cleared. Bring back keeps it, for a day.", when);
}

export function unavailableText(error: unknown, t: Translate): string {
  return error instanceof GitUnavailable
    ? t(
        "Checkpoints are off: git was not found. Files changed still lists the agent's edits, but own-tool changes can't be undone.",
      )
    : t("A checkpoint could not be taken: {0}", String(error instanceof Error ? error.message : error));
}

export function wentWithoutText(waitMs: number, t: Translate): string {
  return t(
    "The checkpoint before this message was not ready after {0} seconds, so the message went without one: there is no Restore checkpoint for it, and this turn's own-tool changes can't be undone from Files changed.",
    Math.max(1, Math.round(waitMs / 1000)),
  );
}
