/**
 * Which steps of the Get Started walkthrough the user has done, read from the panel's thread. The
 * host turns these into context keys the walkthrough's `completionEvents` wait for. Progress only
 * grows: a new (empty) session does not undo a step already done.
 */
import type { Thread } from "./thread";

export interface WalkthroughProgress {
  readonly sentPrompt: boolean;
  readonly answeredPermission: boolean;
  readonly reviewedChange: boolean;
  /** Permission requests seen waiting; one that leaves the list was answered (or its turn ended). */
  readonly pendingPermissions: readonly string[];
}

export const noWalkthroughProgress: WalkthroughProgress = {
  sentPrompt: false,
  answeredPermission: false,
  reviewedChange: false,
  pendingPermissions: [],
};

export function walkthroughProgress(previous: WalkthroughProgress, thread: Thread): WalkthroughProgress {
  const pending = thread.permissions.map((permission) => permission.requestId);
  const answered = previous.pendingPermissions.some((requestId) => !pending.includes(requestId));
  return {
    sentPrompt: previous.sentPrompt || thread.entries.some((entry) => entry.kind === "user"),
    answeredPermission: previous.answeredPermission || answered,
    reviewedChange: previous.reviewedChange || thread.changes.some((change) => change.state !== "pending"),
    pendingPermissions: pending,
  };
}
