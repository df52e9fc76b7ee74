/** What files held when the turn started (the turn's checkpoint), as the review reads it. */
import type { Baseline } from "./reviewContent";

export interface TurnBaseline {
  fileAt(path: string): Promise<Baseline>;
  /** Files that differ between the checkpoint and the disk now (absolute paths). */
  changedSinceStart(): Promise<readonly string[]>;
}
