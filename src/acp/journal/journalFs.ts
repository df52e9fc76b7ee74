/**
 * The file operations the journal needs, as a port: the real one below (node:fs/promises, every
 * call asynchronous, so no write blocks the extension host), and injected ones in tests (a disk
 * that fills up, a folder that turns read-only).
 */
import { promises as fs } from "node:fs";
import { join } from "node:path";
import { appendUtf8 } from "./appendUtf8";

export interface JournalFs {
  mkdir(path: string): Promise<void>;
  /** Appends `data` to `path` (created when missing), as one write with O_APPEND. */
  append(path: string, data: string): Promise<void>;
  /** Flushes what was appended to `path` to the disk (fsync). */
  sync(path: string): Promise<void>;
  readFile(path: string): Promise<string>;
  /** The bytes of `path` in `[start, end)`; fewer when the file ends sooner. */
  readBytes(path: string, start: number, end: number): Promise<Uint8Array>;
  /** Creates `path` with `data`, failing with EEXIST when it exists (a migration two windows may race on). */
  createExclusive(path: string, data: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  stat(path: string): Promise<{ size: number; mtimeMs: number }>;
  unlink(path: string): Promise<void>;
  /** Moves `from` to `to` (same folder tree, so one atomic rename: the bytes are not copied). */
  rename(from: string, to: string): Promise<void>;
}

export const nodeJournalFs: JournalFs = {
  mkdir: async (path) => {
    await fs.mkdir(path, { recursive: true });
  },
  append: appendUtf8,
  sync: async (path) => {
    const handle = await fs.open(path, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  readFile: (path) => fs.readFile(path, "utf8"),
  readBytes: async (path, start, end) => {
    const handle = await fs.open(path, "r");
    try {
      const buffer = Buffer.allocUnsafe(Math.max(0, end - start));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
  createExclusive: (path, data) => fs.writeFile(path, data, { encoding: "utf8", flag: "wx" }),
  readdir: (path) => fs.readdir(path),
  stat: (path) => fs.stat(path),
  unlink: (path) => fs.unlink(path),
  rename: (from, to) => fs.rename(from, to),
};

export { errorCode } from "../platform/errorCode";

export const journalFile = (dir: string, key: string) => join(dir, `${key}.jsonl`);
