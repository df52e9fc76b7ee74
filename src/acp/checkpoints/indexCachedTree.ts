/**
 * The tree a shadow index caches for the whole folder: the root of git's cache-tree (the index's
 * `TREE` extension), which `write-tree` writes back whenever it computes it. When that root is
 * valid it is exactly what `write-tree` would print for this index, so a checkpoint of a folder
 * the listing found unchanged reads it instead of starting a git process. It is read from the
 * index file itself, whoever wrote it (a second window's checkpoint of the same folder shares the
 * repository), so it can never be another index's tree.
 *
 * The format is git's `Documentation/gitformat-index.txt`: a 12-byte header (`DIRC`, version,
 * entry count), the entries, the extensions (4-byte signature, 4-byte size, data), then the
 * index's own hash over all before it, which is checked (it also tells SHA-1 from SHA-256, and a
 * damaged file from a sound one). Anything this reader does not fully understand gives undefined, and the
 * caller runs `write-tree`: a split index (`link`), a sparse one (`sdir`), unmerged entries,
 * entries left out of the tree (intent-to-add), or a root git marked invalid.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** SHA-1 and SHA-256 repositories: the index ends with its hash in the repository's own. */
const HASHES = [
  { algorithm: "sha1", length: 20 },
  { algorithm: "sha256", length: 32 },
] as const;
/** ctime, mtime, dev, ino, mode, uid, gid, size: ten 32-bit fields before an entry's object id. */
const ENTRY_STAT_BYTES = 40;
const EXTENDED_FLAG = 0x4000;
const STAGE_MASK = 0x3000;
const NAME_LENGTH_MASK = 0x0fff;
const MALFORMED = Symbol("malformed");

/** The cached root tree of `gitDir`'s index (hex), or undefined when there is none to trust. */
export async function indexCachedTree(gitDir: string): Promise<string | undefined> {
  const index = await readFile(join(gitDir, "index")).catch(() => undefined);
  return index && cachedRootTree(index);
}

/** The root of the cache-tree in index file `index`, when it covers every entry. */
export function cachedRootTree(index: Buffer): string | undefined {
  if (index.length < 12 || index.toString("latin1", 0, 4) !== "DIRC") return undefined;
  const version = index.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  // `index.skipHash` writes zeros instead: then no hash matches, and write-tree runs.
  const hash = HASHES.find(
    ({ algorithm, length }) =>
      index.length >= 12 + length &&
      createHash(algorithm)
        .update(index.subarray(0, index.length - length))
        .digest()
        .equals(index.subarray(index.length - length)),
  );
  const read = hash && readIndex(index, version, hash.length);
  return read === MALFORMED ? undefined : read;
}

/** MALFORMED when the entries and extensions do not fill the file exactly. */
function readIndex(index: Buffer, version: number, hashLength: number): string | undefined | typeof MALFORMED {
  const entryCount = index.readUInt32BE(8);
  const end = index.length - hashLength;
  let at = 12;
  for (let entry = 0; entry < entryCount; entry++) {
    const flagsAt = at + ENTRY_STAT_BYTES + hashLength;
    if (flagsAt + 2 > end) return MALFORMED;
    const flags = index.readUInt16BE(flagsAt);
    if ((flags & EXTENDED_FLAG) !== 0 && version < 3) return MALFORMED;
    if ((flags & STAGE_MASK) !== 0) return undefined; // unmerged: git keeps no valid tree
    const nameAt = flagsAt + 2 + ((flags & EXTENDED_FLAG) !== 0 ? 2 : 0);
    if (version === 4) {
      // How much of the previous name to drop (a varint: its bytes but the last have the high bit
      // set), then the rest of this name, NUL-ended; no padding. Only the lengths matter here.
      let nul = nameAt;
      while (nul < end && (index[nul]! & 0x80) !== 0) nul++;
      nul = index.indexOf(0, nul + 1);
      if (nul < 0 || nul >= end) return MALFORMED;
      at = nul + 1;
    } else {
      let nameLength = flags & NAME_LENGTH_MASK;
      if (nameLength === NAME_LENGTH_MASK) nameLength = index.indexOf(0, nameAt + NAME_LENGTH_MASK) - nameAt;
      if (nameLength < 0 || nameAt + nameLength >= end || index[nameAt + nameLength] !== 0) return MALFORMED;
      // Padded with 1 to 8 NULs to a multiple of 8 bytes from the entry's start.
      at += (nameAt - at + nameLength + 8) & ~7;
    }
  }
  let root: string | undefined;
  while (at + 8 <= end) {
    const signature = index.toString("latin1", at, at + 4);
    const size = index.readUInt32BE(at + 4);
    const dataAt = at + 8;
    if (dataAt + size > end) return MALFORMED;
    if (signature === "link" || signature === "sdir") return undefined;
    if (signature === "TREE") root = rootOfCacheTree(index.subarray(dataAt, dataAt + size), entryCount, hashLength);
    at = dataAt + size;
  }
  return at === end ? root : MALFORMED;
}

/**
 * The first cache-tree entry is the root: an empty path, NUL, its entry count in ASCII (-1 when
 * invalid), a space, its subtree count, a newline, then the tree's id when valid.
 */
function rootOfCacheTree(data: Buffer, entryCount: number, hashLength: number): string | undefined {
  if (data[0] !== 0) return undefined;
  const newline = data.indexOf(0x0a, 1);
  if (newline < 0) return undefined;
  const [covered, subtrees] = data.toString("latin1", 1, newline).split(" ");
  if (covered !== String(entryCount) || subtrees === undefined || !/^\d+$/.test(subtrees)) return undefined;
  if (newline + 1 + hashLength > data.length) return undefined;
  return data.toString("hex", newline + 1, newline + 1 + hashLength);
}
