/**
 * Restoring a workspace checkpoint (WorkspaceCheckpoints.preview and restore): a checkpoint of now
 * first (so the restore can itself be taken back: "Redo"), then every change towards the target
 * that is known. A file whose bytes at the target are not known (left out of a checkpoint built
 * from a list of files, manifestCheckpoint.ts) is never written or removed: its absence from the
 * checkpoint is no sign that it did not exist.
 */
import { RestoreRefused, type Checkpoint, type FileDelta } from "./checkpointTypes";
import { unkept, writeRestore, type NotRestored } from "./restoreWrites";
import type { CheckpointedFile } from "./shadowRepository";
import type { RestoreIo } from "../ports";

/** What a restore needs of the workspace's checkpoints. */
export interface RestoreSource {
  /** A checkpoint of now that holds every file's bytes (never one built from a list of files). */
  take(label: string): Promise<Checkpoint>;
  diff(from: Checkpoint, to: Checkpoint): Promise<FileDelta[]>;
  /** Whether `change`'s bytes at `target` are not known. */
  unknownAt(target: Checkpoint, change: FileDelta): Promise<boolean>;
  /** The file of `change` as it was at `target` (undefined: not in it). */
  fileAt(target: Checkpoint, change: FileDelta): Promise<CheckpointedFile | undefined>;
}

/** The files a restore to `target` would change (a checkpoint of now is taken to compare). */
export async function previewRestore(
  source: RestoreSource,
  target: Checkpoint,
): Promise<{ now: Checkpoint; changes: FileDelta[] }> {
  const now = await source.take("preview");
  const { known } = await knownAt(source, target, await source.diff(now, target));
  const changes: FileDelta[] = [];
  for (const change of known) if (!(await unkept(change))) changes.push(change);
  return { now, changes };
}

/**
 * Brings every file back to what it held at `target`. First a checkpoint of now, of every file's
 * bytes (returned as `before`, for Redo); files with unsaved editor changes refuse the whole
 * restore, unwritten. A file whose present bytes that checkpoint could not hold is left as it is.
 */
export async function restoreCheckpoint(
  source: RestoreSource,
  target: Checkpoint,
  io: RestoreIo,
): Promise<{ before: Checkpoint; changes: FileDelta[]; skipped: NotRestored[] }> {
  const before = await source.take(`before restoring ${target.id}`);
  const { known: changes, unknown } = await knownAt(source, target, await source.diff(before, target));
  const unsaved = new Set(io.unsaved());
  const blocked = changes.filter((change) => unsaved.has(change.absolute));
  if (blocked.length > 0)
    throw new RestoreRefused(
      `Save or revert the unsaved changes first: ${blocked.map((change) => change.absolute).join(", ")}`,
    );
  const skipped = [
    ...unknown.map((absolute): NotRestored => ({ absolute, reason: "notKnown" })),
    ...(await writeRestore(changes, io, (change) => source.fileAt(target, change))),
  ];
  return { before, changes, skipped };
}

/** Splits `changes` (towards `target`) into those a restore can make and the files not known at `target`. */
async function knownAt(
  source: RestoreSource,
  target: Checkpoint,
  changes: readonly FileDelta[],
): Promise<{ known: FileDelta[]; unknown: string[] }> {
  const known: FileDelta[] = [];
  const unknown: string[] = [];
  for (const change of changes)
    if (await source.unknownAt(target, change)) unknown.push(change.absolute);
    else known.push(change);
  return { known, unknown };
}
