/**
 * Checkpoints in the thread: the user message a checkpoint was taken before (its "Restore
 * checkpoint" button), and the notice a restore leaves with its "Redo". The checkpoints' contents
 * stay on the host (a private shadow repository); the thread only names them.
 */
import type { Thread } from "./thread";
import type { ThreadAction } from "./threadActions";
import { appendEntry } from "./threadEntries";

type CheckpointAction = Extract<
  ThreadAction,
  {
    type:
      "checkpoint/taken" | "checkpoint/restored" | "checkpoint/redone" | "checkpoint/dropped" | "checkpoint/revived";
  }
>;

export function reduceCheckpoint(thread: Thread, action: CheckpointAction): Thread {
  switch (action.type) {
    case "checkpoint/taken": {
      // The message is almost always the last user entry: search from the end.
      for (let at = thread.entries.length - 1; at >= 0; at--) {
        const entry = thread.entries[at];
        if (entry?.kind !== "user" || entry.id !== action.entryId) continue;
        const entries = thread.entries.slice();
        entries[at] = { ...entry, checkpoint: action.checkpointId };
        return { ...thread, entries };
      }
      return thread;
    }
    case "checkpoint/restored":
      return appendEntry(thread, undefined, {
        kind: "notice",
        id: action.entryId,
        severity: "info",
        title: action.title,
        ...(action.description === undefined ? {} : { description: action.description }),
        redo: { restoreId: action.restoreId, state: "available" },
      });
    case "checkpoint/dropped": {
      const at = thread.entries.findIndex((e) => e.kind === "user" && e.checkpoint === action.checkpointId);
      const entry = thread.entries[at];
      if (entry?.kind !== "user") return thread;
      const { checkpoint: _gone, ...kept } = entry;
      const entries = thread.entries.slice();
      entries[at] = kept;
      return appendEntry({ ...thread, entries }, undefined, {
        kind: "notice",
        id: action.entryId,
        severity: "info",
        title: action.title,
        bringBack: { checkpointId: action.checkpointId, state: "available" },
      });
    }
    case "checkpoint/revived": {
      const entries = thread.entries.map((entry) => {
        if (entry.kind === "user" && entry.id === action.entryId) return { ...entry, checkpoint: action.checkpointId };
        if (entry.kind === "notice" && entry.bringBack?.checkpointId === action.checkpointId)
          return { ...entry, bringBack: { ...entry.bringBack, state: "done" as const } };
        return entry;
      });
      return { ...thread, entries };
    }
    case "checkpoint/redone": {
      const at = thread.entries.findIndex((e) => e.kind === "notice" && e.redo?.restoreId === action.restoreId);
      const entry = thread.entries[at];
      if (entry?.kind !== "notice" || !entry.redo) return thread;
      const entries = thread.entries.slice();
      entries[at] = { ...entry, redo: { ...entry.redo, state: "done" } };
      return { ...thread, entries };
    }
  }
}
