/**
 * The "Files changed" review: every file that changed during a turn, with what it held when the
 * turn started (its checkpoint), so the user can open a diff, keep the change, or undo it.
 * - The "before" is the turn's checkpoint, or for `fs/write_text_file` what the panel read just
 *   before the write; never git HEAD. A file outside the checkpoint (ignored, too large) whose
 *   previous content is unknown is listed as not restorable, with the reason.
 * - A change no action of the agent explains is the user's (`origin: "user"`): listed, never undone.
 * - A file that holds its "before" again (a temporary file created and removed, as atomic writes
 *   do; an edit reverted) has no row.
 * - Undo never silently discards the user's bytes: a checkpoint is taken first (`safety.beforeUndo`);
 *   when the file changed after the agent's change, the agent's change is taken out by a three-way
 *   merge (the agent's result as the base), and a conflict, or a file the user also edited during
 *   the turn, asks first.
 * - Keep of one hunk (the review diff's) moves that hunk into the file's baseline: it stops counting
 *   as the agent's, and Undo leaves it (hunks.ts).
 */
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { linkFreeFolder } from "../checkpoints/restoreGuard";
import type { ThreadAction } from "../../shared/thread/threadActions";
import { type Baseline, baselineBytes, sameBytes, textOf } from "../checkpoints/reviewContent";
import { OneAtATime } from "../platform/oneAtATime";
import { mergeOut } from "./undoMerge";
import { countLineChanges } from "./lineChanges";
import { acceptHunk, hunkAt, lineHunks } from "../checkpoints/hunks";
import type { ReviewSafety } from "../checkpoints/reviewSafety";

export { countLineChanges } from "./lineChanges";

export interface ReviewFiles {
  /** `resolved`: refuse when a folder on the path resolves elsewhere by the time of writing (atomicWrite.ts). */
  writeThroughEditor(path: string, content: string, options?: { readonly resolved?: boolean }): Promise<void>;
  deleteFile(path: string): Promise<void>;
  readDisk(path: string): Promise<string | undefined>;
  /** Bytes that are not editor text (binary files), written as they are. */
  writeBytes?(path: string, content: Buffer, executable: boolean): Promise<void>;
}

export type { ReviewSafety } from "../checkpoints/reviewSafety";

export type Origin = "agent" | "user";

interface Recorded {
  /** The checkpoint's bytes, with the hunks the user kept taken over (keepHunk). */
  before: Baseline;
  after: Buffer | null;
  origin: Origin;
  /** The user also edited this file during the turn. */
  userTouched: boolean;
}

const NOT_THE_AGENTS = "Changed during the turn, not by the agent: the panel does not undo it";

export class ChangeReview {
  private readonly files = new Map<string, Recorded>();
  /**
   * Files the user kept or undid since the turn: the file events of an undo (or of the agent's
   * own write) may still arrive in the watcher's grace period, and must not list them again.
   */
  private readonly resolved = new Set<string>();
  /** What each Undo replaced (and what it wrote), so the Undo can itself be taken back: `redoUndo`. */
  private readonly undone = new Map<string, { replaced: Buffer | null; wrote: Buffer | null; entry: Recorded }>();
  /** An Undo or a Redo of a file under way: another for that file (a double click, Undo all twice) does nothing. */
  private readonly writing = new OneAtATime();
  safety: ReviewSafety | undefined;
  /** The workspace folders: Undo never writes through a folder that became a link (restoreGuard.ts). */
  roots: () => readonly string[] = () => [];

  private async linkFree(path: string): Promise<boolean> {
    const roots = this.roots();
    if (roots.length === 0) return linkFreeFolder(dirname(path), path);
    for (const root of roots) if (await linkFreeFolder(root, path)) return true;
    return false;
  }

  constructor(
    private readonly dispatch: (action: ThreadAction) => void,
    private readonly io: ReviewFiles,
    private readonly readBytes: (path: string) => Promise<Buffer | null> = readOrNull,
  ) {}

  /** A write through `fs/write_text_file`: the agent's, with the exact previous content (undefined = created). */
  record(path: string, before: string | undefined, after: string, beforeKnown = true): void {
    const baseline: Baseline = !beforeKnown
      ? { kind: "unknown", reason: "The previous content of this file is not known" }
      : before === undefined
        ? { kind: "absent" }
        : { kind: "file", content: Buffer.from(before, "utf8") };
    this.recordChange(path, baseline, Buffer.from(after, "utf8"), "agent");
  }

  /** A change seen on disk; the first "before" of the turn is kept, and an agent's claim is never taken back. */
  recordChange(path: string, before: Baseline, after: Buffer | null, origin: Origin, userTouched = false): void {
    this.resolved.delete(path);
    const existing = this.files.get(path);
    const entry: Recorded = existing
      ? {
          ...existing,
          after,
          origin: existing.origin === "agent" ? "agent" : origin,
          userTouched: existing.userTouched || userTouched,
        }
      : { before, after, origin, userTouched };
    if (sameBytes(baselineBytes(entry.before), after)) return this.drop(path); // as it was: nothing to review
    this.files.set(path, entry);
    this.publish(path, entry);
  }

  /** `current` is what a listed file holds now: when that is its "before" again, its row goes. */
  dropIfUnchanged(path: string, current: Buffer | null): void {
    const entry = this.files.get(path);
    if (entry && sameBytes(baselineBytes(entry.before), current)) this.drop(path);
  }

  private drop(path: string): void {
    if (this.files.delete(path)) this.dispatch({ type: "review/dropped", path });
  }

  /** A tool call of the agent's named this file: the change is the agent's. */
  claim(path: string): void {
    const entry = this.files.get(path);
    if (!entry || entry.origin === "agent") return;
    entry.origin = "agent";
    this.publish(path, entry);
  }

  /** The user edited the file too (in VS Code): Undo asks before replacing it. */
  touchedByUser(path: string): void {
    const entry = this.files.get(path);
    if (entry) entry.userTouched = true;
  }

  private publish(path: string, entry: Recorded): void {
    const beforeText = entry.before.kind === "file" ? textOf(entry.before.content) : "";
    const afterText = entry.after === null ? "" : textOf(entry.after);
    const binary = beforeText === undefined || afterText === undefined;
    const { additions, deletions } = binary ? { additions: 0, deletions: 0 } : countLineChanges(beforeText, afterText);
    const reason =
      entry.origin === "user" ? NOT_THE_AGENTS : entry.before.kind === "unknown" ? entry.before.reason : undefined;
    this.dispatch({
      type: "review/recorded",
      path,
      additions,
      deletions,
      created: entry.before.kind === "absent",
      undoable: reason === undefined,
      origin: entry.origin,
      ...(binary ? { binary: true } : {}),
      ...(reason === undefined ? {} : { reason }),
    });
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** Kept or undone since the current turn started (see `resolved`). */
  wasResolved(path: string): boolean {
    return this.resolved.has(path);
  }

  /** A new turn: changes from now on are new, even to files resolved before. */
  forgetResolved(): void {
    this.resolved.clear();
  }

  /** The before/after pair for the diff editor (text; binary files show a placeholder). */
  diff(path: string): { before: string; after: string } | undefined {
    const entry = this.files.get(path);
    if (!entry) return undefined;
    const show = (bytes: Buffer | null) => (bytes === null ? "" : (textOf(bytes) ?? "(binary file)"));
    return { before: entry.before.kind === "file" ? show(entry.before.content) : "", after: show(entry.after) };
  }

  /** The checkpoint's bytes of a listed file (undefined: not listed or unknown; null: it did not exist). */
  baseline(path: string): Baseline | undefined {
    return this.files.get(path)?.before;
  }

  /** Every listed file still pending, for "Review all". */
  pendingPaths(): string[] {
    return [...this.files.keys()];
  }

  keep(path: string): void {
    if (!this.files.delete(path)) return;
    this.resolved.add(path);
    this.dispatch({ type: "review/resolved", path, state: "kept" });
  }

  /**
   * Keeps one hunk: the hunk of `current` (the file's text as the diff editor shows it) at 0-based
   * `line` moves into the baseline, so it no longer counts as the agent's change and Undo leaves it.
   * The file itself is not written. False when there is no such hunk (or the file is binary or its
   * "before" unknown). Keeping the last hunk keeps the file.
   */
  keepHunk(path: string, current: string, line: number): boolean {
    const entry = this.files.get(path);
    if (!entry || entry.before.kind === "unknown") return false;
    const before = entry.before.kind === "file" ? textOf(entry.before.content) : "";
    if (before === undefined) return false;
    const hunk = hunkAt(lineHunks(before, current), line);
    if (!hunk) return false;
    const executable = entry.before.kind === "file" && entry.before.executable === true;
    entry.before = { kind: "file", content: Buffer.from(acceptHunk(before, current, hunk), "utf8"), executable };
    if (sameBytes(entry.before.content, entry.after)) this.keep(path);
    else this.publish(path, entry);
    return true;
  }

  /**
   * Takes the agent's change out of the file. Resolves false when the user said no to a question,
   * or an Undo or a Redo of the file is already under way. Throws when the change can't be undone
   * (not the agent's, previous content unknown).
   */
  undo(path: string): Promise<boolean> {
    return this.writing.run(path, () => this.undoNow(path), false);
  }

  private async undoNow(path: string): Promise<boolean> {
    const entry = this.files.get(path);
    if (!entry) return false;
    if (entry.origin === "user") throw new Error(`${path}: ${NOT_THE_AGENTS.toLowerCase()}.`);
    if (entry.before.kind === "unknown") throw new Error(`${entry.before.reason}: ${path} cannot be undone here.`);
    if (!(await this.linkFree(path)))
      throw new Error(`A folder on the path of ${path} is now a link: the panel does not write through it.`);
    const target = entry.before.kind === "file" ? entry.before.content : null;
    const current = await this.readBytes(path);
    let write: Buffer | null = target;
    if (!sameBytes(current, entry.after)) {
      // Changed again after the agent's change (by the user, or something else): merge, or ask.
      const merged = await mergeOut(this.safety, path, current, entry.after, target);
      if (merged === false) return false;
      write = merged;
    } else if (entry.userTouched) {
      const go = await this.safety?.confirm(
        `You also edited ${path} during this turn. Undo puts back what it held before the turn, without your edits of this turn. A checkpoint of now is kept.`,
        "Undo anyway",
      );
      if (!go) return false;
    }
    await this.safety?.beforeUndo(path).catch(() => undefined);
    await this.write(path, write, entry.before.kind === "file" && entry.before.executable === true);
    this.files.delete(path);
    this.resolved.add(path);
    this.undone.set(path, { replaced: current, wrote: write, entry });
    this.dispatch({ type: "review/resolved", path, state: "undone" });
    return true;
  }

  /**
   * Takes an Undo back: the file holds again exactly what it held just before the Undo, and the
   * change is listed as pending again. Changed since the Undo: asks first (a checkpoint is kept).
   * Resolves false when the user declined, or an Undo or a Redo of the file is already under way.
   */
  redoUndo(path: string): Promise<boolean> {
    return this.writing.run(path, () => this.redoNow(path), false);
  }

  private async redoNow(path: string): Promise<boolean> {
    const done = this.undone.get(path);
    if (!done) throw new Error(`${path}: that Undo can no longer be taken back.`);
    if (!(await this.linkFree(path)))
      throw new Error(`A folder on the path of ${path} is now a link: the panel does not write through it.`);
    if (!sameBytes(await this.readBytes(path), done.wrote)) {
      const go = await this.safety?.confirm(
        `${path} changed after the Undo. Redo replaces it with what it held just before the Undo. A checkpoint of now is kept.`,
        "Replace",
      );
      if (!go) return false;
    }
    await this.safety?.beforeUndo(path).catch(() => undefined);
    const executable = done.entry.before.kind === "file" && done.entry.before.executable === true;
    await this.write(path, done.replaced, executable);
    this.undone.delete(path);
    this.files.set(path, done.entry);
    this.publish(path, done.entry);
    return true;
  }

  private async write(path: string, content: Buffer | null, executable: boolean): Promise<void> {
    if (content === null) return this.io.deleteFile(path);
    const text = textOf(content);
    if (text !== undefined || !this.io.writeBytes)
      return this.io.writeThroughEditor(path, text ?? content.toString("utf8"), { resolved: true });
    return this.io.writeBytes(path, content, executable);
  }

  /** A new turn starts a new review; unresolved files stay listed. */
  resolvedPaths(): string[] {
    return [...this.files.keys()];
  }
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
