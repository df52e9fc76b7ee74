/**
 * What a tab is doing, in one word: the tab strip, the session list and the status bar show this.
 * The wire carries it in each tab summary (protocol.ts); `panelStatus` is the one place it is derived.
 */
import * as z from "zod";
import type { ConnectionState } from "./panelState";
import { isAwaitingUser, threadPhase } from "./threadPhase";
import type { Thread } from "../thread/thread";

export const tabStatusSchema = z.enum(["starting", "running", "waiting", "idle", "failed", "none"]);
export type TabStatus = z.infer<typeof tabStatusSchema>;

/**
 * The connection first (starting, failed), then the thread: waiting for the user, working (a
 * stopping turn too), or idle.
 */
export function panelStatus(state: {
  readonly connection: ConnectionState;
  readonly thread: Pick<Thread, "turn" | "permissions" | "forms">;
}): TabStatus {
  switch (state.connection.status) {
    case "none":
    case "starting":
    case "failed":
      return state.connection.status;
    case "ready": {
      const phase = threadPhase(state.thread);
      if (isAwaitingUser(phase)) return "waiting";
      return phase === "idle" ? "idle" : "running";
    }
  }
}
