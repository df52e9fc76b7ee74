/**
 * A session's review of file changes, wired: the "Files changed" review (with file access), whose
 * change it is (AgentActivity), and the checkpoint before every turn that is the review's "before"
 * and its Undo's safety net. The settings that shape them come from the session's deps.
 */
import type { PanelStore } from "./panelStore";
import { ChangeReview, type ReviewFiles } from "./changeReview";
import { AgentActivity } from "./agentActivity";
import { SessionCheckpoints } from "../checkpoints/sessionCheckpoints";
import type { WorkspaceCheckpoints } from "../checkpoints/workspaceCheckpoints";
import type { Clock, Logger, RestoreIo, WorkspacePort } from "../ports";
import type { Translate } from "../../shared/l10n";

export interface SessionReviewDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly workspace: WorkspacePort;
  readonly checkpoints?: WorkspaceCheckpoints;
  /** False when the user turned checkpoints off (`acpPanel.checkpoints.enabled`). */
  readonly checkpointsEnabled?: () => boolean;
  /** Asks before an undo that would replace the user's own bytes (default: no). */
  readonly confirmUndo?: (question: string, action: string) => Promise<boolean>;
  /** The checkpoint storage budget in bytes (default: unbounded). */
  readonly checkpointBudgetBytes?: () => number;
  /** How long a prompt waits for its checkpoint (default: turnCheckpointWait.ts). */
  readonly checkpointWaitMs?: number;
  /** How a restore writes and which files have unsaved editor changes (default: the disk, none). */
  readonly restoreIo?: RestoreIo;
}

export interface SessionReview {
  readonly review: ChangeReview | undefined;
  readonly activity: AgentActivity;
  readonly checkpoints: SessionCheckpoints;
}

export function sessionReview(
  deps: SessionReviewDeps,
  store: PanelStore,
  files: ReviewFiles | undefined,
  newId: () => string,
  translate: Translate,
): SessionReview {
  const review = files
    ? new ChangeReview((action) => {
        store.dispatch(action);
        if (action.type === "review/recorded" && action.origin === "agent") {
          const { thread, connection } = store.state;
          const name = thread.title ?? (connection.status === "none" ? "another session" : connection.agent);
          checkpoints.agentChanged(action.path, name);
        }
      }, files)
    : undefined;
  const checkpoints = new SessionCheckpoints({
    store: deps.checkpoints,
    dispatch: (action) => store.dispatch(action),
    newId,
    logger: deps.logger,
    enabled: () => (deps.checkpointsEnabled?.() ?? true) && files !== undefined,
    ...(deps.restoreIo ? { io: deps.restoreIo } : {}),
    ...(deps.checkpointBudgetBytes ? { budgetBytes: deps.checkpointBudgetBytes } : {}),
    ...(deps.checkpointWaitMs === undefined ? {} : { turnWaitMs: deps.checkpointWaitMs }),
    translate,
  });
  if (review) {
    review.safety = checkpoints.reviewSafety(deps.confirmUndo);
    review.roots = () => deps.workspace.roots();
  }
  return { review, activity: new AgentActivity(store, deps.clock), checkpoints };
}
