/**
 * Which plain paths from the agent's Markdown name files in the workspace (`paths/check`, issue 29
 * §5), so the panel links only those. A relative path is looked up in each workspace folder in
 * turn, an absolute one only when it lies inside a folder; `..` is resolved first and a path that
 * climbs out of its folder is never looked at. Nothing outside the workspace folders is ever
 * stat'ed. A symlinked file is not linked (the stat says so); a path through a symlinked folder may
 * be, but opening goes through openVerdict, which resolves symlinks and asks before anything outside.
 *
 * Answers are cached per path for the session (bounded; dropped when the folders change): a file
 * created later is linked in the next session, or after the folders change.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { MAX_PATHS_PER_CHECK, MAX_PATH_CANDIDATE_LENGTH } from "../../shared/wire/pathLinkLimits";
import type { StatPath } from "../ports";

export interface PathLinkResult {
  readonly path: string;
  /** The absolute path of the workspace file, or null. */
  readonly file: string | null;
}

const MAX_CACHED = 5_000;
/** Stats in flight at once. */
const CONCURRENCY = 16;

export class PathLinkCheck {
  private readonly cache = new Map<string, string | null>();
  private rootsKey = "";

  constructor(
    private readonly roots: () => readonly string[],
    private readonly stat: StatPath,
  ) {}

  async check(paths: readonly string[]): Promise<PathLinkResult[]> {
    const roots = this.roots();
    const key = roots.join("\0");
    if (key !== this.rootsKey) {
      this.cache.clear();
      this.rootsKey = key;
    }
    const unique = [...new Set(paths)].slice(0, MAX_PATHS_PER_CHECK);
    const results = new Map<string, string | null>();
    const queue = unique.filter((path) => {
      const cached = this.cache.get(path);
      if (cached === undefined) return true;
      results.set(path, cached);
      return false;
    });
    const worker = async () => {
      for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
        const file = await this.lookUp(path, roots);
        results.set(path, file);
        this.remember(path, file);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    return unique.map((path) => ({ path, file: results.get(path) ?? null }));
  }

  private async lookUp(path: string, roots: readonly string[]): Promise<string | null> {
    for (const candidate of workspaceCandidates(path, roots)) {
      try {
        if ((await this.stat(candidate)) === "file") return candidate;
      } catch {
        // unreadable: not a link
      }
    }
    return null;
  }

  private remember(path: string, file: string | null): void {
    this.cache.delete(path);
    this.cache.set(path, file);
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= MAX_CACHED) break;
      this.cache.delete(oldest);
    }
  }
}

/** The absolute paths `path` may name inside the folders, in the folders' order; none outside them. */
export function workspaceCandidates(path: string, roots: readonly string[]): string[] {
  if (path.length === 0 || path.length > MAX_PATH_CANDIDATE_LENGTH || path.includes("\0")) return [];
  // A network path (`//host/share`, `\\server\share`) is never looked at, even to say no.
  if (/^[\\/]{2}/.test(path)) return [];
  const found: string[] = [];
  for (const root of roots) {
    const absolute = isAbsolute(path) ? resolve(path) : resolve(root, path);
    if (inside(root, absolute) && !found.includes(absolute)) found.push(absolute);
  }
  return found;
}

function inside(root: string, path: string): boolean {
  const rest = relative(resolve(root), path);
  return rest !== "" && rest.split(sep)[0] !== ".." && !isAbsolute(rest);
}
