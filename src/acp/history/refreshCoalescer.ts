/**
 * When the history index catches up with a conversation that keeps changing. The journal writes
 * a streaming tab every quarter second, and indexing a conversation reads and folds its whole
 * journal and puts all its text again: a 2,000-entry conversation is megabytes each time. So a
 * key is refreshed once it has been quiet for `quietMs`, or `maxWaitMs` after its first change
 * while it keeps changing (a long turn is still indexed as it goes), once per burst either way.
 * `flush` refreshes every waiting key at once: a search calls it, so it never misses a change.
 */
import { type Clock, systemClock, type Timer } from "../ports";

/** A conversation is indexed this long after its last change… */
export const REFRESH_QUIET_MS = 2_000;
/** …or this long after its first, if it never goes quiet. */
export const REFRESH_MAX_WAIT_MS = 20_000;

export class RefreshCoalescer {
  private readonly waiting = new Map<string, { readonly since: number; timer: Timer }>();

  constructor(
    private readonly refresh: (key: string) => void,
    private readonly clock: Clock = systemClock,
    private readonly quietMs = REFRESH_QUIET_MS,
    private readonly maxWaitMs = REFRESH_MAX_WAIT_MS,
  ) {}

  /** `key` changed: refresh it once the changes stop (or the wait is over). */
  changed(key: string): void {
    const now = this.clock.now();
    const entry = this.waiting.get(key);
    entry?.timer.cancel();
    const since = entry?.since ?? now;
    const delay = Math.max(0, Math.min(this.quietMs, since + this.maxWaitMs - now));
    // Background: a pending refresh must not keep a process alive; the next start catches up.
    const timer = this.clock.schedule(delay, () => this.fire(key), { background: true });
    this.waiting.set(key, { since, timer });
  }

  /** Refreshes every waiting key now. */
  flush(): void {
    for (const key of [...this.waiting.keys()]) this.fire(key);
  }

  /** Forgets what waits (disposal): the index catches up at the next start. */
  cancel(): void {
    for (const { timer } of this.waiting.values()) timer.cancel();
    this.waiting.clear();
  }

  get pending(): number {
    return this.waiting.size;
  }

  private fire(key: string): void {
    const entry = this.waiting.get(key);
    if (!entry) return;
    entry.timer.cancel();
    this.waiting.delete(key);
    this.refresh(key);
  }
}
