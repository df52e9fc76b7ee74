/**
 * Keeps the webview's replica in sync with the active tab's PanelStore (see src/shared/wire/protocol.ts):
 * a `state/snapshot` at seq N, then the store's actions as `state/actions` batches numbered N+1,
 * N+2, …, posted at most every `flushMs`. The first action after a quiet spell (no action for
 * `flushMs`) goes out as soon as the event loop turn that brought it is over, not `flushMs` later:
 * the first chunk of a reply is the one the user waits for. What follows it closely (a stream) is
 * batched as before.
 *
 * A held replay (`session/load` streaming a session's history) is not streamed: its actions are
 * left out and one snapshot follows when it ends, so the webview renders the loaded thread once
 * instead of growing it update by update. The snapshot's seq covers the skipped actions, so the
 * numbering the webview checks has no gap. Each batch merges its runs of text chunks
 * (coalesceChunks) and says which seq it ends at.
 *
 * Flow control: at most two batches are in flight. The webview acknowledges a batch once it has
 * rendered it (`state/ack`); until then new actions pile up in `pending` and go out together.
 * Two, not one: the first chunk of a reply must not wait for the ack of the turn's start, which
 * comes late while the workbench handles the Send click and the host reads the agent's burst.
 * And a reply's first output (its first message or thought chunk, tool call or plan after
 * `turn/started`) may take one slot more, once per turn: a turn's start is often two batches
 * (`turn/started`, then `checkpoint/taken`), both unacknowledged when that output comes, and in a
 * tool storm the first chunk waited 70 ms for the ack with hundreds of actions piling up behind it.
 * Not every action after a quiet spell: a flood is folded once per read, often more than
 * `flushMs` apart, and a third batch in flight there makes smaller batches, each rendered.
 * In code-server the webview shares its main thread with the workbench that relays every
 * message, so a stream of small batches would be delivered one per (long) frame; this way each
 * frame takes everything that arrived while the previous one rendered. An ack that does not come
 * within `ackTimeoutMs` (a hidden webview renders nothing, an old one never acks) releases the
 * next batch anyway: flow control slows nothing down beyond that.
 *
 * A long thread's snapshot goes out in steps: first its last `TAIL_ENTRIES` entries
 * (threadTail), which the webview renders at once; then, each time the webview acknowledges a
 * render (or after `ackTimeoutMs`), the next `HISTORY_SLICE_ENTRIES` older entries
 * (`state/history`, threadHistory.ts), nearest the tail first. A loaded session is readable and
 * the composer usable while megabytes of history still cross to the webview, and no single
 * message makes VS Code and the webview decode the whole thread in one task. If an action since
 * the tail touched an entry the webview does not hold yet, the whole thread goes instead.
 */
import { coalesceChunks } from "../../shared/wire/coalesceChunks";
import { FirstReplyOutput } from "../../shared/wire/replyOutput";
import type { PanelAction } from "../../shared/wire/panelState";
import type { HostMessage } from "../../shared/wire/protocol";
import { threadTail } from "../../shared/thread/threadTail";
import { historyIntact, historySlice } from "../../shared/thread/threadHistory";
import type { ThreadEntry } from "../../shared/thread/thread";
import type { PanelStore } from "./panelStore";

/** Threads with more entries than this are sent as their tail first. */
export const TAIL_ENTRIES = 60;
/** Older entries per `state/history` message (a few hundred KB for typical entries). */
export const HISTORY_SLICE_ENTRIES = 250;

type Post = (message: Extract<HostMessage, { type: "state/snapshot" | "state/actions" | "state/history" }>) => void;

/** A tail went out: older entries follow. */
interface HistoryProgress {
  /** The host's entries when the tail went out (historyIntact compares with them). */
  readonly base: readonly ThreadEntry[];
  /** The webview holds the thread from this host position on (once the last post arrives). */
  held: number;
  /** The tail's seq until its ack; the next slice waits for an ack of it, or of the last slice. */
  tailSeq: number | undefined;
  timer: ReturnType<typeof setTimeout>;
}

export class ReplicaFeed {
  private synced = false;
  private pending: PanelAction[] = [];
  private pendingFirstSeq = 0;
  private flushTimer: { cancel(): void } | undefined;
  /** performance.now() when the last action came. */
  private lastActionAt = Number.NEGATIVE_INFINITY;
  /** The last seq of each posted batch the webview has not acknowledged, oldest first. */
  private inFlight: number[] = [];
  private ackTimer: ReturnType<typeof setTimeout> | undefined;
  /** A tail went out and older entries are still to follow. */
  private history: HistoryProgress | undefined;
  private bound: { store: PanelStore; subscriptions: Array<{ dispose(): void }> } | undefined;

  /**
   * `flushMs`: streamed actions are posted in batches at most this often. `ackTimeoutMs`: how long
   * an unacknowledged batch holds back the next one.
   */
  constructor(
    private readonly post: Post,
    private readonly flushMs = 8,
    private readonly ackTimeoutMs = 400,
    private readonly maxInFlight = 2,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Picks out the enqueued reply's first output. */
  private readonly replyStart = new FirstReplyOutput();
  /** The reply's first output is in `pending`: the batch that takes it may use the slot kept for it. */
  private firstOutputPending = false;

  /** True once a snapshot went out (until `unsync`): actions are streamed. */
  get isSynced(): boolean {
    return this.synced;
  }

  /** Follows `store` (the active tab's), or none. Send a snapshot after switching. */
  bind(store: PanelStore | undefined): void {
    if (this.bound?.store === store) return;
    for (const subscription of this.bound?.subscriptions ?? []) subscription.dispose();
    this.dropPending();
    this.replyStart.reset();
    this.settleAcks();
    this.clearHistory();
    this.bound = store
      ? {
          store,
          subscriptions: [
            store.subscribe((action, seq, replayed) => this.enqueue(store, action, seq, replayed)),
            store.onDidReplay(() => {
              if (this.synced && this.bound?.store === store) this.snapshot();
            }),
          ],
        }
      : undefined;
  }

  /** Sends a snapshot of the bound store; its actions are streamed from then on. */
  snapshot(): void {
    this.dropPending();
    this.clearHistory();
    const store = this.bound?.store;
    if (!store) return;
    this.synced = true;
    // Not waited for: batches that follow a snapshot go out as they come.
    this.settleAcks();
    const { state, seq } = store;
    if (state.thread.entries.length <= TAIL_ENTRIES) {
      this.post({ type: "state/snapshot", seq, state });
      return;
    }
    const tail = threadTail(state.thread, TAIL_ENTRIES);
    this.history = {
      base: state.thread.entries,
      held: tail.omittedEntries ?? 0,
      tailSeq: seq,
      timer: setTimeout(() => this.sendHistory(), this.ackTimeoutMs),
    };
    this.post({ type: "state/snapshot", seq, state: { ...state, thread: tail } });
  }

  /**
   * The webview has rendered everything up to `seq` (and, with `history`, holds the thread from
   * that position on): the next batch, or the next slice of history, may go.
   */
  acknowledge(seq: number, history?: number): void {
    const progress = this.history;
    if (progress && (progress.tailSeq === undefined ? history === progress.held : seq >= progress.tailSeq))
      this.sendHistory();
    const waiting = this.inFlight.filter((end) => end > seq);
    if (waiting.length === this.inFlight.length) return;
    this.inFlight = waiting;
    this.clearAckTimer();
    if (waiting.length > 0) this.startAckTimer();
    if (this.pending.length > 0 && !this.flushTimer) this.flush();
  }

  /** The webview is gone or reloading: nothing is posted until it asks for a snapshot. */
  unsync(): void {
    this.synced = false;
    this.dropPending();
    this.settleAcks();
    this.clearHistory();
  }

  dispose(): void {
    this.bind(undefined);
    this.flushTimer?.cancel();
    this.flushTimer = undefined;
    this.clearAckTimer();
  }

  /** The next slice of older entries; the whole thread instead if the webview's tail went stale. */
  private sendHistory(): void {
    const progress = this.history;
    const store = this.bound?.store;
    if (!progress || !store || !this.synced) return this.clearHistory();
    clearTimeout(progress.timer);
    const { thread } = store.state;
    if (!historyIntact(progress.base, thread.entries, progress.held)) return this.sendWhole();
    const end = progress.held;
    const start = Math.max(0, end - HISTORY_SLICE_ENTRIES);
    // Moved on before posting: the post may come back as an ack at once (a synchronous webview).
    progress.held = start;
    progress.tailSeq = undefined;
    if (start === 0) this.history = undefined;
    else progress.timer = setTimeout(() => this.sendHistory(), this.ackTimeoutMs);
    this.post({ type: "state/history", ...historySlice(thread, start, end) });
  }

  /** The whole thread; it supersedes the tail and any batch numbered before it. */
  private sendWhole(): void {
    this.clearHistory();
    const store = this.bound?.store;
    if (!store || !this.synced) return;
    this.dropPending();
    this.settleAcks();
    this.post({ type: "state/snapshot", seq: store.seq, state: store.state });
  }

  private clearHistory(): void {
    if (this.history) clearTimeout(this.history.timer);
    this.history = undefined;
  }

  /** Room for another batch: `maxInFlight`, and one more for a reply's first output. */
  private get canPost(): boolean {
    return this.inFlight.length < this.maxInFlight + (this.firstOutputPending ? 1 : 0);
  }

  private enqueue(store: PanelStore, action: PanelAction, seq: number, replayed: boolean): void {
    // Not synced: the next snapshot carries it. Replayed: the snapshot at the replay's end does.
    if (!this.synced || replayed || this.bound?.store !== store) return;
    const now = this.now();
    const quiet = now - this.lastActionAt >= this.flushMs;
    this.lastActionAt = now;
    if (this.pending.length === 0) this.pendingFirstSeq = seq;
    this.pending.push(action);
    if (this.replyStart.isFirst(action)) this.firstOutputPending = true;
    if (this.flushTimer || !this.canPost) return;
    // After a quiet spell: once the actions this turn of the event loop brings are in.
    this.flushTimer = quiet ? afterThisTurn(() => this.flush()) : after(this.flushMs, () => this.flush());
  }

  private flush(): void {
    this.flushTimer = undefined;
    if (this.pending.length === 0 || !this.canPost) return;
    this.firstOutputPending = false;
    const through = this.pendingFirstSeq + this.pending.length - 1;
    const actions = coalesceChunks(this.pending);
    this.pending = [];
    this.inFlight.push(through);
    if (!this.ackTimer) this.startAckTimer();
    // A failed post leaves a gap; the webview notices it and asks for a snapshot.
    this.post({ type: "state/actions", seq: this.pendingFirstSeq, through, actions });
  }

  /** What waits is superseded (a snapshot carries it, or nothing is posted). */
  private dropPending(): void {
    this.pending = [];
    this.firstOutputPending = false;
  }

  /** Nothing in flight (a snapshot supersedes what was). */
  private settleAcks(): void {
    this.inFlight = [];
    this.clearAckTimer();
  }

  /** Counts everything in flight as acknowledged if the webview stays silent. */
  private startAckTimer(): void {
    this.ackTimer = setTimeout(() => {
      this.ackTimer = undefined;
      this.acknowledge(this.inFlight.at(-1) ?? 0);
    }, this.ackTimeoutMs);
  }

  private clearAckTimer(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
  }
}

function after(ms: number, callback: () => void): { cancel(): void } {
  const timer = setTimeout(callback, ms);
  return { cancel: () => clearTimeout(timer) };
}

function afterThisTurn(callback: () => void): { cancel(): void } {
  const immediate = setImmediate(callback);
  return { cancel: () => clearImmediate(immediate) };
}
