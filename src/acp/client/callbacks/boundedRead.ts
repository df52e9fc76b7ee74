/**
 * Reading a text file for an agent without ever holding more than the read cap. A whole-file read
 * checks the size (`fstat`) before reading a byte, then reads at most `maxBytes + 1` bytes in
 * case the file grew meanwhile. A `line`/`limit` read streams in chunks: skipped lines are scanned
 * for newlines and dropped, reading stops at the last wanted line, and the wanted part itself is
 * capped at `maxBytes`. Line semantics match `sliceLines`: `line` is 1-based, `limit` counts
 * lines, line endings are kept. Lines are split on the byte 0x0A, which never occurs inside a
 * multi-byte UTF-8 sequence, and the kept bytes are decoded once at the end.
 */
import { constants } from "node:fs";
import { open, stat } from "node:fs/promises";
import { isMissingPath } from "../../platform/errorCode";
import { nonBlockFlag } from "../../platform/openFlags";

export interface ReadRange {
  /** 1-based first line. */
  readonly line?: number | undefined;
  /** Number of lines. */
  readonly limit?: number | undefined;
}

export type BoundedText =
  | { readonly kind: "text"; readonly text: string }
  /** `part`: a `line`/`limit` part was over the cap; else the whole file was (nothing was read). */
  | { readonly kind: "too-large"; readonly part: boolean };

/** What the reader needs of an open file; a test can count what is read. */
export interface ByteSource {
  size(): Promise<number>;
  /** Reads into `buffer` from `position`; returns the number of bytes read (0 at the end). */
  read(buffer: Buffer, position: number): Promise<number>;
}

const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** The file at `path`; `undefined` when it does not exist. Anything but a regular file is refused. */
export async function readTextBounded(
  path: string,
  range: ReadRange,
  maxBytes: number,
): Promise<BoundedText | undefined> {
  // O_NONBLOCK: opening a FIFO swapped in after the path check must not block a thread-pool thread.
  const handle = await open(path, constants.O_RDONLY | nonBlockFlag).catch((error: unknown) => {
    if (isMissingPath(error)) return undefined;
    throw error;
  });
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`refusing to read "${path}": not a regular file`);
    return await readBounded(
      {
        size: () => Promise.resolve(info.size),
        read: async (buffer, position) => (await handle.read(buffer, 0, buffer.length, position)).bytesRead,
      },
      range,
      maxBytes,
    );
  } finally {
    await handle.close();
  }
}

/**
 * Why a whole read of `path` would be refused (not a regular file, or over `maxBytes`), from its
 * `stat` alone, or undefined when it would not: for code that hands the path to something else
 * to open (VS Code's documents) and must refuse what `readTextBounded` would.
 */
export async function wholeReadRefusal(path: string, maxBytes: number): Promise<string | undefined> {
  const info = await stat(path);
  if (!info.isFile()) return `refusing "${path}": not a regular file`;
  if (info.size > maxBytes)
    return `refusing "${path}": it is too large (${info.size} bytes; files over ${maxBytes} bytes are not opened)`;
  return undefined;
}

export async function readBounded(
  source: ByteSource,
  range: ReadRange,
  maxBytes: number,
  chunkBytes = CHUNK_BYTES,
): Promise<BoundedText> {
  const whole = range.line === undefined && range.limit === undefined;
  if (whole) {
    if ((await source.size()) > maxBytes) return { kind: "too-large", part: false };
    const text = await collect(source, 0, Number.POSITIVE_INFINITY, maxBytes, chunkBytes);
    return text === undefined ? { kind: "too-large", part: false } : { kind: "text", text };
  }
  const start = Math.max(0, (range.line ?? 1) - 1);
  const end = range.limit === undefined ? Number.POSITIVE_INFINITY : start + Math.max(0, range.limit);
  if (end <= start) return { kind: "text", text: "" };
  const text = await collect(source, start, end, maxBytes, chunkBytes);
  return text === undefined ? { kind: "too-large", part: true } : { kind: "text", text };
}

/** Lines [start, end) (0-based), or undefined once they pass `maxBytes`. */
async function collect(
  source: ByteSource,
  start: number,
  end: number,
  maxBytes: number,
  chunkBytes: number,
): Promise<string | undefined> {
  const chunk = Buffer.allocUnsafe(chunkBytes);
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let lineIndex = 0;
  let position = 0;
  for (;;) {
    const length = await source.read(chunk, position);
    if (length <= 0) break;
    position += length;
    let offset = 0;
    while (offset < length && lineIndex < end) {
      const newline = chunk.subarray(0, length).indexOf(NEWLINE, offset);
      const stop = newline === -1 ? length : newline + 1;
      if (lineIndex >= start) {
        keptBytes += stop - offset;
        if (keptBytes > maxBytes) return undefined;
        kept.push(Buffer.from(chunk.subarray(offset, stop)));
      }
      if (newline !== -1) lineIndex += 1;
      offset = stop;
    }
    if (lineIndex >= end) break;
  }
  return Buffer.concat(kept, keptBytes).toString("utf8");
}
