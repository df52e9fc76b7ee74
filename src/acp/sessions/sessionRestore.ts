/**
 * "Restore checkpoint" and its "Redo" from a tab: the files back to just before a user message
 * (sessionCheckpoints.ts does it and says so in the transcript), refused while a turn runs, since
 * the agent could be writing the same files.
 */
import type { SessionCheckpoints } from "../checkpoints/sessionCheckpoints";
import type { Thread } from "../../shared/thread/thread";
import type { Translate } from "../../shared/l10n";

/** Restores to just before the user message `entryId`; resolves the number of files put back. */
export function restoreBeforeMessage(
  checkpoints: SessionCheckpoints,
  thread: Thread,
  entryId: string,
  turnRunning: boolean,
  t: Translate,
): Promise<number> {
  if (turnRunning) return Promise.reject(new Error(t("Stop the running turn before restoring a checkpoint.")));
  const entry = thread.entries.find((e) => e.kind === "user" && e.id === entryId);
  return checkpoints.restore(entryId, entry?.kind === "user" ? entry.text : "");
}

/** Takes the restore `restoreId` back (the checkpoint taken just before it). */
export function redoRestore(
  checkpoints: SessionCheckpoints,
  restoreId: string,
  turnRunning: boolean,
  t: Translate,
): Promise<void> {
  if (turnRunning) return Promise.reject(new Error(t("Stop the running turn before taking a restore back.")));
  return checkpoints.redo(restoreId);
}
