/**
 * What the "Files changed" review learns from a workspace watcher: files an agent changed with its
 * own tools (not through `fs/write_text_file`). The previous content comes from git (HEAD) when
 * the folder is a repository; otherwise the change is listed without undo. Node only: the VS Code
 * watcher (`vscode/agentChangeWatcher.ts`) just forwards paths here.
 */
import { execFile } from "node:child_process";
import { constants, type Stats } from "node:fs";
import { lstat, open, realpath, type FileHandle } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import type { ChangeReview } from "./changeReview";
import { resolveAgentPath } from "../client/workspacePaths";

/** Paths never reported (dependencies, build output, git's own files). */
export const IGNORED_CHANGE = /[\\/](node_modules|\.git|dist|out|\.cache)[\\/]/;
/** Larger files are not listed: no diff is shown for them. */
export const MAX_CHANGED_FILE_BYTES = 2 * 1024 * 1024;

/** The file system calls the reader makes; tests count what is read. */
export interface ChangedFileIo {
  lstat(path: string): Promise<Stats>;
  open(path: string, flags: number): Promise<FileHandle>;
}

const nodeIo: ChangedFileIo = { lstat, open };
/** No symlink is followed, and opening something swapped in for a FIFO does not wait for a writer. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const READ_CHUNK = 64 * 1024;

export class AgentFileChanges {
  /** `roots`: where reported paths may point (the workspace folders); others are ignored. */
  constructor(
    private readonly review: () => ChangeReview | undefined,
    private readonly io: ChangedFileIo = nodeIo,
    private readonly roots: () => readonly string[] = () => [],
  ) {}

  /** A new turn started: files resolved before may be changed again. */
  newTurn(): void {
    this.review()?.forgetResolved();
  }

  async changed(eventPath: string, created: boolean): Promise<void> {
    const review = this.review();
    if (!review || IGNORED_CHANGE.test(eventPath)) return;
    const path = await underRealFolder(eventPath);
    if (review.wasResolved(path)) return;
    const after = await readChangedFile(path, MAX_CHANGED_FILE_BYTES, this.io);
    if (after === undefined) return;
    if (review.has(path)) {
      review.record(path, undefined, after); // keeps the first "before"
      return;
    }
    if (created) {
      review.record(path, undefined, after);
      return;
    }
    const before = await gitHeadContent(path);
    if (before === after) return;
    review.record(path, before, after, before !== undefined);
  }

  /**
   * A file the agent says it changed (a tool call's `diff` or `locations`). The path is the agent's
   * word: only an existing regular file inside the workspace (symlinks resolved) is listed, under
   * its real path; one already listed is left to the sources that saw the write. The previous
   * content is trusted only from git (then undo is offered); the agent's `oldText` is shown in
   * the diff but never written back.
   */
  async reported(path: string, oldText: string | undefined): Promise<void> {
    const review = this.review();
    if (!review) return;
    const resolved = await resolveAgentPath(path, this.roots()).catch(() => undefined);
    if (
      !resolved?.exists ||
      !resolved.insideRoots ||
      IGNORED_CHANGE.test(resolved.real) ||
      review.has(resolved.real) ||
      review.wasResolved(resolved.real)
    )
      return;
    const real = resolved.real;
    const after = await readChangedFile(real, MAX_CHANGED_FILE_BYTES, this.io);
    if (after === undefined || review.has(real)) return;
    const head = await gitHeadContent(real);
    if (review.has(real)) return;
    if (head !== undefined) {
      if (head !== after) review.record(real, head, after);
      return;
    }
    review.record(real, oldText, after, false);
  }

  async deleted(eventPath: string): Promise<void> {
    const review = this.review();
    if (!review || IGNORED_CHANGE.test(eventPath)) return;
    const path = await underRealFolder(eventPath);
    if (review.has(path) || review.wasResolved(path)) return;
    const before = await gitHeadContent(path);
    if (before !== undefined) review.record(path, before, "");
  }
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
  let handle: FileHandle | undefined;
  try {
    const info = await io.lstat(path);
    if (!info.isFile() || info.size > maxBytes) return undefined;
    handle = await io.open(path, OPEN_FLAGS);
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== info.ino || opened.dev !== info.dev) return undefined; // swapped since lstat
    if (opened.size > maxBytes) return undefined; // grew since lstat
    const bytes = await readAtMost(handle, maxBytes + 1, opened.size + 1);
    if (bytes.length > maxBytes || bytes.includes(0)) return undefined;
    return bytes.toString("utf8");
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

/** The file as committed at HEAD, or undefined outside git / for untracked files. */
function gitHeadContent(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const cwd = dirname(path);
    execFile("git", ["rev-parse", "--show-toplevel"], { cwd, timeout: 3000 }, (error, top) => {
      if (error) return resolve(undefined);
      const rel = relative(top.trim(), path).split("\\").join("/");
      execFile(
        "git",
        ["show", `HEAD:${rel}`],
        { cwd, timeout: 3000, maxBuffer: MAX_CHANGED_FILE_BYTES },
        (showError, content) => resolve(showError ? undefined : content),
      );
    });
  });
}
