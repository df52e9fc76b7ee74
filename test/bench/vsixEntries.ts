/**
 * The files inside a .vsix (a zip), from its central directory: the sizes that ship, whatever
 * dist/ holds now (a later dev build would not be minified).
 */
import { readFileSync } from "node:fs";

export interface ZipEntry {
  readonly name: string;
  readonly size: number;
  readonly compressedSize: number;
}

export function zipEntries(file: string): ZipEntry[] {
  const zip = readFileSync(file);
  // End of central directory: signature 0x06054b50, within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${i}`);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({ name: zip.toString("utf8", at + 46, at + 46 + nameLength), size, compressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
