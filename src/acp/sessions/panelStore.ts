/**
 * The host's canonical panel state. Every change is an action, numbered in sequence, so webview
 * replicas can fold the same actions and notice a gap.
 *
 * A replay (the history `session/load` streams back) is held: the actions dispatched meanwhile are
 * queued and folded as one batch (one copy of the thread, not one per update) when the hold ends,
 * or earlier if someone reads `state` or `seq`, so readers always see every action dispatched so far.
 *
 * What the agent streams comes in through `stream`: plain text chunks wait until the current task
 * ends (a microtask) and are folded as their merged runs (coalesceChunks), so a flood of chunks
 * costs the reducer and every listener one action per read from the agent, not one per chunk.
 * Anything else, and any read of `state` or `seq`, folds the waiting chunks first: the order of
 * actions and what readers see are as if each chunk had been dispatched on its own.
 */
import {
  type PanelAction,
  type PanelState,
  initialPanelState,
  reducePanel,
  reducePanelBatch,
} from "../../shared/wire/panelState";
import { coalesceChunks, isMergeableChunk } from "../../shared/wire/coalesceChunks";

/** `replayed`: the action came from a held replay; a snapshot follows when the replay ends. */
export type ActionListener = (action: PanelAction, seq: number, replayed: boolean) => void;

export class PanelStore {
  private current: PanelState = initialPanelState;
  private lastSeq = 0;
  private holds = 0;
  private held: PanelAction[] = [];
  private folding = false;
  /** Streamed text chunks not folded yet (folded at the end of the task, or before anything else). */
  private streamed: PanelAction[] = [];
  private readonly listeners = new Set<ActionListener>();
  private readonly replayListeners = new Set<() => void>();

  get state(): PanelState {
    this.foldStreamed();
    this.foldHeld();
    return this.current;
  }

  /** The number of the last action applied; a snapshot taken now is "at" this number. */
  get seq(): number {
    this.foldStreamed();
    this.foldHeld();
    return this.lastSeq;
  }

  /** True while a replay is held. */
  get isReplaying(): boolean {
    return this.holds > 0;
  }

  dispatch(action: PanelAction): void {
    this.foldStreamed();
    if (this.holds > 0) {
      this.held.push(action);
      return;
    }
    this.current = reducePanel(this.current, action);
    this.lastSeq += 1;
    for (const listener of this.listeners) listener(action, this.lastSeq, false);
  }

  /** Like `dispatch`, for what the agent streams: text chunks are merged within a task (see above). */
  stream(action: PanelAction): void {
    if (this.holds > 0 || !isMergeableChunk(action)) return this.dispatch(action);
    if (this.streamed.length === 0) queueMicrotask(() => this.foldStreamed());
    this.streamed.push(action);
  }

  /**
   * Holds what is dispatched until the returned function is called (once; later calls do
   * nothing). Then the held actions are folded, listeners hear each of them (`replayed` true), and
   * when no hold is left the `onDidReplay` listeners run.
   */
  holdReplay(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Still held while folding: what listeners dispatch meanwhile joins the batch, in order.
      if (this.holds === 1) this.foldHeld();
      this.holds -= 1;
      if (this.holds === 0) for (const listener of this.replayListeners) listener();
    };
  }

  subscribe(listener: ActionListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Called each time a held replay has ended (its actions folded and announced). */
  onDidReplay(listener: () => void): { dispose(): void } {
    this.replayListeners.add(listener);
    return { dispose: () => this.replayListeners.delete(listener) };
  }

  private foldStreamed(): void {
    if (this.streamed.length === 0) return;
    const actions = coalesceChunks(this.streamed);
    this.streamed = [];
    for (const action of actions) this.dispatch(action);
  }

  private foldHeld(): void {
    if (this.folding || this.held.length === 0) return;
    this.folding = true;
    try {
      while (this.held.length > 0) {
        const batch = this.held;
        this.held = [];
        const first = this.lastSeq + 1;
        this.current = reducePanelBatch(this.current, batch);
        this.lastSeq += batch.length;
        batch.forEach((action, at) => {
          for (const listener of this.listeners) listener(action, first + at, true);
        });
      }
    } finally {
      this.folding = false;
    }
  }
}
