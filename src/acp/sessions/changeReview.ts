/**
 * The "Files changed" review: every file an agent changed during a turn, with what it held
 * before, so the user can open a diff, keep the change, or undo it. Writes through
 * `fs/write_text_file` are recorded exactly; changes made by the agent's own tools are reported
 * by a workspace watcher with the best "before" it can find (undo is offered only when known).
 */
import type { ThreadAction } from "../../shared/threadActions";

export interface ReviewFiles {
  writeThroughEditor(path: string, content: string): Promise<void>;
  deleteFile(path: string): Promise<void>;
  readDisk(path: string): Promise<string | undefined>;
}

interface Recorded {
  /** undefined = the file did not exist. */
  readonly before: string | undefined;
  readonly beforeKnown: boolean;
  after: string;
}

export class ChangeReview {
  private readonly files = new Map<string, Recorded>();
  /**
   * Files the user kept or undid since the turn: the file events of an undo (or of the agent's
   * own write) may still arrive in the watcher's grace period, and must not list them again.
   */
  private readonly resolved = new Set<string>();

  constructor(
    private readonly dispatch: (action: ThreadAction) => void,
    private readonly io: ReviewFiles,
  ) {}

  /** A change with a known previous content (`undefined` = the file was created). */
  record(path: string, before: string | undefined, after: string, beforeKnown = true): void {
    this.resolved.delete(path);
    const existing = this.files.get(path);
    const entry: Recorded = existing ? { ...existing, after } : { before, beforeKnown, after };
    this.files.set(path, entry);
    const { additions, deletions } = countLineChanges(entry.before ?? "", after);
    this.dispatch({
      type: "review/recorded",
      path,
      additions,
      deletions,
      created: entry.before === undefined && entry.beforeKnown,
      undoable: entry.beforeKnown,
    });
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** Kept or undone since the current turn started (see `resolved`). */
  wasResolved(path: string): boolean {
    return this.resolved.has(path);
  }

  /** A new turn: changes from now on are new, even to files resolved before. */
  forgetResolved(): void {
    this.resolved.clear();
  }

  /** The before/after pair for the diff editor. */
  diff(path: string): { before: string; after: string } | undefined {
    const entry = this.files.get(path);
    return entry ? { before: entry.before ?? "", after: entry.after } : undefined;
  }

  keep(path: string): void {
    if (!this.files.delete(path)) return;
    this.resolved.add(path);
    this.dispatch({ type: "review/resolved", path, state: "kept" });
  }

  /** Restores the previous content (or deletes a created file), through the editor so it can be redone. */
  async undo(path: string): Promise<void> {
    const entry = this.files.get(path);
    if (!entry?.beforeKnown)
      throw new Error(`The previous content of ${path} is not known, so the change cannot be undone here.`);
    if (entry.before === undefined) await this.io.deleteFile(path);
    else await this.io.writeThroughEditor(path, entry.before);
    this.files.delete(path);
    this.resolved.add(path);
    this.dispatch({ type: "review/resolved", path, state: "undone" });
  }

  /** A new turn starts a new review; unresolved files stay listed. */
  resolvedPaths(): string[] {
    return [...this.files.keys()];
  }
}

/**
 * Added and removed line counts: common head and tail trimmed, then an LCS over what is left
 * (bounded; a very large middle is counted as replaced whole).
 */
export function countLineChanges(before: string, after: string): { additions: number; deletions: number } {
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  const common = n * m <= 4_000_000 ? lcsLength(a.slice(start, endA), b.slice(start, endB)) : 0;
  return { additions: m - common, deletions: n - common };
}

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
function lines(text: string): string[] {
  if (text === "") return [];
  const all = text.split("\n");
  if (all.at(-1) === "") all.pop();
  return all;
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}
