/**
 * A conversation's journal is never discarded at once. Pruning to the disk budget and Delete
 * Session… set the file aside: it is renamed (one atomic rename, the bytes untouched) to
 * `retired/<epoch ms>.<reason>.<key>.jsonl`, where Bring back / Undo renames it back for a day
 * (RETIRED_JOURNAL_GRACE_MS, like checkpoints' refs/acp-retired). Only a purge after that day
 * unlinks it.
 *
 * Budget contract: retired files are not counted against the disk budget (they leave within the
 * day), so setting one aside always brings the live total down and a prune ends. A conversation
 * brought back is listed in `retired/kept.log` and is not pruned again within the grace period:
 * otherwise the next prune would set it aside again, and Bring back would never hold.
 */
import { join } from "node:path";
import { errorCode, journalFile, type JournalFs } from "./journalFs";

/** How long a pruned or deleted conversation can still be brought back. */
export const RETIRED_JOURNAL_GRACE_MS = 24 * 60 * 60 * 1000;
export const RETIRED_DIR = "retired";
const KEPT_LEDGER = "kept.log";

export type RetireReason = "pruned" | "deleted";

export interface RetiredJournal {
  readonly key: string;
  readonly reason: RetireReason;
  /** Epoch milliseconds it was set aside. */
  readonly at: number;
  readonly bytes: number;
  readonly path: string;
}

const NAME = /^(\d+)\.(pruned|deleted)\.([A-Za-z0-9_-]+)\.jsonl$/;
/** A live file Bring back moved aside to merge it after the retired bytes. */
const MERGING = /^(\d+)\.merging\.([A-Za-z0-9_-]+)\.tmp$/;
/** A merging file older than this was left by a crash (a Bring back in flight takes milliseconds). */
const STRANDED_AFTER_MS = 60_000;

export class RetiredJournals {
  readonly dir: string;

  constructor(
    private readonly fs: JournalFs,
    private readonly liveDir: string,
    private readonly now: () => number,
  ) {
    this.dir = join(liveDir, RETIRED_DIR);
  }

  /** Sets the live journal of `key` aside; undefined when it has none. */
  async retire(key: string, reason: RetireReason): Promise<RetiredJournal | undefined> {
    const live = journalFile(this.liveDir, key);
    const stat = await this.fs.stat(live).catch(() => undefined);
    if (!stat) return undefined;
    await this.fs.mkdir(this.dir);
    // Unique per conversation, whatever the reason: Bring back takes the newest, so no two may tie.
    // Names only (a prune retires one conversation after another: a stat of each would be quadratic).
    const names = await this.fs.readdir(this.dir).catch(() => [] as string[]);
    const taken = new Set(
      names.flatMap((name) => {
        const match = NAME.exec(name);
        return match && match[3] === key ? [Number(match[1])] : [];
      }),
    );
    let at = Math.floor(this.now());
    while (taken.has(at)) at++;
    const path = this.pathOf(at, reason, key);
    try {
      await this.fs.rename(live, path);
    } catch (error) {
      if (errorCode(error) === "ENOENT") return undefined; // another window set it aside first
      throw error;
    }
    return { key, reason, at, bytes: stat.size, path };
  }

  /** Every retired journal still kept, newest first. */
  async list(): Promise<RetiredJournal[]> {
    let names = await this.fs.readdir(this.dir).catch(() => [] as string[]);
    if (await this.recoverStranded(names)) names = await this.fs.readdir(this.dir).catch(() => [] as string[]);
    const found = await Promise.all(
      names.map(async (name): Promise<RetiredJournal[]> => {
        const match = NAME.exec(name);
        if (!match) return [];
        const path = join(this.dir, name);
        const stat = await this.fs.stat(path).catch(() => undefined);
        if (!stat) return [];
        return [{ key: match[3]!, reason: match[2] as RetireReason, at: Number(match[1]), bytes: stat.size, path }];
      }),
    );
    return found.flat().sort((a, b) => b.at - a.at);
  }

  /**
   * Puts the newest retired journal of `key` back; false when none is kept. When the conversation
   * was written again meanwhile (a new live file), the retired bytes come first and the new ones
   * after them, so the fold sees both in the order they were written.
   */
  async bringBack(key: string): Promise<boolean> {
    const retired = (await this.list()).find((r) => r.key === key);
    if (!retired) return false;
    const live = journalFile(this.liveDir, key);
    // A live file written meanwhile moves aside first, so nothing appended to it is lost.
    const aside = join(this.dir, `${Math.floor(this.now())}.merging.${key}.tmp`);
    const hadLive = await this.fs.rename(live, aside).then(
      () => true,
      () => false,
    );
    try {
      await this.fs.rename(retired.path, live);
    } catch (error) {
      // Another window purged or brought it back first: the live bytes go back where they were.
      if (hadLive) await this.fs.rename(aside, live);
      if (errorCode(error) === "ENOENT") return false;
      throw error;
    }
    if (hadLive) {
      const newer = await this.fs.readFile(aside);
      const old = await this.fs.readFile(live);
      // A retired file cut mid-line (a crash) must not glue its torn tail to the first new record.
      if (newer !== "") await this.fs.append(live, (old === "" || old.endsWith("\n") ? "" : "\n") + newer);
      await this.fs.unlink(aside);
    }
    await this.fs.append(join(this.dir, KEPT_LEDGER), `${JSON.stringify({ key, at: this.now() })}\n`);
    return true;
  }

  /** The conversations brought back within the grace period (a prune leaves them alone). */
  async keptRecently(): Promise<Set<string>> {
    const text = await this.fs.readFile(join(this.dir, KEPT_LEDGER)).catch(() => "");
    const since = this.now() - RETIRED_JOURNAL_GRACE_MS;
    const keys = new Set<string>();
    for (const line of text.split("\n")) {
      try {
        const value = JSON.parse(line) as { key?: unknown; at?: unknown };
        if (typeof value.key === "string" && typeof value.at === "number" && value.at > since) keys.add(value.key);
      } catch {
        // a torn or damaged line: skipped
      }
    }
    return keys;
  }

  /** Unlinks what was set aside a grace period ago or longer; the count purged. */
  async purge(): Promise<number> {
    const expired = (await this.list()).filter((r) => this.now() - r.at >= RETIRED_JOURNAL_GRACE_MS);
    let purged = 0;
    for (const retired of expired) {
      await this.fs.unlink(retired.path).then(
        () => purged++,
        () => undefined,
      );
    }
    return purged;
  }

  /**
   * A merging file a crash left between Bring back's renames goes back to the live file, or, when
   * one was written since, becomes a retired journal (listed, brought back and purged like one).
   * True when it recovered any.
   */
  private async recoverStranded(names: readonly string[]): Promise<boolean> {
    let recovered = false;
    for (const name of names) {
      const match = MERGING.exec(name);
      if (!match || this.now() - Number(match[1]) < STRANDED_AFTER_MS) continue;
      const key = match[2]!;
      const live = journalFile(this.liveDir, key);
      const hasLive = await this.fs.stat(live).then(
        () => true,
        () => false,
      );
      let at = Number(match[1]);
      while (names.includes(`${at}.pruned.${key}.jsonl`) || names.includes(`${at}.deleted.${key}.jsonl`)) at++;
      const target = hasLive ? this.pathOf(at, "pruned", key) : live;
      await this.fs.rename(join(this.dir, name), target).then(
        () => (recovered = true),
        () => undefined, // another window recovered it first
      );
    }
    return recovered;
  }

  private pathOf(at: number, reason: RetireReason, key: string): string {
    return join(this.dir, `${at}.${reason}.${key}.jsonl`);
  }
}
