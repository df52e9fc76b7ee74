/** The writing half of a restore: every change towards the target, removals first, links never followed. */
import { lstat } from "node:fs/promises";
import { linkFreeFolder } from "./restoreGuard";
import type { FileDelta } from "./checkpointTypes";
import type { CheckpointedFile } from "./shadowRepository";
import type { RestoreIo } from "../ports";
import { isMissingPath } from "../platform/errorCode";

/**
 * Why a file was left as it is by a restore:
 * - `link`: a link, or a folder on its path is now a link (nothing is written through one);
 * - `notKnown`: its bytes at the target are not known (manifestCheckpoint.ts);
 * - `notKept`: the checkpoint of now, taken first so Redo can go back to it, could not hold the
 *   file's present bytes (grown over the size cap, ignored since): writing would lose them.
 */
export type NotRestoredReason = "link" | "notKnown" | "notKept";

export interface NotRestored {
  readonly absolute: string;
  readonly reason: NotRestoredReason;
}

/**
 * Makes `changes` (towards the target checkpoint, whose files `fileAt` reads; computed against
 * the checkpoint of now, `before`) on disk; returns the files left as they are, and why.
 */
export async function writeRestore(
  changes: readonly FileDelta[],
  io: RestoreIo,
  fileAt: (change: FileDelta) => Promise<CheckpointedFile | undefined>,
): Promise<NotRestored[]> {
  const skipped: NotRestored[] = [];
  // Removals first: a link created since (`src -> elsewhere`) goes before anything is written below it.
  const ordered = [...changes].sort((a, b) => Number(b.status === "deleted") - Number(a.status === "deleted"));
  for (const change of ordered) {
    if (!(await linkFreeFolder(change.folder, change.absolute))) {
      skipped.push({ absolute: change.absolute, reason: "link" });
      continue;
    }
    // "deleted": created since the target, so removed; "added"/"modified": written back.
    if (change.status === "deleted") {
      await io.remove(change.absolute);
      continue;
    }
    if (await unkept(change)) {
      skipped.push({ absolute: change.absolute, reason: "notKept" });
      continue;
    }
    const file = await fileAt(change);
    if (!file || file.mode === "120000") {
      // Links are never recreated.
      skipped.push({ absolute: change.absolute, reason: file ? "link" : "notKnown" });
      continue;
    }
    await io.write(change.absolute, file.content, file.mode === "100755");
  }
  return skipped;
}

/**
 * Whether writing `change` would replace bytes the checkpoint of now does not hold: "added" means
 * that checkpoint has no such file, so something there now (too large, ignored, or written since)
 * is in no checkpoint. An error other than "missing" counts as something there.
 */
export async function unkept(change: FileDelta): Promise<boolean> {
  if (change.status !== "added") return false;
  try {
    await lstat(change.absolute);
    return true;
  } catch (error) {
    return !isMissingPath(error);
  }
}
