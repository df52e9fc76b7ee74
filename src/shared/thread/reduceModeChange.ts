/**
 * `current_mode_update` (the agent's own switch, or the user's: sessionSettings.ts folds that as one
 * too). Besides the current mode, a real change leaves a `mode_change` marker in the transcript, only
 * when the thread knows its modes; an echo of the current mode leaves nothing.
 *
 * Changes with nothing between them are one: when the last entry is a marker the reducer made, a
 * new change replaces it (keeping its id, so the row stays), and a change back to the mode before
 * that marker removes it, since nothing in the transcript happened in the other mode. A restored
 * marker (another session's, from the journal) does not know its previous mode and is never touched.
 */
import type { ModeChangeEntry, Thread } from "./thread";
import { appendEntry, removeLast, replaceLast } from "./threadEntries";

export function foldModeChange(thread: Thread, modeId: string, entryId: string): Thread {
  const modes = thread.modes;
  if (!modes || modes.currentModeId === modeId) return thread;
  const next: Thread = { ...thread, modes: { ...modes, currentModeId: modeId } };
  const name = modes.availableModes.find((mode) => mode.id === modeId)?.name || modeId;
  const last = thread.entries.at(-1);
  // The marker is only the latest word while its mode is current (a `session/state` may have moved it since).
  if (last?.kind === "mode_change" && last.previousModeId !== undefined && last.modeId === modes.currentModeId) {
    if (last.previousModeId === modeId) return removeLast(next);
    return replaceLast(next, marker(last.id, modeId, name, last.previousModeId));
  }
  return appendEntry(next, undefined, marker(entryId, modeId, name, modes.currentModeId));
}

function marker(id: string, modeId: string, name: string, previousModeId: string): ModeChangeEntry {
  return { kind: "mode_change", id, modeId, name, previousModeId };
}
