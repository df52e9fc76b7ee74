/**
 * Steering and queueing. A steer is a user message sent into a running turn: pending until the
 * agent says it was applied (`*_steer_applied` or an `injected` result), failed otherwise (the
 * text goes back to the composer). A late steer may start an unowned turn: busy with no prompt.
 */
import type { Thread, UserEntry } from "./thread";
import type { ThreadAction } from "./threadActions";
import { appendEntry, replaceEntryAt } from "./threadEntries";

type SteeringAction = Extract<
  ThreadAction,
  { type: "steer/sent" | "steer/applied" | "steer/failed" | "turn/unowned" | "queue/set" }
>;

export function reduceSteering(thread: Thread, action: SteeringAction): Thread {
  switch (action.type) {
    case "steer/sent":
      return appendEntry(thread, `steer:${action.steerId}`, {
        kind: "user",
        id: action.entryId,
        text: action.text,
        steer: { id: action.steerId, state: "pending" },
      });
    case "steer/applied":
      return setSteerState(thread, action.steerId, "applied");
    case "steer/failed": {
      const failed = setSteerState(thread, action.steerId, "failed");
      return appendEntry(failed, undefined, { kind: "error", id: action.entryId, message: action.message });
    }
    case "turn/unowned":
      return thread.turn.phase === "idle" ? { ...thread, turn: { phase: "running", startedAt: action.at } } : thread;
    case "queue/set":
      return { ...thread, queue: action.items };
  }
}

function setSteerState(thread: Thread, steerId: string, state: "applied" | "failed"): Thread {
  const at = thread.index[`steer:${steerId}`];
  const entry = at === undefined ? undefined : thread.entries[at];
  if (at === undefined || entry?.kind !== "user" || !entry.steer || entry.steer.state === "applied") return thread;
  const next: UserEntry = { ...entry, steer: { id: steerId, state } };
  return replaceEntryAt(thread, at, next);
}
