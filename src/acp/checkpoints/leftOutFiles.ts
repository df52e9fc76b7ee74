/**
 * What each checkpoint left out of its tree, and why, by the checkpoint (its ref), never by its
 * tree: two checkpoints can leave different files out and still have the same tree, and a file
 * one left out may simply be absent from the other. A file left out is "not known" there, so an
 * Undo or a restore never takes it for absent and deletes it.
 */
export class LeftOutFiles {
  /** Files whose bytes at the checkpoint's moment are not known (manifestCheckpoint.ts) → why. */
  private readonly unknownIn = new Map<string, ReadonlyMap<string, string>>();
  /** Files over the size cap when the checkpoint was taken (also once back under it). */
  private readonly oversizedIn = new Map<string, ReadonlySet<string>>();

  constructor(private readonly maxFileBytes: number) {}

  noteUnknown(ref: string, unknown: ReadonlyMap<string, string>): void {
    if (unknown.size > 0) this.unknownIn.set(ref, unknown);
  }

  noteOversized(ref: string, oversized: ReadonlySet<string> | undefined): void {
    if (oversized && oversized.size > 0) this.oversizedIn.set(ref, oversized);
  }

  /** Checkpoint `ref` shares snapshot `from`'s tree (a snapshot knows every file's bytes): the same files over the cap. */
  same(ref: string, from: string): void {
    this.noteOversized(ref, this.oversizedIn.get(from));
  }

  /** Why `path` (relative, `/`) was left out of checkpoint `ref` by the panel; undefined when it was not (git may still have: ignored). */
  reason(ref: string, path: string): string | undefined {
    const unknown = this.unknownIn.get(ref)?.get(path);
    if (unknown !== undefined) return unknown;
    if (this.oversizedIn.get(ref)?.has(path))
      return `larger than ${Math.round(this.maxFileBytes / (1024 * 1024))} MB, so not in the checkpoint`;
    return undefined;
  }
}
