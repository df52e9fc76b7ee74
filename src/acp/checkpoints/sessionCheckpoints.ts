/**
 * One session's checkpoints: one before every turn (taken after the user's message shows and
 * before the agent gets it), the turn's baseline for "Files changed", and restoring the files to
 * just before any message, which first checkpoints the present so the restore can be redone.
 * Without git (or with checkpoints off) everything here says so once and the review goes on
 * without a baseline.
 */
import { basename } from "node:path";
import type { ThreadAction } from "../../shared/thread/threadActions";
import type { Logger, RestoreIo } from "../ports";
import type { TurnBaseline } from "./turnBaseline";
import type { Baseline } from "./reviewContent";
import type { ReviewSafety } from "./reviewSafety";
import { notRestoredLines } from "./restoreNotice";
import { droppedTitle, unavailableText, wentWithoutText } from "./checkpointNotices";
import { LATE, TURN_CHECKPOINT_WAIT_MS, logLateCheckpoint, withinWait } from "./turnCheckpointWait";
import { warningNotice } from "../../shared/thread/warningNotice";
import { english, type Translate } from "../../shared/l10n";
import {
  RestoreRefused,
  diskIo,
  type Checkpoint,
  type DropReason,
  type FileDelta,
  type WorkspaceCheckpoints,
} from "./workspaceCheckpoints";

export interface SessionCheckpointsDeps {
  readonly store: WorkspaceCheckpoints | undefined;
  readonly dispatch: (action: ThreadAction) => void;
  readonly newId: () => string;
  readonly logger: Logger;
  readonly enabled: () => boolean;
  readonly io?: RestoreIo;
  /** The workspace's checkpoint storage budget (`acpPanel.checkpoints.maxStorageMB`); none = unbounded. */
  readonly budgetBytes?: () => number;
  /** The user's language (default English). */
  readonly translate?: Translate;
  /** How long a prompt waits for its checkpoint (default TURN_CHECKPOINT_WAIT_MS). */
  readonly turnWaitMs?: number;
}

export interface RestorePreview {
  readonly files: ReadonlyArray<Pick<FileDelta, "absolute" | "status" | "additions" | "deletions" | "binary">>;
  readonly warnings: readonly string[];
}

export class SessionCheckpoints {
  private turn: Checkpoint | undefined;
  private readonly byEntry = new Map<string, Checkpoint>();
  /** restoreId → the checkpoint taken just before that restore (Redo goes back to it). */
  private readonly beforeRestore = new Map<string, Checkpoint>();
  private warm: Promise<unknown> | undefined;
  private warned = false;
  private warnedSlow = false;
  /** A turn's checkpoint was taken: the stat data is refreshed and the budget checked once that turn has ended. */
  private turnTookCheckpoint = false;

  /** Checkpoints pruned or cleared (still restorable for a while) → the message they were taken before. */
  private readonly retiredEntries = new Map<string, string>();

  private readonly onDropped = (dropped: readonly Checkpoint[], why: DropReason): void => {
    for (const checkpoint of dropped) {
      const entryId = [...this.byEntry].find(([, taken]) => taken.id === checkpoint.id)?.[0];
      if (entryId === undefined) continue;
      this.byEntry.delete(entryId);
      this.retiredEntries.set(checkpoint.id, entryId);
      this.deps.dispatch({
        type: "checkpoint/dropped",
        checkpointId: checkpoint.id,
        entryId: this.deps.newId(),
        title: droppedTitle(checkpoint, why, this.t),
      });
    }
  };

  private readonly onRevived = (checkpoint: Checkpoint): void => {
    const entryId = this.retiredEntries.get(checkpoint.id);
    if (entryId === undefined) return;
    this.retiredEntries.delete(checkpoint.id);
    this.byEntry.set(entryId, checkpoint);
    this.deps.dispatch({ type: "checkpoint/revived", checkpointId: checkpoint.id, entryId });
  };

  constructor(private readonly deps: SessionCheckpointsDeps) {
    deps.store?.onDropped.add(this.onDropped);
    deps.store?.onRevived.add(this.onRevived);
  }

  dispose(): void {
    this.deps.store?.onDropped.delete(this.onDropped);
    this.deps.store?.onRevived.delete(this.onRevived);
  }

  private get t(): Translate {
    return this.deps.translate ?? english;
  }

  private get store(): WorkspaceCheckpoints | undefined {
    return this.deps.enabled() ? this.deps.store : undefined;
  }

  /**
   * While the agent starts: git found, its thread and the shadow repositories ready, so the first
   * checkpoint (and a prompt sent at once) does not wait for them. A failure shows when a checkpoint
   * is taken.
   */
  prepare(): void {
    void this.store?.prepare().catch(() => undefined);
  }

  /** The first checkpoint of a session is the slow one (every file hashed): taken in the background. */
  warmUp(): void {
    const store = this.store;
    if (!store || this.warm) return;
    this.warm = store.take("session opened", { background: true }).catch((error: unknown) => this.unavailable(error));
  }

  /**
   * Before the message `entryId` goes to the agent: a checkpoint of every file. Never throws. A
   * prompt sent while the background checkpoint of a large folder still runs does not wait for it:
   * its own is a listing of the files and the time (nothing read or stat'ed), and its bytes are
   * filled in from what the background one hashed, file by file only where the file's ctime proves
   * it unchanged since (manifestCheckpoint.ts); any other file is "not known", never a wrong
   * "before". A message queued before the session was up skips the
   * background one (ChatSession).
   */
  async beforeTurn(entryId: string): Promise<void> {
    this.turn = undefined;
    const store = this.store;
    if (!store) return;
    try {
      const taking = store.take(`before ${entryId}`);
      const waitMs = this.deps.turnWaitMs ?? TURN_CHECKPOINT_WAIT_MS;
      const checkpoint = await withinWait(taking, waitMs);
      if (checkpoint === LATE) return this.wentWithout(entryId, taking, waitMs);
      this.turn = checkpoint;
      this.byEntry.set(entryId, checkpoint);
      this.deps.dispatch({ type: "checkpoint/taken", entryId, checkpointId: checkpoint.id });
      this.turnTookCheckpoint = true;
    } catch (error) {
      this.unavailable(error);
    }
  }

  /** The message went to the agent before its checkpoint was ready: it has none (said once a session). */
  private wentWithout(entryId: string, taking: Promise<Checkpoint>, waitMs: number): void {
    logLateCheckpoint(this.deps.logger, entryId, taking, waitMs);
    if (this.warnedSlow) return;
    this.warnedSlow = true;
    this.deps.dispatch(warningNotice(this.deps.newId(), wentWithoutText(waitMs, this.t)));
  }

  /**
   * The turn ended (however it ended): if its checkpoint was taken, the shadow indexes' stat data
   * is refreshed and the storage brought within the budget now. Not as the turn starts: their git
   * processes and the prune's walk of the storage ran while the agent's first words streamed in.
   */
  afterTurn(): void {
    if (!this.turnTookCheckpoint) return;
    this.turnTookCheckpoint = false;
    const store = this.store;
    if (!store) return;
    // Files the turn touched without changing them stop being compared by content at each prompt.
    void store
      .refreshStatData()
      .catch((error: unknown) => this.deps.logger.warn(`Refreshing the checkpoint index failed: ${String(error)}`));
    const budget = this.deps.budgetBytes?.();
    if (budget === undefined) return;
    void store
      .prune(budget)
      .catch((error: unknown) => this.deps.logger.warn(`Pruning checkpoints failed: ${String(error)}`));
  }

  private unavailable(error: unknown): void {
    this.deps.logger.warn(`Checkpoint not taken: ${String(error)}`);
    if (this.warned) return;
    this.warned = true;
    this.deps.dispatch(warningNotice(this.deps.newId(), unavailableText(error, this.t)));
  }

  /** The current turn's checkpoint as the review's "before", when one was taken. */
  baseline(): TurnBaseline | undefined {
    const store = this.store;
    const turn = this.turn;
    if (!store || !turn) return undefined;
    return {
      fileAt: async (path): Promise<Baseline> => {
        const found = await store.fileAt(turn, path);
        if (found === "absent") return { kind: "absent" };
        if ("unknown" in found) return { kind: "unknown", reason: found.unknown };
        if (found.mode === "120000")
          return { kind: "unknown", reason: "A symbolic link: the panel does not restore links" };
        return { kind: "file", content: found.content, executable: found.mode === "100755" };
      },
      changedSinceStart: () => store.changedSince("after the turn", turn),
    };
  }

  /** How the review's Undo keeps the user's bytes: a checkpoint first, git's merge, the user's answer. */
  reviewSafety(confirm?: (question: string, action: string) => Promise<boolean>): ReviewSafety {
    return {
      beforeUndo: (path) => this.beforeUndo(path),
      merge: async (ours, base, theirs) => this.deps.store?.merge(ours, base, theirs).catch(() => undefined),
      confirm: (question, action) => confirm?.(question, action) ?? Promise.resolve(false),
    };
  }

  /** The agent of this session changed `path` (for the other sessions' restore warnings). */
  agentChanged(path: string, sessionName: string): void {
    this.deps.store?.agentChanges.note(this, sessionName, path);
  }

  /**
   * A checkpoint before an undo writes `path`: of every file's bytes (never built from a list of
   * files), and of `path` even when it is over the size cap.
   */
  async beforeUndo(path: string): Promise<void> {
    await this.store?.take("before undo", { exact: true, include: [path] });
  }

  hasCheckpoint(entryId: string): boolean {
    return this.byEntry.has(entryId);
  }

  async preview(entryId: string): Promise<RestorePreview> {
    const store = this.requireStore();
    const target = this.requireCheckpoint(entryId);
    const { changes } = await store.preview(target);
    const others = store.agentChanges.changedByOthers(
      this,
      changes.map((change) => change.absolute),
      target.at,
    );
    const warnings = [...others].map(([name, paths]) =>
      this.t(
        "The session “{0}” changed {1} after this checkpoint: restoring puts back what they held before.",
        name,
        paths.map((path) => basename(path)).join(", "),
      ),
    );
    return { files: changes, warnings };
  }

  /** Restores the files to just before `entryId`; a notice with Redo says what changed. */
  async restore(entryId: string, messageText: string): Promise<number> {
    const store = this.requireStore();
    const target = this.requireCheckpoint(entryId);
    const { before, changes, skipped } = await store.restore(target, this.deps.io ?? diskIo);
    const restoreId = before.id;
    this.beforeRestore.set(restoreId, before);
    const quoted = messageText.length > 60 ? `${messageText.slice(0, 57)}…` : messageText;
    const left = new Set(skipped.map((skip) => skip.absolute));
    const restored = changes.filter((change) => !left.has(change.absolute)).map((change) => change.absolute);
    const description = [...restored, ...notRestoredLines(skipped, this.t)];
    this.deps.dispatch({
      type: "checkpoint/restored",
      entryId: this.deps.newId(),
      title:
        restored.length === 1
          ? this.t("Restored 1 file to before “{0}”.", quoted)
          : this.t("Restored {0} files to before “{1}”.", restored.length, quoted),
      ...(description.length > 0 ? { description: description.join("\n") } : {}),
      restoreId,
    });
    return restored.length;
  }

  /** Takes a restore back: the files return to what they held just before it. */
  async redo(restoreId: string): Promise<void> {
    const store = this.requireStore();
    const before = this.beforeRestore.get(restoreId);
    if (!before) throw new RestoreRefused(this.t("That restore can no longer be taken back."));
    await store.restore(before, this.deps.io ?? diskIo);
    this.deps.dispatch({ type: "checkpoint/redone", restoreId });
  }

  /** Brings back a pruned or cleared checkpoint (its message gets "Restore checkpoint" again). */
  async bringBack(checkpointId: string): Promise<void> {
    const store = this.requireStore();
    if (!(await store.bringBack(checkpointId)))
      throw new RestoreRefused(this.t("That checkpoint is no longer kept (its space was freed)."));
  }

  private requireStore(): WorkspaceCheckpoints {
    const store = this.store;
    if (!store) throw new RestoreRefused(this.t("Checkpoints are off (the setting, or git is not available)."));
    return store;
  }

  private requireCheckpoint(entryId: string): Checkpoint {
    const found = this.byEntry.get(entryId);
    if (!found) throw new RestoreRefused(this.t("No checkpoint was taken before that message."));
    return found;
  }
}
