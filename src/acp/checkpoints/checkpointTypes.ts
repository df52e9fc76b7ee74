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
