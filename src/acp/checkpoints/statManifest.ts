/**
 * Stat data of a folder's files, and of the shadow index's entries: how a checkpoint asked for
 * while another one is still being taken (the first, which hashes every file) knows, afterwards,
 * which bytes each file held at the moment it was asked for, without reading them then.
 *
 * The contract: a file whose stat data (size, mtime and ctime to the nanosecond, inode, mode) are
 * the same at two moments held the same bytes at both (every write changes mtime and ctime; git
 * relies on the same). git records in the index the stat data it saw when it hashed a file.
 */
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/** What is compared. git keeps 32 bits of each number, so both sides are cut to 32 bits. */
export interface StatKey {
  readonly size: number;
  readonly mtime: string;
  readonly ctime: string;
  readonly ino: number;
}

/** A folder's files (relative, `/`) and their stat data at one moment; absent files are left out. */
export interface StatManifest {
  readonly files: ReadonlyMap<string, StatKey>;
  /** Regular files over the checkpoint's size cap: never in a checkpoint, so never "not known" for that reason. */
  readonly oversized: ReadonlySet<string>;
}

const low32 = (value: bigint): number => Number(value & 0xffffffffn);

function stamp(ns: bigint): string {
  return `${low32(ns / 1_000_000_000n)}:${ns % 1_000_000_000n}`;
}

export function sameStat(a: StatKey | undefined, b: StatKey | undefined): boolean {
  return !!a && !!b && a.size === b.size && a.mtime === b.mtime && a.ctime === b.ctime && a.ino === b.ino;
}

/** The stat data of `path` now (a link itself, never followed); undefined when it is gone or not a file or link. */
export async function statNow(folder: string, path: string): Promise<(StatKey & { mtimeMs: number }) | undefined> {
  const info = await lstat(join(folder, ...path.split("/")), { bigint: true }).catch(() => undefined);
  if (!info || !(info.isFile() || info.isSymbolicLink())) return undefined;
  return {
    size: low32(info.size),
    mtime: stamp(info.mtimeNs),
    ctime: stamp(info.ctimeNs),
    ino: low32(info.ino),
    mtimeMs: Number(info.mtimeNs / 1_000_000n),
  };
}

/**
 * Every file a checkpoint of the folder would hold (the index's and the untracked ones that are
 * not ignored), with its stat data now. Reads no file's content: a listing and one `lstat` each.
 */
export async function takeManifest(place: GitPlace, maxFileBytes: number): Promise<StatManifest> {
  const listed = await runGit(place, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
  // An untracked nested repository is listed as `dir/`: it is never in a checkpoint.
  const paths = [...new Set(listed.toString("utf8").split("\0"))].filter((path) => path && !path.endsWith("/"));
  const files = new Map<string, StatKey>();
  const oversized = new Set<string>();
  for (let at = 0; at < paths.length; at += 128) {
    await Promise.all(
      paths.slice(at, at + 128).map(async (path) => {
        const found = await statNow(place.workTree, path);
        if (!found) return;
        files.set(path, { size: found.size, mtime: found.mtime, ctime: found.ctime, ino: found.ino });
        if (found.size > maxFileBytes) oversized.add(path);
      }),
    );
  }
  return { files, oversized };
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
  while (at < out.length) {
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
