/**
 * Reads one journal file into its fold, and reads it again from where it left off. Journals are
 * appended and never rewritten, so a later read folds only the bytes added since: a long turn's
 * history refresh (every 20 s) no longer reads a file of megabytes back whole each time.
 *
 * The contract: `read(size)` returns what `foldJournal` returns for the file's first `size` bytes,
 * whatever was appended between reads and wherever the writes were cut (mid-line, mid-character).
 * - Only whole lines (up to a newline byte) are folded into the kept state; the piece after the
 *   last newline (a line still being written, or a crash's torn tail) is tried on a copy and read
 *   again next time. A newline byte never occurs inside a UTF-8 sequence, so every line decodes
 *   alone.
 * - The file is read in slices of 1 MB, each decoded and split on its own, never as one string:
 *   a 5 MB journal was a 5 MB string and its split lines, alive together, on the extension host.
 * - Another window may have replaced the file (Delete Session… and a new conversation under the
 *   same key, Bring back putting older bytes in front). `continues` checks that the file still
 *   starts with the bytes read first and still ends, where this reader stopped, with the bytes it
 *   read last (a newline among them); otherwise the caller starts a new reader. The head alone was
 *   not enough: older bytes put in front of a file that began with them (C0 C1 becoming C0 C0 C1)
 *   keep the head, and a newline at the cut is often there by chance.
 */
import { JournalFold, type FoldedJournal } from "./journalRecords";
import type { JournalFs } from "./journalFs";

/** How much is read at once. */
export const READ_SLICE_BYTES = 1 << 20;
/** How many of the first bytes identify the file (its first record names the writer and the time it opened). */
const HEAD_BYTES = 256;
/** How many of the bytes just before where the reader stopped must still be there. */
const TAIL_BYTES = 256;
const NEWLINE = 0x0a;

export class JournalReader {
  private readonly fold = new JournalFold();
  /** Bytes folded: everything before this offset, which is just after a newline (or 0). */
  private consumed = 0;
  private head: Uint8Array = new Uint8Array(0);
  /** The last bytes folded, up to TAIL_BYTES: they end at `consumed`, with a newline. */
  private tail: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly fs: JournalFs,
    private readonly path: string,
    private readonly sliceBytes = READ_SLICE_BYTES,
  ) {}

  /** Whether the file at `size` bytes is this reader's file grown (or as it was), so reading on from here is sound. */
  async continues(size: number): Promise<boolean> {
    if (size < this.consumed) return false;
    if (this.consumed === 0) return true;
    const head = await this.fs.readBytes(this.path, 0, this.head.length);
    if (!sameBytes(head, this.head)) return false;
    const before = await this.fs.readBytes(this.path, this.consumed - this.tail.length, this.consumed);
    return sameBytes(before, this.tail);
  }

  /** Folds the file's bytes from where this reader stopped up to `size`; the fold of the first `size` bytes. */
  async read(size: number): Promise<FoldedJournal> {
    let carried: Uint8Array = new Uint8Array(0);
    let offset = this.consumed;
    while (offset < size) {
      const bytes = await this.fs.readBytes(this.path, offset, Math.min(size, offset + this.sliceBytes));
      if (bytes.length === 0) break; // shorter than its stat said: read what is there
      if (this.head.length < HEAD_BYTES && offset < HEAD_BYTES) this.noteHead(offset, bytes);
      offset += bytes.length;
      const slice = carried.length ? concat(carried, bytes) : bytes;
      const end = slice.lastIndexOf(NEWLINE) + 1;
      this.foldLines(slice, end);
      this.noteTail(slice, end);
      this.consumed += end;
      carried = slice.subarray(end);
    }
    const tail = decode(carried, 0, carried.length);
    if (tail.trim() === "") return this.fold.result(false);
    const tried = this.fold.clone();
    const tornTail = !tried.line(tail, true);
    return tried.result(tornTail);
  }

  /** Folds the whole lines of `bytes[0, end)` (decoded at once: a slice's lines end at a newline byte). */
  private foldLines(bytes: Uint8Array, end: number): void {
    if (end === 0) return;
    const lines = decode(bytes, 0, end - 1).split("\n");
    for (const line of lines) if (line.trim() !== "") this.fold.line(line, false);
  }

  /** `bytes[0, end)` were just folded: the last TAIL_BYTES of everything folded, copied (slices are reused). */
  private noteTail(bytes: Uint8Array, end: number): void {
    if (end === 0) return;
    const fresh = bytes.subarray(Math.max(0, end - TAIL_BYTES), end);
    const joined = fresh.length >= TAIL_BYTES ? fresh : concat(this.tail, fresh);
    this.tail = joined.slice(Math.max(0, joined.length - TAIL_BYTES));
  }

  private noteHead(offset: number, bytes: Uint8Array): void {
    const wanted = bytes.subarray(0, HEAD_BYTES - offset);
    this.head = concat(this.head.subarray(0, offset), wanted);
  }
}

/** Decoded as reading the whole file as UTF-8 decodes it (a byte order mark kept, bad bytes replaced). */
function decode(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8", start, end);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
