/**
 * Which files outside the workspace a tool's answer about a file can draw on. A language service
 * answers a hover or reports a problem from everything its project reaches, not only from the
 * file asked about: `export const seen = OUTSIDE_VALUE` is defined inside, and its hover carries
 * the outside constant's literal type and doc comment. So, before such text goes to the agent:
 * - a script (TypeScript / JavaScript) counts as drawing on its whole project: every script and
 *   project config under the roots (globals declared in one file reach all the others), the
 *   `@types` packages TypeScript adds on its own, and everything those name, followed through
 *   relative paths, node_modules packages and tsconfig `paths`/`include`/`extends`, transitively;
 * - any other file draws on the paths its own text names, transitively;
 * - a tsconfig/jsconfig or a `node_modules/@types` folder above a root counts as outside (a
 *   project can pick them up with no reference at all).
 * A file is read only when it is inside the roots or the user already allowed it (`readable`):
 * the others are reported, never opened. Symlinks are resolved. Reads are bounded (stat first,
 * regular files within the read cap), and so is the whole walk: past `maxFiles` files the verdict
 * is "unchecked", never a confident "nothing outside".
 */
import { readdir, realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readTextBounded } from "../callbacks/boundedRead";
import { DEFAULT_MAX_READ_BYTES } from "../callbacks/fileSystemCallbacks";
import { isInside } from "../../platform/workspacePaths";
import { referencesOf, sourceKind, type SourceKind, type SourceReference } from "./sourceReferences";

export type SourceVerdict =
  | { readonly kind: "checked"; readonly outside: readonly string[] }
  | { readonly kind: "unchecked"; readonly reason: string };

export interface SourceScanOptions {
  /** Files looked at per verdict (walk and references together). */
  readonly maxFiles?: number;
  readonly maxFileBytes?: number;
  /** References by file, kept between scans (a ReferenceCache per connection). */
  readonly cache?: ReferenceCache;
}

/** What a file referenced when it was last read; `key` is its inode, size and ctime then. */
interface ReadReferences {
  readonly key: string;
  readonly references: readonly SourceReference[];
}

/** By file: what it referenced when it was last read. */
export type ReferenceCache = Map<string, ReadReferences>;

const PARALLEL_FILES = 32;
const MAX_CACHED_FILES = 50_000;

const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);
const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".d.ts", ".mts", ".d.mts", ".cts", ".d.cts", ".js", ".jsx", ".mjs", ".cjs"];
const PROJECT_CONFIGS = ["tsconfig.json", "jsconfig.json"];

class Unchecked extends Error {}

/** One question ("what can answers about these files draw on?"), over one state of the disk. */
export class SourceScan {
  private readonly realRoots: Promise<string[]>;
  private project: Promise<Set<string>> | undefined;
  private readonly visited = new Set<string>();
  private readonly maxFiles: number;
  private readonly maxFileBytes: number;
  private readonly cache: ReferenceCache;
  /** Folder listings, so probing a dozen candidate names costs one readdir. */
  private readonly listings = new Map<string, Promise<Set<string>>>();
  private readonly reals = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly roots: readonly string[],
    private readonly readable: (real: string) => boolean,
    options: SourceScanOptions = {},
  ) {
    this.realRoots = Promise.all(roots.map((root) => realpath(root).catch(() => resolve(root))));
    this.maxFiles = options.maxFiles ?? 20_000;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_READ_BYTES;
    this.cache = options.cache ?? new Map<string, ReadReferences>();
  }

  /** The outside files (real paths, sorted) answers about `file` can draw on. */
  async verdict(file: string): Promise<SourceVerdict> {
    try {
      if (sourceKind(file) === "script") {
        this.project ??= this.scanProject();
        const reached = new Set(await this.project);
        await this.follow([file], reached);
        return { kind: "checked", outside: [...reached].sort() };
      }
      const reached = new Set<string>();
      await this.follow([file], reached, new Set());
      return { kind: "checked", outside: [...reached].sort() };
    } catch (error) {
      if (error instanceof Unchecked) return { kind: "unchecked", reason: error.message };
      throw error;
    }
  }

  private async scanProject(): Promise<Set<string>> {
    const seeds: string[] = [];
    const reached = new Set<string>();
    for (const root of await this.realRoots) {
      await this.walk(root, seeds);
      await this.addTypesPackages(join(root, "node_modules", "@types"), seeds);
      const hasConfig = (await Promise.all(PROJECT_CONFIGS.map((name) => isFile(join(root, name))))).some(Boolean);
      for (let folder = dirname(root); ; folder = dirname(folder)) {
        const candidates = [
          join(folder, "node_modules", "@types"),
          ...(hasConfig ? [] : PROJECT_CONFIGS.map((n) => join(folder, n))),
        ];
        for (const candidate of candidates) if (await this.exists(candidate)) await this.mark(candidate, reached);
        if (dirname(folder) === folder) break;
      }
    }
    await this.follow(seeds, reached, this.visited);
    return reached;
  }

  /** Scripts and project configs under `folder` (not node_modules or .git); links are followed as references. */
  private async walk(folder: string, out: string[]): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) await this.walk(path, out);
      } else if (entry.isSymbolicLink() || (entry.isFile() && sourceKind(entry.name) !== "other")) {
        out.push(path);
        if (out.length > this.maxFiles)
          throw new Unchecked(`the workspace has more than ${this.maxFiles} script files`);
      }
    }
  }

  private async addTypesPackages(folder: string, out: string[]): Promise<void> {
    const entries = await readdir(folder).catch(() => []);
    for (const name of entries) {
      const inner = name.startsWith("@")
        ? (await readdir(join(folder, name)).catch(() => [])).map((n) => `${name}/${n}`)
        : [name];
      for (const item of inner) out.push(...packageEntries(join(folder, item)));
    }
  }

  /** Follows references from `start`, adding what is outside (and not readable) to `reached`; many files at a time. */
  private async follow(start: readonly string[], reached: Set<string>, visited = this.visited): Promise<void> {
    let wave = [...start];
    while (wave.length > 0) {
      const next: string[] = [];
      for (let index = 0; index < wave.length; index += PARALLEL_FILES) {
        const found = await Promise.all(
          wave.slice(index, index + PARALLEL_FILES).map((path) => this.visit(path, reached, visited)),
        );
        for (const paths of found) next.push(...paths);
      }
      wave = next;
    }
  }

  /** One file: the paths its references can mean, or none when it was seen, is missing or is outside. */
  private async visit(path: string, reached: Set<string>, visited: Set<string>): Promise<string[]> {
    if (!(await this.exists(path))) return [];
    const real = await this.real(path);
    if (real === undefined || visited.has(real)) return [];
    visited.add(real);
    if (visited.size > this.maxFiles) throw new Unchecked(`the project reaches more than ${this.maxFiles} files`);
    if (!(await this.mark(real, reached))) return [];
    const references = await this.referencesIn(real);
    const kind = sourceKind(real);
    const out: string[] = [];
    for (const reference of references)
      out.push(...(await this.resolveReference(reference, dirname(real), kind, reached)));
    return out;
  }

  /**
   * The references a regular file makes, from the cache while the file is unchanged (same inode,
   * size and ctime: ctime can't be set back by the file's owner).
   */
  private async referencesIn(real: string): Promise<readonly SourceReference[]> {
    const info = await stat(real).catch(() => undefined);
    if (!info?.isFile()) return [];
    if (info.size > this.maxFileBytes) throw new Unchecked(`${real} is too large to check`);
    const key = `${info.ino}:${info.size}:${info.ctimeMs}`;
    const cached = this.cache.get(real);
    if (cached?.key === key) return cached.references;
    const read = await readTextBounded(real, {}, this.maxFileBytes).catch(() => undefined);
    const references = read?.kind === "text" ? referencesOf(sourceKind(real), read.text, real) : [];
    if (this.cache.size >= MAX_CACHED_FILES) this.cache.clear();
    this.cache.set(real, { key, references });
    return references;
  }

  private exists(path: string): Promise<boolean> {
    const folder = dirname(path);
    let listing = this.listings.get(folder);
    if (!listing) {
      listing = readdir(folder).then(
        (names) => new Set(names),
        () => new Set<string>(),
      );
      this.listings.set(folder, listing);
    }
    return listing.then((names) => names.has(basename(path)));
  }

  private real(path: string): Promise<string | undefined> {
    let real = this.reals.get(path);
    if (!real) {
      real = realpath(path).catch(() => undefined);
      this.reals.set(path, real);
    }
    return real;
  }

  /** True when `real` may be read (inside, or allowed); else it is recorded as reached outside. */
  private async mark(real: string, reached: Set<string>): Promise<boolean> {
    const roots = await this.realRoots;
    if (roots.some((root) => isInside(real, root)) || this.readable(real)) return true;
    reached.add(real);
    return false;
  }

  /** The files a reference can mean (to follow); a missing path outside the roots is recorded as reached. */
  private async resolveReference(
    reference: SourceReference,
    folder: string,
    kind: SourceKind,
    reached: Set<string>,
  ): Promise<string[]> {
    if (reference.as === "package") return this.resolvePackage(reference.specifier, folder, reached);
    const base = pathOf(reference.specifier, folder);
    if (base === undefined) return [];
    const candidates = kind === "script" ? scriptCandidates(base) : [base];
    const found: string[] = [];
    for (const candidate of candidates) {
      if (!(await this.exists(candidate))) continue;
      const real = (await this.real(candidate)) ?? candidate;
      // A folder (a package, an `include` entry): its entry points; what it holds inside is walked anyway.
      if ((await stat(real).catch(() => undefined))?.isDirectory()) {
        if (await this.mark(real, reached)) found.push(...packageEntries(real));
      } else found.push(real);
    }
    // Nothing there: the language service may still map it (other extensions, `paths`); outside, it counts.
    if (found.length === 0) await this.mark(await nearestReal(base), reached);
    return found;
  }

  /** node_modules lookup from `folder` upwards, as Node and TypeScript do (`@types/…` too). */
  private async resolvePackage(specifier: string, folder: string, reached: Set<string>): Promise<string[]> {
    if (specifier.startsWith("node:") || specifier.startsWith("#")) return [];
    const parts = specifier.split("/");
    const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    const sub = parts.slice(specifier.startsWith("@") ? 2 : 1).join("/");
    const typesName = name.startsWith("@") ? name.slice(1).replace("/", "__") : name;
    for (let at = folder; ; at = dirname(at)) {
      const found: string[] = [];
      for (const dir of [join(at, "node_modules", name), join(at, "node_modules", "@types", typesName)]) {
        if (!(await this.exists(dir))) continue;
        const real = (await this.real(dir)) ?? dir;
        if (!(await this.mark(real, reached))) continue;
        found.push(...(sub ? [...scriptCandidates(join(real, sub)), join(real, sub)] : packageEntries(real)));
      }
      if (found.length > 0) return found;
      if (dirname(at) === at) return [];
    }
  }
}

function pathOf(specifier: string, folder: string): string | undefined {
  try {
    if (specifier.startsWith("file:")) return fileURLToPath(specifier);
  } catch {
    return undefined;
  }
  if (specifier.startsWith("${configDir}")) return join(folder, specifier.slice("${configDir}".length));
  if (specifier === "~" || /^~[\\/]/.test(specifier)) return join(homedir(), specifier.slice(1));
  return resolve(folder, specifier);
}

/** What an import of `base` can load: the file itself, with script extensions, `.js` → `.ts`, an index. */
function scriptCandidates(base: string): string[] {
  const stem = base.replace(/\.[cm]?jsx?$/i, "");
  return [
    base,
    ...SCRIPT_EXTENSIONS.map((extension) => base + extension),
    ...(stem === base ? [] : SCRIPT_EXTENSIONS.map((extension) => stem + extension)),
    `${base}.json`,
  ];
}

/** A package folder's entry points: package.json (its `types`/`exports` paths are followed) and index files. */
function packageEntries(folder: string): string[] {
  return [join(folder, "package.json"), ...SCRIPT_EXTENSIONS.map((extension) => join(folder, `index${extension}`))];
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

/** realpath of the longest existing prefix, with the missing tail appended. */
async function nearestReal(path: string): Promise<string> {
  const real = await realpath(path).catch(() => undefined);
  if (real !== undefined) return real;
  const parent = dirname(path);
  return parent === path ? path : join(await nearestReal(parent), path.slice(parent.length).replace(/^[\\/]/, ""));
}
