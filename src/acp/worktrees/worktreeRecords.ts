/**
 * The panel's own list of the worktrees it made (a JSON file in the extension's storage): what the
 * clean-up list shows, and which locked worktrees are the panel's to unlock and prune. git's list
 * knows every worktree of a repository; only this one knows which are the panel's, for which tab.
 *
 * A missing file is an empty list. A file that does not parse is renamed `<file>.corrupt-<time>`
 * (kept, never deleted: its worktrees can still be found from it by hand) and the list starts over
 * with whatever entries were still readable. Every write goes to a temporary file renamed over the
 * list, so a crash leaves the old list or the new one, never half of one. Calls on one instance run
 * one after another; two windows sharing the storage can still interleave (last write wins).
 */
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

export interface WorktreeRecord {
  readonly path: string;
  readonly branch: string;
  /** The main checkout's top level. */
  readonly repo: string;
  readonly baseCommit: string;
  /** When it was made (ms since the epoch). */
  readonly createdAt: number;
  readonly tabId?: string;
  readonly agent?: string;
}

export class WorktreeRecords {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    /** The JSON file (absolute); its folder is made on the first write. */
    readonly file: string,
    private readonly now: () => number = Date.now,
  ) {}

  list(): Promise<WorktreeRecord[]> {
    return this.serial(() => this.load());
  }

  /** Adds `record`, replacing one for the same path. */
  add(record: WorktreeRecord): Promise<void> {
    return this.serial(async () => {
      const records = (await this.load()).filter((known) => known.path !== record.path);
      await this.save([...records, record]);
    });
  }

  /** Forgets the record for `path`; false when there was none. */
  remove(path: string): Promise<boolean> {
    return this.serial(async () => {
      const records = await this.load();
      const kept = records.filter((known) => known.path !== path);
      if (kept.length === records.length) return false;
      await this.save(kept);
      return true;
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async load(): Promise<WorktreeRecord[]> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const entries = Array.isArray(parsed) ? parsed : [];
    const records = entries.flatMap((entry: unknown) => {
      const record = recordOf(entry);
      return record ? [record] : [];
    });
    if (!Array.isArray(parsed) || records.length !== entries.length) {
      await rename(this.file, `${this.file}.corrupt-${this.now()}`);
      if (records.length > 0) await this.save(records);
    }
    return records;
  }

  private async save(records: readonly WorktreeRecord[]): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp-${randomBytes(4).toString("hex")}`;
    try {
      await writeFile(temporary, `${JSON.stringify(records, null, 2)}\n`, { flag: "wx" });
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

/** One entry, checked field by field; undefined when it is not a record. */
export function recordOf(value: unknown): WorktreeRecord | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { path, branch, repo, baseCommit, createdAt, tabId, agent } = value as Record<string, unknown>;
  if (typeof path !== "string" || typeof branch !== "string" || typeof repo !== "string") return undefined;
  if (typeof baseCommit !== "string" || typeof createdAt !== "number" || !Number.isFinite(createdAt)) return undefined;
  if ((tabId !== undefined && typeof tabId !== "string") || (agent !== undefined && typeof agent !== "string"))
    return undefined;
  return {
    path,
    branch,
    repo,
    baseCommit,
    createdAt,
    ...(tabId === undefined ? {} : { tabId }),
    ...(agent === undefined ? {} : { agent }),
  };
}

/**
 * Bytes of the files under `path`, for the clean-up list: links are not followed (nor counted), and
 * the worktree's `.git` file (a pointer to the repository) is left out. Files that vanish or cannot
 * be read while walking count as nothing.
 */
export async function folderSize(path: string): Promise<number> {
  let total = 0;
  const folders = [path];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) folders.push(full);
      else if (entry.isFile() && !(folder === path && entry.name === ".git"))
        total += (await lstat(full).catch(() => undefined))?.size ?? 0;
    }
  }
  return total;
}
