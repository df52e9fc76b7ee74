/**
 * The refs that keep a shadow repository's checkpoints alive (one per checkpoint, below
 * CHECKPOINT_REFS): a checkpoint is kept at once in memory and its ref written just after, in
 * batches, off the caller's wait. Flushes run one at a time but beside the repository's other
 * operations (none of which reads refs), so the next checkpoint does not wait for one; whatever
 * reads or changes refs (drop, retire, revive, prune) awaits a flush first. Retired refs:
 * retiredCheckpoints.ts.
 */
import { runGit, type GitPlace } from "./gitRunner";
import { CHECKPOINT_REFS, dropRetiredRefs, retireAllRefs, retireRef, reviveRef } from "./retiredCheckpoints";

export class CheckpointRefs {
  private tail: Promise<unknown> = Promise.resolve();
  /** Refs of checkpoints taken but not yet written (ref name → tree). */
  private readonly unwritten = new Map<string, string>();

  constructor(private readonly place: GitPlace) {}

  /** Keeps `tree` under checkpoint `ref`; the ref is written by the next flush, started now. */
  keep(ref: string, tree: string): void {
    this.unwritten.set(refName(ref), tree);
    void this.flush().catch(() => undefined); // retried by the next flush
  }

  /** Writes the refs kept since the last flush, in one git process. */
  flush(): Promise<void> {
    const run = this.tail.then(() => this.write());
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Once the flush under way (if any) is done: it may be writing a ref about to change. */
  flushed(): Promise<unknown> {
    return this.tail;
  }

  /** Forgets `ref` if it was never written; true then (nothing to delete in git). */
  private forgetUnwritten(ref: string): boolean {
    return this.unwritten.delete(refName(ref));
  }

  /** Lets checkpoint `ref`'s objects go at the next prune. */
  async drop(ref: string): Promise<void> {
    await this.flushed(); // a flush under way may be writing this very ref
    if (this.forgetUnwritten(ref)) return;
    await runGit(this.place, ["update-ref", "-d", refName(ref)], { okCodes: [1] });
  }

  /** Sets every checkpoint aside (also those of earlier windows), at `at` (epoch ms). */
  async retireAll(at: number): Promise<void> {
    await this.flush();
    await retireAllRefs(this.place, at);
  }

  /**
   * Sets checkpoint `ref` aside (pruned or cleared) at `at` (epoch ms): it no longer counts as a
   * checkpoint, but its objects stay until `dropRetired` lets them go, so it can come back.
   */
  async retire(ref: string, at: number): Promise<void> {
    await this.flush();
    await retireRef(this.place, refName(ref), at);
  }

  /** Brings a retired checkpoint back under `ref`; false when it is not (or no longer) kept. */
  async revive(ref: string): Promise<boolean> {
    await this.flush();
    return reviveRef(this.place, refName(ref));
  }

  /** Lets the checkpoints retired before `before` (epoch ms) go for good; how many went. */
  async dropRetired(before: number): Promise<number> {
    await this.flushed();
    return dropRetiredRefs(this.place, before);
  }

  private async write(): Promise<void> {
    if (this.unwritten.size === 0) return;
    const batch = [...this.unwritten];
    await runGit(this.place, ["update-ref", "--stdin"], {
      input: batch.map(([name, id]) => `update ${name} ${id}\n`).join(""),
    });
    for (const [name, id] of batch) if (this.unwritten.get(name) === id) this.unwritten.delete(name);
  }
}

/** The git ref of checkpoint `ref` (any id made safe for a ref name). */
export function refName(ref: string): string {
  return `${CHECKPOINT_REFS}/${ref.replace(/[^A-Za-z0-9._-]/g, "_")}`;
}
