/**
 * The restore card and the message being edited (UI state the virtualised rows outlive), provided
 * by the shell (shell/panelServices.tsx).
 */
import { createContext } from "react";
import { useHostValue, useProvided } from "../host/hooks";
import type { CheckpointUi, MessageEditState, RestoreCardState } from "./checkpointUi";

export const CheckpointUiContext = createContext<CheckpointUi | null>(null);

export function useCheckpointUi(): CheckpointUi {
  return useProvided(CheckpointUiContext, "CheckpointUiContext");
}

/** The restore card open under the message `entryId`, if it is that one. */
export function useRestoreCard(entryId: string): RestoreCardState | undefined {
  const card = useHostValue(useCheckpointUi().card);
  return card?.entryId === entryId ? card : undefined;
}

/** The edit of the message `entryId` under way ("Edit and rerun"), if it is that one. */
export function useMessageEdit(entryId: string): MessageEditState | undefined {
  const edit = useHostValue(useCheckpointUi().edit);
  return edit?.entryId === entryId ? edit : undefined;
}
