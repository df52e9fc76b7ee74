/**
 * What a folder held at one moment, and the stat data of the shadow index's entries: how a
 * checkpoint asked for while another one is still being taken (the first, which hashes every
 * file) knows, afterwards, which bytes each file held at the moment it was asked for, without
 * reading or stat'ing anything then.
 *
 * The contracts: a file whose stat data (size, mtime and ctime to the nanosecond, inode) are the
 * same at two moments held the same bytes at both (every write changes them; git relies on the
 * same), and every change sets ctime to the (possibly coarse) time of the change, which user space
 * cannot set back. git records in the index the stat data it saw when it hashed a file.
 */
import { lstat, stat } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/** What is compared. git keeps 32 bits of each number, so both sides are cut to 32 bits. */
export interface StatKey {
  readonly size: number;
  readonly mtime: string;
  readonly ctime: string;
  readonly ino: number;
}

/**
 * What a folder held at one moment, as far as a checkpoint needs it without reading anything: the
 * files it held then (a listing), and when. Whether a file still holds that moment's bytes is told
 * later by its ctime (statManifest's contract: every change of a file sets its ctime to the time
 * of the change, and nothing can set it back).
 */
export interface StatManifest {
  readonly files: ReadonlySet<string>;
  /** Epoch ms, taken before the listing started. */
  readonly at: number;
  /** How many of the files the shadow index has no entry for (all of them, before a first checkpoint). */
  readonly unindexed: number;
}

/**
 * The files a checkpoint of the folder would hold (the index's and the untracked ones that are
 * not ignored), now. One git process, no file read or stat'ed: what a prompt waits for.
 */
export async function takeManifest(place: GitPlace): Promise<StatManifest> {
  const at = Date.now();
  // -t: each name after its tag, "H " (in the index) or "? " (not in it).
  const listed = await runGit(place, ["ls-files", "-z", "-t", "--cached", "--others", "--exclude-standard"]);
  const files = new Set<string>();
  let unindexed = 0;
  for (const line of listed.toString("utf8").split("\0")) {
    const path = line.slice(2);
    // An untracked nested repository is listed as `dir/`: it is never in a checkpoint.
    if (!path || path.endsWith("/") || files.has(path)) continue;
    files.add(path);
    if (line.startsWith("?")) unindexed++;
  }
  return { files, at, unindexed };
}

/** Whether the shadow index (in `gitDir`) holds any file: an empty one is 32 bytes, header and checksum. */
export async function indexHasEntries(gitDir: string): Promise<boolean> {
  const info = await stat(join(gitDir, "index")).catch(() => undefined);
  return (info?.size ?? 0) > 32;
}

const low32 = (value: bigint): number => Number(value & 0xffffffffn);

function stamp(ns: bigint): string {
  return `${low32(ns / 1_000_000_000n)}:${ns % 1_000_000_000n}`;
}

export function sameStat(a: StatKey | undefined, b: StatKey | undefined): boolean {
  return !!a && !!b && a.size === b.size && a.mtime === b.mtime && a.ctime === b.ctime && a.ino === b.ino;
}

/** The stat data of `path` now (a link itself, never followed); undefined when it is gone or not a file or link. */
export async function statNow(
  folder: string,
  path: string,
): Promise<(StatKey & { readonly ctimeMs: number; readonly bytes: number }) | undefined> {
  const info = await lstat(join(folder, ...path.split("/")), { bigint: true }).catch(() => undefined);
  if (!info || !(info.isFile() || info.isSymbolicLink())) return undefined;
  return {
    size: low32(info.size),
    mtime: stamp(info.mtimeNs),
    ctime: stamp(info.ctimeNs),
    ino: low32(info.ino),
    ctimeMs: Number(info.ctimeNs / 1_000_000n),
    bytes: Number(info.size), // `size` is git's 32 bits: this is the real size, for the cap
  };
}

/** An index entry: its mode and the stat data git saw when it hashed the file. */
export interface IndexedStat extends StatKey {
  readonly mode: string;
}

/**
 * The stat data of every entry of an index (`indexFile`, else the repository's own), from
 * `ls-files --debug`: per entry its path (NUL-ended with -z), then `ctime: s:ns`, `mtime: s:ns`,
 * `dev: D\tino: I`, `uid: U\tgid: G` and `size: S\tflags: F` lines.
 */
export async function indexStats(place: GitPlace, indexFile?: string): Promise<Map<string, IndexedStat>> {
  const out = (
    await runGit(place, ["ls-files", "-z", "--stage", "--debug"], indexFile === undefined ? {} : { indexFile })
  ).toString("utf8");
  const found = new Map<string, IndexedStat>();
  let at = 0;
  // In slices, letting the event loop run between them: 10,000 entries parsed at once held the
  // extension host's thread for about 40 ms.
  for (let parsed = 1; at < out.length; parsed++) {
    if (parsed % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const end = out.indexOf("\0", at);
    if (end < 0) break;
    // `--stage`: "<mode> <object> <stage>\t<path>", then the debug lines.
    const head = out.slice(at, end);
    const tab = head.indexOf("\t");
    const block =
      /^\s*ctime: (\d+:\d+)\n\s*mtime: (\d+:\d+)\n\s*dev: \d+\tino: (\d+)\n\s*uid: \d+\tgid: \d+\n\s*size: (\d+)\tflags: [0-9a-f]+\n/.exec(
        out.slice(end + 1, end + 1 + 400),
      );
    if (tab < 0 || !block) break;
    found.set(head.slice(tab + 1), {
      mode: head.slice(0, 6),
      ctime: normalStamp(block[1]!),
      mtime: normalStamp(block[2]!),
      ino: Number(block[3]),
      size: Number(block[4]),
    });
    at = end + 1 + block[0].length;
  }
  return found;
}

/** git prints the nanoseconds without padding, as `stamp` does. */
function normalStamp(text: string): string {
  const [seconds = "0", nanos = "0"] = text.split(":");
  return `${Number(seconds)}:${Number(nanos)}`;
}
