/**
 * What the "Files changed" review learns besides `fs/write_text_file`: files the agent changed with
 * its own tools or shell commands, from a workspace watcher's events, the agent's own reports, and
 * a comparison of the turn's checkpoint with the disk once the turn has settled (`sweep`: nothing
 * a watcher misses is lost). The "before" of every change is the turn's checkpoint (`TurnBaseline`),
 * never git HEAD; who made the change is decided by `AgentActivity`. Node only: the VS Code watcher
 * (`vscode/agentChangeWatcher.ts`) just forwards paths here.
 */
import { constants, type Stats } from "node:fs";
import { lstat, open, realpath, type FileHandle } from "node:fs/promises";
import { basename, dirname, join, sep } from "node:path";
import type { ChangeReview } from "./changeReview";
import type { AgentActivity } from "./agentActivity";
import type { Baseline } from "../checkpoints/reviewContent";
import type { TurnBaseline } from "../checkpoints/turnBaseline";
import { resolveAgentPath } from "../platform/workspacePaths";
import { noFollowFlag, nonBlockFlag } from "../platform/openFlags";

/** Paths never reported (dependencies, build output, git's own files). */
export const IGNORED_CHANGE = /[\\/](node_modules|\.git|dist|out|\.cache)[\\/]/;
/** Larger files are not listed: no diff is shown for them. */
export const MAX_CHANGED_FILE_BYTES = 2 * 1024 * 1024;

/** The file system calls the reader makes; tests count what is read. */
export interface ChangedFileIo {
  lstat(path: string): Promise<Stats>;
  open(path: string, flags: number): Promise<FileHandle>;
}

const NO_CHECKPOINT: Baseline = {
  kind: "unknown",
  reason: "No checkpoint was taken for this turn (git is not available), so the previous content is not known",
};

const nodeIo: ChangedFileIo = { lstat, open };
/** No symlink is followed, and opening something swapped in for a FIFO does not wait for a writer. */
const OPEN_FLAGS = constants.O_RDONLY | noFollowFlag | nonBlockFlag;
const READ_CHUNK = 64 * 1024;

export class AgentFileChanges {
  /**
   * Every event, report and sweep runs after the ones before it: a file's row is decided by what
   * the disk held at its last event. Handled side by side, the "change" of an atomic writer's
   * temporary file (still awaiting its "before") finished after its "delete", and listed a file
   * that was gone (Claude Code's Write: `<file>.tmp.<pid>.<ms>`, renamed over the file).
   */
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * `roots`: where reported paths may point (the workspace folders); others are ignored.
   * `baseline`: the current turn's checkpoint, when one was taken. `activity`: whose change it is
   * (without it every change counts as the agent's).
   */
  constructor(
    private readonly review: () => ChangeReview | undefined,
    private readonly io: ChangedFileIo = nodeIo,
    private readonly roots: () => readonly string[] = () => [],
    private readonly baseline: () => TurnBaseline | undefined = () => undefined,
    private readonly activity?: AgentActivity,
  ) {}

  /**
   * A file in a build, dependency or cache folder of the workspace. Only the part of the path inside
   * its workspace folder counts: a project under `~/out/` or a worktree in VS Code's storage under
   * `~/.cache/` is not itself ignored.
   */
  private ignored(path: string): boolean {
    const root = this.roots()
      .filter((candidate) => path.startsWith(candidate + sep))
      .sort((a, b) => b.length - a.length)[0];
    return IGNORED_CHANGE.test(root === undefined ? path : path.slice(root.length));
  }

  /** A new turn started: files resolved before may be changed again. */
  newTurn(): void {
    this.review()?.forgetResolved();
  }

  private inOrder(work: () => Promise<void>): Promise<void> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private origin(path: string, seen: boolean): "agent" | "user" {
    if (!this.activity) return "agent";
    return (seen ? this.activity.explains(path) : this.activity.explainsUnseen(path)) ? "agent" : "user";
  }

  private async before(path: string, created: boolean): Promise<Baseline> {
    const baseline = this.baseline();
    if (baseline) return baseline.fileAt(path);
    return created ? { kind: "absent" } : NO_CHECKPOINT;
  }

  changed(eventPath: string, created: boolean, seen = true): Promise<void> {
    return this.inOrder(() => this.changedNow(eventPath, created, seen));
  }

  private async changedNow(eventPath: string, created: boolean, seen = true): Promise<void> {
    const review = this.review();
    if (!review || this.ignored(eventPath)) return;
    const path = await underRealFolder(eventPath);
    if (review.wasResolved(path)) return;
    const after = await readChangedBytes(path, MAX_CHANGED_FILE_BYTES, this.io);
    if (after === undefined) return;
    const origin = this.origin(path, seen);
    const touched = this.activity?.wasEditedByUser(path) ?? false;
    if (review.has(path)) {
      review.recordChange(path, { kind: "absent" }, after, origin, touched); // keeps the first "before"
      return;
    }
    const before = await this.before(path, created);
    if (review.has(path)) return review.recordChange(path, before, after, origin, touched);
    review.recordChange(path, before, after, origin, touched);
  }

  /**
   * A file the agent says it changed (a tool call's `diff` or `locations`). The path is the agent's
   * word: only a file inside the workspace (symlinks resolved) is listed, under its real path. The
   * agent's `oldText` is never trusted as the "before": the checkpoint is.
   */
  reported(path: string, _oldText?: string): Promise<void> {
    return this.inOrder(() => this.reportedNow(path));
  }

  private async reportedNow(path: string): Promise<void> {
    const review = this.review();
    if (!review) return;
    const resolved = await resolveAgentPath(path, this.roots()).catch(() => undefined);
    if (!resolved?.insideRoots || this.ignored(resolved.real) || review.wasResolved(resolved.real)) return;
    this.activity?.name(resolved.real);
    if (review.has(resolved.real)) return review.claim(resolved.real);
    if (resolved.exists) await this.changedNow(resolved.real, false);
    else await this.deletedNow(resolved.real);
  }

  deleted(eventPath: string, seen = true): Promise<void> {
    return this.inOrder(() => this.deletedNow(eventPath, seen));
  }

  private async deletedNow(eventPath: string, seen = true): Promise<void> {
    const review = this.review();
    if (!review || this.ignored(eventPath)) return;
    const path = await underRealFolder(eventPath);
    if (review.wasResolved(path)) return;
    const origin = this.origin(path, seen);
    const touched = this.activity?.wasEditedByUser(path) ?? false;
    if (review.has(path)) return review.recordChange(path, { kind: "absent" }, null, origin, touched);
    const before = await this.before(path, false);
    if (before.kind !== "file") return; // nothing known was there
    review.recordChange(path, before, null, origin, touched);
  }

  /**
   * Once the turn has settled: every difference between the checkpoint and the disk is listed, and
   * a listed file that holds its "before" again (its last event missed) loses its row.
   */
  sweep(): Promise<void> {
    return this.inOrder(() => this.sweepNow());
  }

  private async sweepNow(): Promise<void> {
    const review = this.review();
    const baseline = this.baseline();
    if (!review || !baseline) return;
    for (const path of await baseline.changedSinceStart()) {
      if (review.has(path) || review.wasResolved(path) || this.ignored(path)) continue;
      if (await exists(path)) await this.changedNow(path, false, false);
      else await this.deletedNow(path, false);
    }
    for (const path of review.pendingPaths()) {
      const current = (await exists(path)) ? await readChangedBytes(path, MAX_CHANGED_FILE_BYTES, this.io) : null;
      if (current !== undefined) review.dropIfUnchanged(path, current);
    }
  }
}

function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * The path with its folder's symlinks resolved (the file itself is not followed), so a watcher's
 * path and a write's resolved path name one file the same way: each file is listed once.
 */
async function underRealFolder(path: string): Promise<string> {
  try {
    return join(await realpath(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

/**
 * A changed file's text, or undefined when it is not a text file the review can show. Only a
 * regular file (by `lstat`: no FIFO, socket, device, folder or symlink) is opened, and at most
 * `maxBytes + 1` bytes are read whatever its size becomes meanwhile: a FIFO would block a
 * thread-pool thread until a writer came, and reading first and checking after read files of any
 * size.
 */
export async function readChangedFile(
  path: string,
  maxBytes = MAX_CHANGED_FILE_BYTES,
  io: ChangedFileIo = nodeIo,
): Promise<string | undefined> {
  const bytes = await readChangedBytes(path, maxBytes, io);
  return bytes === undefined || bytes.includes(0) ? undefined : bytes.toString("utf8");
}

/** As `readChangedFile`, any bytes (binary files too). */
export async function readChangedBytes(
  path: string,
  maxBytes = MAX_CHANGED_FILE_BYTES,
  io: ChangedFileIo = nodeIo,
): Promise<Buffer | undefined> {
  let handle: FileHandle | undefined;
  try {
    const info = await io.lstat(path);
    if (!info.isFile() || info.size > maxBytes) return undefined;
    handle = await io.open(path, OPEN_FLAGS);
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== info.ino || opened.dev !== info.dev) return undefined; // swapped since lstat
    if (opened.size > maxBytes) return undefined; // grew since lstat
    const bytes = await readAtMost(handle, maxBytes + 1, opened.size + 1);
    if (bytes.length > maxBytes) return undefined;
    return bytes;
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Up to `limit` bytes from the start; the first read asks for `expected` (the size plus one). */
async function readAtMost(handle: FileHandle, limit: number, expected: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  let want = Math.min(expected, limit);
  while (total < limit) {
    const buffer = Buffer.alloc(Math.max(1, Math.min(want, limit - total)));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, total);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    want = READ_CHUNK;
  }
  return Buffer.concat(chunks, total);
}
