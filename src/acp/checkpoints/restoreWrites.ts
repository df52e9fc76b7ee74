/** The writing half of a restore: every change towards the target, removals first, links never followed. */
import { linkFreeFolder } from "./restoreGuard";
import type { FileDelta } from "./checkpointTypes";
import type { CheckpointedFile } from "./shadowRepository";
import type { RestoreIo } from "../ports";

/**
 * Makes `changes` (towards the target checkpoint, whose files `fileAt` reads) on disk; returns the
 * files left as they are (a link, or a folder on the path that is now a link).
 */
export async function writeRestore(
  changes: readonly FileDelta[],
  io: RestoreIo,
  fileAt: (change: FileDelta) => Promise<CheckpointedFile | undefined>,
): Promise<string[]> {
  const skipped: string[] = [];
  // Removals first: a link created since (`src -> elsewhere`) goes before anything is written below it.
  const ordered = [...changes].sort((a, b) => Number(b.status === "deleted") - Number(a.status === "deleted"));
  for (const change of ordered) {
    if (!(await linkFreeFolder(change.folder, change.absolute))) {
      skipped.push(change.absolute);
      continue;
    }
    // "deleted": created since the target, so removed; "added"/"modified": written back.
    if (change.status === "deleted") {
      await io.remove(change.absolute);
      continue;
    }
    const file = await fileAt(change);
    if (!file || file.mode === "120000") {
      skipped.push(change.absolute); // links are never recreated
      continue;
    }
    await io.write(change.absolute, file.content, file.mode === "100755");
  }
  return skipped;
}
