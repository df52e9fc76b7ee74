/**
 * An in-memory JournalFs with faults on demand: `fail` makes every write (append, sync, create)
 * throw an error with that code (ENOSPC: the disk is full; EROFS: read-only), and `partial` makes a
 * failing append leave the first half of its data behind, as a real full disk may.
 */
import type { JournalFs } from "../../src/acp/journal/journalFs";

export class MemoryJournalFs implements JournalFs {
  readonly files = new Map<string, { data: string; mtimeMs: number }>();
  fail: string | undefined;
  partial = false;
  failures = 0;
  /** How many reads there were, whole or by range (readers that should take what is in memory read none). */
  reads = 0;
  /** The path of each read, in order. */
  readonly readPaths: string[] = [];
  /** How many bytes reads returned (a reader that continues a file reads what was appended). */
  bytesRead = 0;
  private tick = 1;

  constructor(private readonly now: () => number = () => this.tick++) {}

  async mkdir(): Promise<void> {}

  async append(path: string, data: string): Promise<void> {
    const file = this.files.get(path);
    if (this.fail) {
      this.failures += 1;
      if (this.partial) this.put(path, (file?.data ?? "") + data.slice(0, Math.floor(data.length / 2)));
      throw this.error(path);
    }
    this.put(path, (file?.data ?? "") + data);
  }

  async sync(path: string): Promise<void> {
    if (this.fail) throw this.error(path);
  }

  async readFile(path: string): Promise<string> {
    this.reads++;
    this.readPaths.push(path);
    const file = this.files.get(path);
    if (!file) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
    this.bytesRead += Buffer.byteLength(file.data);
    return file.data;
  }

  async readBytes(path: string, start: number, end: number): Promise<Uint8Array> {
    this.reads++;
    this.readPaths.push(path);
    const file = this.files.get(path);
    if (!file) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
    const bytes = Buffer.from(file.data).subarray(start, end);
    this.bytesRead += bytes.length;
    return bytes;
  }

  async createExclusive(path: string, data: string): Promise<void> {
    if (this.files.has(path)) throw Object.assign(new Error(`EEXIST: ${path}`), { code: "EEXIST" });
    if (this.fail) throw this.error(path);
    this.put(path, data);
  }

  /** The names directly in `dir` (a file deeper down shows as its folder's name, as readdir does). */
  async readdir(dir: string): Promise<string[]> {
    const names = [...this.files.keys()]
      .filter((path) => path.startsWith(`${dir}/`))
      .map((path) => path.slice(dir.length + 1).split("/")[0]!);
    return [...new Set(names)];
  }

  async stat(path: string): Promise<{ size: number; mtimeMs: number }> {
    const file = this.files.get(path);
    if (!file) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
    return { size: Buffer.byteLength(file.data), mtimeMs: file.mtimeMs };
  }

  async unlink(path: string): Promise<void> {
    if (!this.files.delete(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
  }

  async rename(from: string, to: string): Promise<void> {
    const file = this.files.get(from);
    if (!file) throw Object.assign(new Error(`ENOENT: ${from}`), { code: "ENOENT" });
    if (this.fail) throw this.error(to);
    this.files.delete(from);
    this.files.set(to, file); // a rename keeps the modification time
  }

  /** Sets a file's modification time (to age conversations for the pruning tests). */
  touch(path: string, mtimeMs: number): void {
    const file = this.files.get(path);
    if (file) file.mtimeMs = mtimeMs;
  }

  private put(path: string, data: string): void {
    this.files.set(path, { data, mtimeMs: this.now() });
  }

  private error(path: string): Error {
    return Object.assign(new Error(`${this.fail}: cannot write ${path}`), { code: this.fail });
  }
}
