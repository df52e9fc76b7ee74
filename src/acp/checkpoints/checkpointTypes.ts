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

/** How a restore writes: tests count the calls; the default writes the disk atomically. */
export interface RestoreIo {
  write(path: string, content: Buffer, executable: boolean): Promise<void>;
  remove(path: string): Promise<void>;
  /** Files with unsaved changes in an editor: a restore never overwrites those bytes. */
  unsaved(): readonly string[];
}

/** Why checkpoints were set aside: the storage budget, or "Clear Checkpoints". */
export type DropReason = "budget" | "cleared";

/** A restore that was refused before anything was written. */
export class RestoreRefused extends Error {}
