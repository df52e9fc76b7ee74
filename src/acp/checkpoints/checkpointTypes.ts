/** What the workspace's checkpoints hand out, and how a restore writes. */
import type { TreeChange } from "./treeDiff";

export interface Checkpoint {
  readonly id: string;
  readonly at: number;
  readonly label: string;
  /** Workspace folder → the shadow repository's tree of its files (named `commits` from when they were commits). */
  readonly commits: Readonly<Record<string, string>>;
}

/** A file that differs between two checkpoints, by absolute path. */
export interface FileDelta extends TreeChange {
  readonly absolute: string;
  readonly folder: string;
}

/** Why checkpoints were set aside: the storage budget, or "Clear Checkpoints". */
export type DropReason = "budget" | "cleared";

/** A restore that was refused before anything was written. */
export class RestoreRefused extends Error {}

/** How a checkpoint is taken (WorkspaceCheckpoints.take, ShadowRepository.begin). */
export interface TakeOptions {
  /**
   * Nobody waits for this checkpoint (the one taken when a session opens): its git processes run
   * at a lower CPU priority, so a prompt's listing meanwhile gets the cores first.
   */
  readonly background?: boolean;
  /**
   * A safety net (taken before a restore or an Undo writes): it holds the bytes of every file now,
   * so it is never built from a list of files while another checkpoint is under way (where a file
   * changed a moment ago is "not known"): it waits for that one instead.
   */
  readonly exact?: boolean;
  /**
   * Files (absolute) this checkpoint holds even when over the size cap: the one an Undo is about
   * to write, so what it replaces is kept (safetyCopies.ts). Only this checkpoint holds them.
   */
  readonly include?: readonly string[];
}

export interface CheckpointedFile {
  /** git's file mode: 100644, 100755 (executable), 120000 (a symlink, never followed). */
  readonly mode: string;
  readonly content: Buffer;
}
