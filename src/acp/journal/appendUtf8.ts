/**
 * Appends a string to a file through one reused buffer. `fs.appendFile` encodes every string into
 * a buffer of its own, and those buffers live outside the JS heap until a garbage collection finds
 * them: the first write of a loaded 2,000-entry conversation (5 MB of records in slices of
 * 256 K characters) left about 10 MB of them behind at once, half of the write's RSS. Here a slice
 * is encoded into the one scratch buffer, written, and the buffer is taken again by the next.
 *
 * Contract: as `appendFile` with flag "a": the file is created when missing, every byte is written
 * at its end (O_APPEND), and an error leaves at most a part of `data` there (the journal starts its
 * next write on a new line). Two appends in flight at once (two conversations) never share the
 * scratch buffer: the second encodes into its own.
 */
import { promises as fs } from "node:fs";

/** Holds a slice of APPEND_SLICE_CHARS (256 K) characters at UTF-8's most, 3 bytes for each UTF-16 unit. */
const SCRATCH_BYTES = 1024 * 1024;
let scratch: Buffer | undefined;
let scratchBusy = false;

export async function appendUtf8(path: string, data: string): Promise<void> {
  const length = Buffer.byteLength(data, "utf8");
  const reuse = !scratchBusy && length <= SCRATCH_BYTES;
  const buffer = reuse ? (scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES)) : Buffer.allocUnsafe(length);
  if (reuse) scratchBusy = true;
  try {
    buffer.write(data, 0, length, "utf8");
    const handle = await fs.open(path, "a");
    try {
      for (let offset = 0; offset < length;) {
        const { bytesWritten } = await handle.write(buffer, offset, length - offset);
        offset += bytesWritten;
      }
    } finally {
      await handle.close();
    }
  } finally {
    if (reuse) scratchBusy = false;
  }
}
